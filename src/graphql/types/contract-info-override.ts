// ContractInfoOverride: what the operator set over a contract's info, shown on ContractInfo.override; and the operator's
// queries and mutations over overrides (Authorization: Bearer <ADMIN_TOKEN>).
import { builder } from '../builder';
import type { ContractInfoOverride } from '../../domain/contracts/types';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { CHAIN_ARG, CONTRACT_ADDRESS_ARG, ContractInfoRef } from './contract-info';
import { ContractInfoExtensionsOverrideRef } from './contract-info-extensions-override';
import { ContractInfoOverrideInput } from './contract-info-override-input';
import { ContractTypeRef } from './contract-type';

export const ContractInfoOverrideRef = builder.objectRef<ContractInfoOverride>('ContractInfoOverride').implement({
  description: 'Set fields win over what the chain and the contractURI document say, in every contract-info read.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('address', { description: 'The contract, lower-case hex.' }),
    name: t.exposeString('name', { nullable: true, description: 'Replaces the name; null: not overridden.' }),
    type: t.field({ type: ContractTypeRef, nullable: true, description: 'Replaces the type; null: not overridden.', resolve: (o) => o.type }),
    symbol: t.exposeString('symbol', { nullable: true, description: 'Replaces the symbol; null: not overridden.' }),
    decimals: t.exposeInt('decimals', { nullable: true, description: 'Replaces decimals; null: not overridden.' }),
    logoUri: t.exposeString('logoURI', { nullable: true, description: 'Replaces the logo URL; null: not overridden.' }),
    extensions: t.field({ type: ContractInfoExtensionsOverrideRef, description: 'Extensions fields overridden.', resolve: (o) => o.extensions }),
    createdAt: t.field({ type: 'Timestamp', description: 'When it was added.', resolve: (o) => o.createdAt }),
    updatedAt: t.field({ type: 'Timestamp', description: 'When it was last replaced.', resolve: (o) => o.updatedAt }),
  }),
});

builder.objectField(ContractInfoRef, 'override', (t) =>
  t.field({
    type: ContractInfoOverrideRef,
    nullable: true,
    description: 'The operator’s override this info shows, when there is one: its set fields replaced what the chain and the web say.',
    resolve: (c) => c.override ?? null,
  }),
);

const ContractInfoOverrideConnectionRef = connectionType(ContractInfoOverrideRef, 'ContractInfoOverride', {
  description: 'A page of contract-info overrides, by chain then address.',
  count: 'Overrides listed.',
});

const ADMIN = 'Admin only: send `Authorization: Bearer <ADMIN_TOKEN>` (the server’s ADMIN_TOKEN; disabled when unset).';
const KEY_ARGS = builder.args((t) => ({ chainId: t.string(CHAIN_ARG), contractAddress: t.string(CONTRACT_ADDRESS_ARG) }));

builder.queryFields((t) => ({
  contractInfoOverride: t.field({
    nullable: true,
    type: ContractInfoOverrideRef,
    description: `The override of one contract; NotFound when it has none. ${ADMIN}`,
    args: KEY_ARGS,
    resolve: (_, args, ctx) => ctx.services.contractOverrides.get(ctx.credentials, args),
  }),
  contractInfoOverrides: t.field({
    nullable: true,
    type: ContractInfoOverrideConnectionRef,
    description: `Every override, of one chain or all; 50 per page by default, at most 100. ${ADMIN}`,
    args: { chainId: t.arg.string({ description: 'A configured chain id or name; every chain when absent.' }), ...pagingArgs },
    resolve: async (_, args, ctx) => connectionOf(await ctx.services.contractOverrides.list(ctx.credentials, { chainId: args.chainId, page: pageOfArgs(args) })),
  }),
}));

builder.mutationFields((t) => ({
  addContractInfoOverride: t.field({
    nullable: true,
    type: ContractInfoOverrideRef,
    description: `Adds a contract’s override; RequestConflict when it has one (replace it with updateContractInfoOverride). ${ADMIN}`,
    args: { ...KEY_ARGS, override: t.arg({ type: ContractInfoOverrideInput, required: true, description: 'The fields to override.' }) },
    resolve: (_, { override, ...key }, ctx) => ctx.services.contractOverrides.add(ctx.credentials, { ...key, override }),
  }),
  updateContractInfoOverride: t.field({
    nullable: true,
    type: ContractInfoOverrideRef,
    description: `Replaces a contract’s whole override (fields left out stop being overridden); NotFound when it has none. ${ADMIN}`,
    args: { ...KEY_ARGS, override: t.arg({ type: ContractInfoOverrideInput, required: true, description: 'The fields to override.' }) },
    resolve: (_, { override, ...key }, ctx) => ctx.services.contractOverrides.update(ctx.credentials, { ...key, override }),
  }),
  removeContractInfoOverride: t.field({
    nullable: true,
    type: 'Boolean',
    description: `Removes a contract’s override: the chain and the web answer again; NotFound when it has none. ${ADMIN}`,
    args: KEY_ARGS,
    resolve: (_, args, ctx) => ctx.services.contractOverrides.remove(ctx.credentials, args),
  }),
}));
