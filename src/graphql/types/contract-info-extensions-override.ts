// ContractInfoExtensionsOverride: the extensions fields an operator's override sets.
import { builder } from '../builder';
import type { ExtensionsOverride } from '../../domain/contracts/types';

export const ContractInfoExtensionsOverrideRef = builder.objectRef<ExtensionsOverride>('ContractInfoExtensionsOverride').implement({
  description: 'Null fields are not overridden.',
  fields: (t) => ({
    link: t.string({ nullable: true, description: 'Replaces extensions.link.', resolve: (e) => e.link ?? null }),
    description: t.string({ nullable: true, description: 'Replaces extensions.description.', resolve: (e) => e.description ?? null }),
    categories: t.stringList({ nullable: true, description: 'Categories kept with the override (ContractInfo has no such field).', resolve: (e) => e.categories ?? null }),
    ogImage: t.string({ nullable: true, description: 'Replaces extensions.ogImage.', resolve: (e) => e.ogImage ?? null }),
    ogName: t.string({ nullable: true, description: 'Replaces extensions.ogName.', resolve: (e) => e.ogName ?? null }),
    originChainId: t.int({ nullable: true, description: 'Replaces extensions.originChainId.', resolve: (e) => e.originChainId ?? null }),
    originAddress: t.string({ nullable: true, description: 'Replaces extensions.originAddress.', resolve: (e) => e.originAddress ?? null }),
    blacklist: t.boolean({ nullable: true, description: 'Replaces extensions.blacklist (searches follow it).', resolve: (e) => e.blacklist ?? null }),
    verified: t.boolean({ nullable: true, description: 'Replaces extensions.verified.', resolve: (e) => e.verified ?? null }),
    verifiedBy: t.string({ nullable: true, description: 'Replaces extensions.verifiedBy.', resolve: (e) => e.verifiedBy ?? null }),
    featureIndex: t.int({ nullable: true, description: 'Above 0 makes the contract featured, 0 not featured.', resolve: (e) => e.featureIndex ?? null }),
  }),
});
