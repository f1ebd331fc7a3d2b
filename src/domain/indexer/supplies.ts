// What exists of a contract's tokens, per chain: each token id with its supply in numeric order, a map of requested
// contracts and token ids, and the contract's type. Collectibles from the indexed balances; an ERC-20 from the chain.
import type { ChainRegistry } from '../../chain/registry';
import { readTotalSupply, type Hex } from '../../chain';
import { ContractEntity, dialectOf, readQuery, toBytes, type Db } from '../../db';
import { encodeCursor, type Page, type ResolvedPage } from '../paging';
import type { Keyset } from './cursor';
import { countHolders, isFungible, readSupplies, type TokenSupply } from './holders';
import { Where, exactSumColumns, exactSumOf, positive } from './sql';
import type { ContractType } from './types';

type ChainReads = Pick<ChainRegistry, 'client'>;

/** Token ids compare as numbers: by their number of digits, then as text (they are canonical decimals). */
export const tokenIdLength = (db: Db, column: string) => (dialectOf(db) === 'mysql' ? `CHAR_LENGTH(${column})` : `length(${column})`);

const numericKey = (db: Db): Keyset => ({ tag: 'n1', columns: [tokenIdLength(db, 'b.token_id'), 'b.token_id'], types: ['number', 'string'] });

/**
 * The contract's type as classified when ingestion first saw it; a contract not classified (yet) whose balances carry
 * no token id reads ERC20, one whose balances carry token ids UNKNOWN.
 */
export const readContractType = async (db: Db, chainId: number, contract: string): Promise<ContractType> => {
  const row = await db.getRepository(ContractEntity).findOneBy({ chainId, address: contract });
  if (row && row.type !== 'UNKNOWN') return row.type;
  return (await isFungible(db, chainId, contract)) ? 'ERC20' : 'UNKNOWN';
};

/**
 * An ERC-20's supply: `totalSupply()` read from the chain; when the node cannot answer (or the contract has no such
 * function), the sum of the indexed balances.
 */
export const readFungibleSupply = async (db: Db, registry: ChainReads, chainId: number, contract: string): Promise<TokenSupply> => {
  let supply: string | null = null;
  try {
    supply = await readTotalSupply(await registry.client(chainId), contract as Hex);
  } catch {
    supply = null;
  }
  if (supply === null) {
    const w = new Where().add('b.chain_id = ?', chainId).add('b.contract = ?', toBytes(contract)).add("b.token_id = ''").add(positive('b.balance'));
    const [row] = await readQuery<Record<string, unknown>>(db, `SELECT ${exactSumColumns(db, 'b.balance')} FROM token_balances b WHERE ${w}`, w.params);
    supply = exactSumOf(row);
  }
  return { chainId, contractAddress: contract, tokenId: '0', supply, holders: await countHolders(db, { chainId, contract, tokenId: '' }) };
};

/** Supply and holders of each token id of a collectible contract that someone holds, in numeric token id order. */
export const readSuppliesInOrder = (db: Db, q: { chainId: number; contract: string; tokenIds?: string[]; page: ResolvedPage }): Promise<Page<TokenSupply>> =>
  readSupplies(db, q, { key: numericKey(db), cursorOf: (id) => [id.length, id] });

export type ContractSupplies = { contractType: ContractType; supplies: Page<TokenSupply> };

/**
 * GetTokenSupplies of one chain: an ERC-20 answers one row (token id 0, its total supply); a collectible contract its
 * token ids that someone holds, in numeric order, paged.
 */
export const readContractSupplies = async (
  db: Db,
  registry: ChainReads,
  q: { chainId: number; contract: string; page: ResolvedPage },
): Promise<ContractSupplies> => {
  const contractType = await readContractType(db, q.chainId, q.contract);
  if (contractType !== 'ERC20') return { contractType, supplies: await readSuppliesInOrder(db, q) };
  const only = await readFungibleSupply(db, registry, q.chainId, q.contract);
  // One row, on the first page only: a cursor past it reads nothing.
  const items = q.page.cursor ? [] : [{ cursor: encodeCursor('n1', [1, '0']), node: only }];
  const supplies: Page<TokenSupply> = {
    items,
    pageSize: q.page.pageSize,
    hasNextPage: false,
    hasPreviousPage: false,
    startCursor: items[0]?.cursor ?? null,
    endCursor: items[0]?.cursor ?? null,
    totalCount: async () => 1,
  };
  return { contractType, supplies };
};

export type SuppliesOfContract = { contractAddress: string; contractType: ContractType; supplies: TokenSupply[] };

/**
 * GetTokenSuppliesMap of one chain: per requested contract, the supply of each requested token id (0 for one nobody
 * holds), in the order asked; an ERC-20 (asked with no token id or with 0) answers its total supply as token id 0.
 */
export const readSuppliesMap = async (
  db: Db,
  registry: ChainReads,
  chainId: number,
  requests: Array<{ contract: string; tokenIds: string[] }>,
): Promise<SuppliesOfContract[]> =>
  Promise.all(
    requests.map(async ({ contract, tokenIds }): Promise<SuppliesOfContract> => {
      const contractType = await readContractType(db, chainId, contract);
      if (contractType === 'ERC20') return { contractAddress: contract, contractType, supplies: [await readFungibleSupply(db, registry, chainId, contract)] };
      if (!tokenIds.length) return { contractAddress: contract, contractType, supplies: [] };
      const page = await readSuppliesInOrder(db, { chainId, contract, tokenIds, page: { pageSize: tokenIds.length, backward: false, cursor: null } });
      const found = new Map(page.items.map((i) => [i.node.tokenId, i.node]));
      const supplies = tokenIds.map((tokenId) => found.get(tokenId) ?? { chainId, contractAddress: contract, tokenId, supply: '0', holders: 0 });
      return { contractAddress: contract, contractType, supplies };
    }),
  );
