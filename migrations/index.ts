// The ordered list of migrations. Migrations are timestamped and never edited once landed.
import { Foundation1763784000000 } from './1763784000000-foundation';
import { ChainData1763787600000 } from './1763787600000-chain-data';

export const migrations = [Foundation1763784000000, ChainData1763787600000];
