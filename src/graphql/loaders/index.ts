// Per-request DataLoaders of the Metadata service: every contract info and token metadata read in one request is batched.
import DataLoader from 'dataloader';
import type { Services } from '../../domain/services';
import { contractKeyOf, type ContractInfo, type ContractKey } from '../../domain/contracts/types';
import { tokenKeyOf, type TokenKey, type TokenMetadata } from '../../domain/token-metadata/types';
import type { Asset } from '../../domain/assets/service';
import type { TokenMedia } from '../../domain/media/types';

/** A hosted collection token, for its uploaded media. */
export type CollectionTokenKey = { collectionId: number; tokenId: string };

export type Loaders = {
  /** Rejects a key with the domain error (Unavailable when the chain does not answer). */
  contractInfo: DataLoader<ContractKey, ContractInfo, string>;
  tokenMetadata: DataLoader<TokenKey, TokenMetadata, string>;
  /** The uploaded media of hosted collection tokens, one statement per collection. */
  assets: DataLoader<CollectionTokenKey, Asset[], string>;
  /** Whether a contract's stored spam verdict is SPAM (domain/trust/verdict-store.ts), one statement per chain. */
  spam: DataLoader<ContractKey, boolean, string>;
  /** The cached media of tokens (their documents given, so a first sight can queue it), one statement per contract. */
  media: DataLoader<TokenMetadata, TokenMedia[], string>;
  /** A contract's own cached image (its contractURI `image`). */
  contractMedia: DataLoader<ContractInfo, TokenMedia[], string>;
  /** Forgets cached answers; a subscription calls this before each event. */
  clear(): void;
};

export const createLoaders = (services: Pick<Services, 'contracts' | 'tokenMetadata' | 'assets' | 'media' | 'verdictStore'>): Loaders => {
  const contractInfo = new DataLoader<ContractKey, ContractInfo, string>((keys) => services.contracts.getMany([...keys]), {
    cacheKeyFn: contractKeyOf,
  });
  const tokenMetadata = new DataLoader<TokenKey, TokenMetadata, string>((keys) => services.tokenMetadata.getMany([...keys]), {
    cacheKeyFn: tokenKeyOf,
  });
  const assets = new DataLoader<CollectionTokenKey, Asset[], string>(
    async (keys) => {
      const byCollection = new Map<number, string[]>();
      for (const k of keys) byCollection.set(k.collectionId, [...(byCollection.get(k.collectionId) ?? []), k.tokenId]);
      const found = new Map<string, Asset[]>();
      for (const [collectionId, tokenIds] of byCollection) {
        for (const [tokenId, list] of await services.assets.ofTokens(collectionId, [...new Set(tokenIds)])) found.set(`${collectionId}:${tokenId}`, list);
      }
      return keys.map((k) => found.get(`${k.collectionId}:${k.tokenId}`) ?? []);
    },
    { cacheKeyFn: (k) => `${k.collectionId}:${k.tokenId}` },
  );
  const spam = new DataLoader<ContractKey, boolean, string>(
    async (keys) => {
      const found = await services.verdictStore.spamAmong([...keys]);
      return keys.map((k) => found.has(contractKeyOf(k)));
    },
    { cacheKeyFn: contractKeyOf },
  );
  const mediaKey = (t: TokenMetadata) => tokenKeyOf({ chainId: t.chainId, contract: t.contractAddress, tokenId: t.tokenId });
  const media = new DataLoader<TokenMetadata, TokenMedia[], string>(
    async (metas) => {
      const found = await services.media.ofTokens([...metas]);
      return metas.map((t) => found.get(mediaKey(t)) ?? []);
    },
    { cacheKeyFn: mediaKey },
  );
  const contractMedia = new DataLoader<ContractInfo, TokenMedia[], string>(
    async (infos) => {
      const found = await services.media.ofContracts([...infos]);
      return infos.map((c) => found.get(contractKeyOf(c)) ?? []);
    },
    { cacheKeyFn: (c) => contractKeyOf(c) },
  );
  return {
    contractInfo,
    tokenMetadata,
    assets,
    media,
    contractMedia,
    spam,
    clear() {
      contractInfo.clearAll();
      spam.clearAll();
      tokenMetadata.clearAll();
      assets.clearAll();
      media.clearAll();
      contractMedia.clearAll();
    },
  };
};

type WithLoaders = { loaders: Loaders };

/**
 * Contract info for nested fields (e.g. the Indexer's `contractInfo`): null when it cannot be read
 * now (node down), so one bad contract does not fail a whole balance list. Any address case.
 */
export const loadContractInfo = async (ctx: WithLoaders, chainId: number, address: string): Promise<ContractInfo | null> => {
  try {
    return await ctx.loaders.contractInfo.load({ chainId, address: address.toLowerCase() });
  } catch {
    return null;
  }
};

/** Token metadata for nested fields; `tokenId` is a decimal string. Never fails per token (status says why). */
export const loadTokenMetadata = (ctx: WithLoaders, chainId: number, contract: string, tokenId: string): Promise<TokenMetadata> =>
  ctx.loaders.tokenMetadata.load({ chainId, contract: contract.toLowerCase(), tokenId });

/** Loads every key in one batch; throws the first error, if any. */
export const loadAll = async <K, V>(loader: DataLoader<K, V, string>, keys: readonly K[]): Promise<V[]> => {
  const values = await loader.loadMany(keys);
  const failed = values.find((v): v is Error => v instanceof Error);
  if (failed) throw failed;
  return values as V[];
};
