// Network: a configured chain as the multi-chain reads name it, with the `networks` query (X-Access-Key).
import { builder } from '../builder';
import type { ChainConfig } from '../../config';
import { chainSelectionArgs } from './network-type';

export const NetworkRef = builder.objectRef<ChainConfig>('Network').implement({
  description: 'A chain this server is configured for.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    name: t.exposeString('name', { nullable: true, description: 'Its configured name (accepted wherever a chain id is); null when it has none.' }),
    testnet: t.boolean({ description: 'Flagged testnet in the configuration (networkType TESTNETS).', resolve: (c) => c.testnet ?? false }),
  }),
});

builder.queryFields((t) => ({
  networks: t.field({
    nullable: true,
    type: [NetworkRef],
    description: 'The configured chains a selection names, in configuration order; every chain without arguments (X-Access-Key).',
    args: { ...chainSelectionArgs },
    resolve: (_, args, ctx) => ctx.services.gateway.select(ctx.credentials, args),
  }),
}));
