// Where a token list is read from: `default` (the list shipped in the npm package @uniswap/default-token-list, read
// from node_modules, never from the network), a file, or an http(s) URL read through the safe fetcher (the private
// address guard, size and time bounds of src/web). A read that fails says why; it never yields a partial document.
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { TrustConfig } from '../../config';
import { WebError, createSafeFetcher, type FetchPolicy, type SafeFetcher } from '../../web';
import { TokenListError } from './token-list';

export const DEFAULT_LIST = 'default';
export const DEFAULT_LIST_PACKAGE = '@uniswap/default-token-list';

/** A fixed-width key for a configured source. */
export const listKeyOf = (source: string) => crypto.createHash('sha256').update(source).digest('hex');

export const isUrlSource = (source: string) => /^https?:\/\//i.test(source);

/** The file the default list is read from. */
export const defaultListPath = (): string => require.resolve(DEFAULT_LIST_PACKAGE);

export type ListReader = {
  /** The document's text; TokenListError when it cannot be read (missing, too large, refused, failed). */
  read(source: string): Promise<string>;
  close(): Promise<void>;
};

export const createListReader = (settings: Pick<TrustConfig, 'maxBytes' | 'timeoutMs' | 'allowHosts'>, policy: Partial<FetchPolicy> = {}): ListReader => {
  let fetcher: SafeFetcher | null = null;
  const web = () =>
    (fetcher ??= createSafeFetcher({
      allowHosts: [...settings.allowHosts],
      connectTimeoutMs: Math.min(5_000, settings.timeoutMs),
      totalTimeoutMs: settings.timeoutMs,
      maxBytes: settings.maxBytes,
      perHostConcurrency: 2,
      userAgent: 'Strata/0.1 (token list reader)',
      ...policy,
    }));

  const readFile = async (file: string) => {
    let size: number;
    try {
      size = (await fs.stat(file)).size;
    } catch (err) {
      throw new TokenListError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    if (size > settings.maxBytes) throw new TokenListError(`${file} is ${size} bytes, larger than TOKEN_LISTS_MAX_BYTES (${settings.maxBytes})`);
    return fs.readFile(file, 'utf8');
  };

  return {
    async read(source) {
      if (source === DEFAULT_LIST) {
        let file: string;
        try {
          file = defaultListPath();
        } catch {
          throw new TokenListError(`the default list's package ${DEFAULT_LIST_PACKAGE} is not installed`);
        }
        return readFile(file);
      }
      if (!isUrlSource(source)) return readFile(path.resolve(source));
      try {
        const res = await web().fetchText(source);
        return res.body;
      } catch (err) {
        if (err instanceof WebError) throw new TokenListError(err.message);
        throw err;
      }
    },
    async close() {
      await fetcher?.close();
    },
  };
};
