// What Strata trusts (#42): the token lists the token directory is built from (TOKEN_LISTS: the shipped default list,
// files, http(s) URLs), how often they are read again, and the bounds of one read; and the stored spam verdicts
// (SPAM_VERDICTS) the balance and history filters read.
import { z } from 'zod';
import { onOff } from './edge';

export type TrustConfig = Readonly<{
  /**
   * The token lists, in order of precedence (the first list naming a token gives its name, symbol, decimals and logo):
   * `default` (the list shipped as the npm package @uniswap/default-token-list, read from node_modules), an absolute or
   * relative file path, or an http(s) URL. Empty: no list (the operator's curation alone).
   */
  tokenLists: readonly string[];
  /** How often every list is read again, in seconds; 0: only at start and on request (RefreshTokenDirectory). */
  refreshSeconds: number;
  /** Largest list document read, in bytes. */
  maxBytes: number;
  /** One read of a list URL, redirects and body included, in ms. */
  timeoutMs: number;
  /** Hosts list URLs may name despite the private-address guard (a list on the operator's own network, tests). */
  allowHosts: readonly string[];
  /** Stored spam verdicts (domain/trust/verdict-store.ts), kept by a worker where the Metadata services run. */
  verdicts: Readonly<{ enabled: boolean; pollMs: number }>;
}>;

const listOf = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

export const trustEnvSchema = {
  TOKEN_LISTS: z
    .string()
    .trim()
    .default('default')
    .superRefine((v, ctx) => {
      if (v === 'none') return;
      for (const s of listOf(v)) {
        if (s === 'default' || /^https?:\/\/\S+$/.test(s) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) continue;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${s.slice(0, 80)}" is neither default, a file path nor an http(s) URL` });
      }
    }),
  TOKEN_LISTS_REFRESH_SECONDS: z.coerce.number().int().min(0).max(7 * 86_400).default(21_600),
  TOKEN_LISTS_MAX_BYTES: z.coerce.number().int().min(1024).max(100 * 1_048_576).default(10 * 1_048_576),
  TOKEN_LISTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  TOKEN_LISTS_ALLOW_HOSTS: z.string().trim().default(''),
  SPAM_VERDICTS: onOff,
  SPAM_VERDICTS_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
};

type TrustEnv = z.infer<z.ZodObject<typeof trustEnvSchema>>;

export const trustConfigOf = (e: TrustEnv): TrustConfig =>
  Object.freeze({
    tokenLists: Object.freeze(e.TOKEN_LISTS === 'none' ? [] : [...new Set(listOf(e.TOKEN_LISTS))]),
    refreshSeconds: e.TOKEN_LISTS_REFRESH_SECONDS,
    maxBytes: e.TOKEN_LISTS_MAX_BYTES,
    timeoutMs: e.TOKEN_LISTS_TIMEOUT_MS,
    allowHosts: Object.freeze(listOf(e.TOKEN_LISTS_ALLOW_HOSTS)),
    verdicts: Object.freeze({ enabled: e.SPAM_VERDICTS ?? false, pollMs: e.SPAM_VERDICTS_POLL_MS }),
  });
