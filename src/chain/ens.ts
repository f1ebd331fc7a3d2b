// ENS reads (registry and resolvers) and the events that change what they answer: names normalised per ENSIP-15 and
// hashed with ethers, the registry's `resolver(node)`, a resolver's `addr(node)` and `name(node)`. Universal
// resolver and ENSIP-10 wildcard resolution are not read: a name answers only through its own resolver record.
import { Interface, ensNormalize, getAddress, id as topicOf, keccak256, namehash, concat } from 'ethers';
import type { ChainClient } from './client';
import { ChainRequestError } from './errors';
import type { Hex, Log } from './types';

const registryAbi = new Interface(['function resolver(bytes32 node) view returns (address)']);
const resolverAbi = new Interface(['function addr(bytes32 node) view returns (address)', 'function name(bytes32 node) view returns (string)']);

const ZERO = '0x0000000000000000000000000000000000000000';
const READ_GAS = 500_000n;
const READ_TIMEOUT_MS = 10_000;
const MAX_NAME_CHARS = 255;
const ADDRESSES_PER_FILTER = 250;

/**
 * Topic0 of every event that changes a name's address or an address's primary name: the registry's NewOwner,
 * Transfer and NewResolver, and a resolver's AddrChanged, AddressChanged and NameChanged. Each names the node it
 * changes in topics[1] (NewOwner names the parent and the label: the node is their hash).
 */
export const ENS_EVENT_TOPICS = {
  NewOwner: topicOf('NewOwner(bytes32,bytes32,address)'),
  Transfer: topicOf('Transfer(bytes32,address)'),
  NewResolver: topicOf('NewResolver(bytes32,address)'),
  AddrChanged: topicOf('AddrChanged(bytes32,address)'),
  AddressChanged: topicOf('AddressChanged(bytes32,uint256,bytes)'),
  NameChanged: topicOf('NameChanged(bytes32,string)'),
} as const;
const TOPICS = Object.values(ENS_EVENT_TOPICS) as Hex[];

/** The ENSIP-15 normal form of a name; throws an Error saying why a name cannot be normalised. */
export const normalizeEnsName = (name: string): string => {
  const normal = ensNormalize(name.trim());
  if (!normal || normal.startsWith('.') || normal.endsWith('.') || normal.includes('..')) throw new Error('has an empty label');
  if (normal.length > MAX_NAME_CHARS) throw new Error(`is longer than ${MAX_NAME_CHARS} characters`);
  return normal;
};

/** The namehash of a normalised name. */
export const ensNode = (normalName: string): Hex => namehash(normalName) as Hex;

/** The reverse record's node of an address: `<hex address>.addr.reverse`. */
export const reverseNode = (address: string): Hex => namehash(`${address.toLowerCase().slice(2)}.addr.reverse`) as Hex;

/** null when the contract refuses (revert, no code, empty answer); node trouble propagates. */
const call = async (client: ChainClient, to: string, data: string): Promise<string | null> => {
  try {
    const result = await client.eth_call({ to: to as Hex, data: data as Hex, gas: READ_GAS }, 'latest', { timeoutMs: READ_TIMEOUT_MS });
    return result === '0x' ? null : result;
  } catch (err) {
    if (err instanceof ChainRequestError) return null;
    throw err;
  }
};

const decoded = <T>(abi: Interface, fn: string, data: string | null): T | null => {
  if (data === null) return null;
  try {
    return abi.decodeFunctionResult(fn, data)[0] as T;
  } catch {
    return null;
  }
};

/** The node's resolver in the registry, lower-case; null when it has none. */
export const readEnsResolver = async (client: ChainClient, registry: string, node: Hex): Promise<string | null> => {
  const r = decoded<string>(registryAbi, 'resolver', await call(client, registry, registryAbi.encodeFunctionData('resolver', [node])));
  return r && r !== ZERO ? r.toLowerCase() : null;
};

/** The resolver's ETH address of the node, lower-case; null when unset or the resolver does not answer. */
export const readEnsAddr = async (client: ChainClient, resolver: string, node: Hex): Promise<string | null> => {
  const a = decoded<string>(resolverAbi, 'addr', await call(client, resolver, resolverAbi.encodeFunctionData('addr', [node])));
  return a && a !== ZERO ? getAddress(a).toLowerCase() : null;
};

/** The resolver's name record of the node (a reverse record's claimed name); null when unset. */
export const readEnsNameRecord = async (client: ChainClient, resolver: string, node: Hex): Promise<string | null> => {
  const n = decoded<string>(resolverAbi, 'name', await call(client, resolver, resolverAbi.encodeFunctionData('name', [node])));
  return n ? n : null;
};

/** The nodes that ENS events of [fromBlock, toBlock] from these contracts change. */
export const readEnsChangedNodes = async (client: ChainClient, addresses: readonly string[], fromBlock: number, toBlock: number): Promise<Set<string>> => {
  const nodes = new Set<string>();
  // In filters of a size providers accept (as ingestion's, fetch-range.ts).
  for (let i = 0; i < addresses.length; i += ADDRESSES_PER_FILTER) {
    const logs = await client.eth_getLogs({ fromBlock, toBlock, address: addresses.slice(i, i + ADDRESSES_PER_FILTER) as Hex[], topics: [TOPICS] });
    for (const log of logs) {
      const node = changedNodeOf(log);
      if (node) nodes.add(node);
    }
  }
  return nodes;
};

const changedNodeOf = (log: Log): string | null => {
  const [topic0, topic1, topic2] = log.topics;
  if (!topic1) return null;
  if (topic0 === ENS_EVENT_TOPICS.NewOwner) return topic2 ? keccak256(concat([topic1, topic2])).toLowerCase() : null;
  return topic1.toLowerCase();
};
