// TokenListStatus: one configured token list (TOKEN_LISTS) as its last read left it, and the operator's view of them.
import { builder } from '../builder';
import type { TokenListStatus } from '../../domain/trust/directory';

const TokenListOutcomeRef = builder.enumType('TokenListOutcome', {
  description: 'What one read of a token list did.',
  values: {
    IMPORTED: { description: 'It passed validation and replaced the list’s previous tokens.' },
    UNCHANGED: { description: 'The same document as the import in use: nothing to replace.' },
    REFUSED: { description: 'It could not be read or failed validation (see `error`): the previous import, if any, stays in use.' },
  },
});

export const TokenListStatusRef = builder.objectRef<TokenListStatus>('TokenListStatus').implement({
  description: 'A token list the token directory is built from, as its last read left it.',
  fields: (t) => ({
    source: t.exposeString('source', { description: '`default`, a file path or a URL, as configured in TOKEN_LISTS.' }),
    name: t.exposeString('name', { description: 'The list’s own name; empty before a first accepted import.' }),
    version: t.exposeString('version', { nullable: true, description: '`major.minor.patch` of the import in use; null before one.' }),
    tokens: t.exposeInt('tokens', { description: 'Tokens of the import in use, on this server’s chains.' }),
    importedAt: t.field({ type: 'Timestamp', nullable: true, description: 'When the import in use was accepted.', resolve: (s) => s.importedAt }),
    checkedAt: t.field({ type: 'Timestamp', nullable: true, description: 'When the list was last read.', resolve: (s) => s.checkedAt }),
    error: t.exposeString('error', { nullable: true, description: 'Why the last read imported nothing; null when it imported or found the list unchanged.' }),
    outcome: t.field({ type: TokenListOutcomeRef, nullable: true, description: 'What the read that answered this did (refreshTokenDirectory); null elsewhere.', resolve: (s) => s.outcome ?? null }),
  }),
});
