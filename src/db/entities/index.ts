// Every entity the DataSource knows; add new ones here.
export * from './project';
export * from './access-key';
export * from './collection';
export * from './collection-token';

import { ProjectEntity } from './project';
import { AccessKeyEntity } from './access-key';
import { CollectionEntity } from './collection';
import { CollectionTokenEntity } from './collection-token';

export const entities = [ProjectEntity, AccessKeyEntity, CollectionEntity, CollectionTokenEntity];
