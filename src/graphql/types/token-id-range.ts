// TokenIdRange: consecutive token ids of a contract, both ends included.
import { builder } from '../builder';
import type { TokenIdRange } from '../../domain/indexer/token-ids';

export const TokenIdRangeRef = builder.objectRef<TokenIdRange>('TokenIdRange').implement({
  description: 'The token ids from start to end, each of them held by someone.',
  fields: (t) => ({
    start: t.field({ type: 'BigInt', description: 'The first id of the range.', resolve: (r) => r.start }),
    end: t.field({ type: 'BigInt', description: 'The last id of the range (equal to start for a single id).', resolve: (r) => r.end }),
  }),
});
