// One token's metadata from its chain and the web: tokenURI (ERC-721, ERC-6909) / uri(id) with {id}, every URI scheme, normalised.
import type { ChainRegistry } from '../../chain/registry';
import { readERC1155Uri, readTokenURI } from '../../chain';
import { expandErc1155Id, fetchTokenMetadataDocument, type NormalizedTokenMetadata } from '../../web';
import type { MetadataWeb } from '../metadata-fetch/web';
import type { ContractKind } from '../contracts/types';
import type { TokenKey } from './types';

/** A failure worth recording (with backoff), with the message shown to callers. */
export class TokenFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenFetchError';
  }
}

/** The token's URI from its contract; ERC-1155 `{id}` becomes 64 hex digits. */
export const readTokenUri = async (registry: ChainRegistry, k: TokenKey, type: ContractKind): Promise<string | null> => {
  const client = await registry.client(k.chainId);
  const id = BigInt(k.tokenId);
  if (type === 'ERC721') return readTokenURI(client, k.contract, id);
  if (type === 'ERC6909') {
    // Its content URI extension names the getter as ERC-721 does (the same selector); an `{id}` in the answer is the
    // client's to substitute, as ERC-1155's (a literal `{id}` could never be fetched anyway).
    const uri = await readTokenURI(client, k.contract, id);
    return uri && expandErc1155Id(uri, id);
  }
  if (type === 'ERC1155') {
    const uri = await readERC1155Uri(client, k.contract, id);
    return uri && expandErc1155Id(uri, id);
  }
  // No ERC-165 answer: try both standards' getters.
  const uri = (await readTokenURI(client, k.contract, id)) ?? (await readERC1155Uri(client, k.contract, id));
  return uri && expandErc1155Id(uri, id);
};

export const fetchTokenDocument = async (
  web: MetadataWeb,
  uri: string,
  tokenId: string,
): Promise<NormalizedTokenMetadata> => fetchTokenMetadataDocument(web.fetcher, uri, web.gateways, tokenId);
