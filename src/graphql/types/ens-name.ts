// EnsName: ENS names read from the chain (X-Access-Key): the forward lookup `ensAddress`, the reverse `ensPrimaryName`,
// and the `primaryName` helper other types put beside an address they return.
import { builder } from '../builder';
import type { EnsLookup } from '../../domain/identity/names';
import { invalidArgument } from '../../domain/errors';
import type { GraphQLContext } from '../context';

const ENS_CHAIN_ARG = {
  required: false,
  description: 'Chain id (or configured name) whose ENS registry is read (ENS_REGISTRIES); ENS_CHAIN by default.',
} as const;

const EnsNameRef = builder.objectRef<EnsLookup>('EnsName').implement({
  description: 'An ENS name and the address its resolver gives it.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The name in its ENSIP-15 normal form (what was hashed).' }),
    address: t.exposeString('address', { nullable: true, description: 'Its ETH address, lower-case; null when the name has no resolver or no address.' }),
    chainId: t.exposeInt('chainId', { description: 'The chain whose registry was read.' }),
  }),
});

export const PRIMARY_NAME_DOC = 'Its ENS primary name on ENS_CHAIN: the reverse record’s name, only when that name resolves back to it; null without one.';

/** Where an account is taken as input: a 0x address or an ENS name (resolved on ENS_CHAIN). */
export const ACCOUNT_OR_NAME_DOC = 'The account: 0x-prefixed hex in any case, or an ENS name (resolved on ENS_CHAIN; NOT_FOUND when it has no address).';

builder.queryFields((t) => ({
  ensAddress: t.field({
    type: EnsNameRef,
    nullable: true,
    description: 'Forward lookup: the address of an ENS name (normalised per ENSIP-15 first; INVALID_ARGUMENT when it cannot be), read from the registry and the name’s resolver.',
    args: {
      name: t.arg.string({ required: true, description: 'The name, e.g. `vitalik.eth`, in any case.' }),
      chainId: t.arg.string(ENS_CHAIN_ARG),
    },
    resolve: (_, args, ctx) => ctx.services.names.resolve(ctx.credentials, args),
  }),
  ensPrimaryName: t.string({
    nullable: true,
    description: 'Reverse lookup: the primary name of an address — its reverse record’s name, only when that name resolves back to the address; null otherwise.',
    args: {
      address: t.arg.string({ required: true, description: 'The address, 0x-prefixed hex in any case.' }),
      chainId: t.arg.string(ENS_CHAIN_ARG),
    },
    resolve: (_, args, ctx) => ctx.services.names.primaryName(ctx.credentials, args),
  }),
}));

/** Names one list may hold where accounts are taken as input (each is a chain read when not cached). */
export const MAX_NAMES_PER_LIST = 20;

/** An account argument read as an address or an ENS name; the domain then sees an address only. */
export const accountArg = async (ctx: GraphQLContext, field: string, value: string): Promise<string> =>
  ctx.services.names.looksLikeName(value) ? ctx.services.names.accountAddress(ctx.credentials, field, value) : value;

/** A filter's `accountAddress` and `accountAddresses` with their ENS names resolved. */
export const withNamedAccounts = async <F extends { accountAddress?: string | null; accountAddresses?: string[] | null }>(
  ctx: GraphQLContext,
  prefix: string,
  f: F,
): Promise<F> => {
  const list = f.accountAddresses;
  if (list && list.filter((a) => ctx.services.names.looksLikeName(a)).length > MAX_NAMES_PER_LIST) {
    throw invalidArgument(`${prefix}.accountAddresses`, `may hold at most ${MAX_NAMES_PER_LIST} ENS names`);
  }
  return {
    ...f,
    ...(f.accountAddress ? { accountAddress: await accountArg(ctx, `${prefix}.accountAddress`, f.accountAddress) } : {}),
    ...(list ? { accountAddresses: await Promise.all(list.map((a, i) => accountArg(ctx, `${prefix}.accountAddresses[${i}]`, a))) } : {}),
  };
};
