// WalletSession: a wallet's session token (GetAuthToken), made from an ETHAuth proof, with the mutations that issue and
// revoke one and the query that says whose a presented token is (X-Access-Key and the session token).
import { builder } from '../builder';
import type { IssuedSession, WalletSession } from '../../domain/identity/sessions';
import { PROJECT_ARG } from './shared-args';
import { PRIMARY_NAME_DOC } from './ens-name';

const WalletSessionRef = builder.objectRef<WalletSession>('WalletSession').implement({
  description: 'A wallet’s session: its token stands for the wallet’s proof in the wallet’s own reads (linkedWallets) until it expires or is revoked.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The session’s id (the token’s `jti`).' }),
    walletAddress: t.exposeString('address', { description: 'The wallet the ETHAuth proof was of, lower-case.' }),
    chainId: t.exposeInt('chainId', { description: 'The chain the proof was verified on.' }),
    primaryName: t.string({ nullable: true, description: PRIMARY_NAME_DOC, resolve: (s, _, ctx) => ctx.services.names.primaryNameBeside(s.address) }),
    expiresAt: t.field({ type: 'Timestamp', description: 'When the token stops working (SessionExpired from then on).', resolve: (s) => s.expiresAt }),
  }),
});

const IssuedWalletSessionRef = builder.objectRef<IssuedSession>('IssuedWalletSession').implement({
  description: 'A session token just issued; it is not stored (only its id is).',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Send as `Authorization: Bearer <token>`, beside the same project’s `X-Access-Key`.' }),
    session: t.field({ type: WalletSessionRef, description: 'Its record.', resolve: (i) => i.session }),
  }),
});

builder.queryFields((t) => ({
  walletSession: t.field({
    type: WalletSessionRef,
    nullable: true,
    description: 'The session the request’s token is of (X-Access-Key and `Authorization: Bearer <session token>`).',
    resolve: (_, __, ctx) => ctx.services.sessions.current(ctx.credentials),
  }),
}));

builder.mutationFields((t) => ({
  createWalletSession: t.field({
    type: IssuedWalletSessionRef,
    nullable: true,
    description:
      'An ETHAuth proof (`@0xsequence/ethauth`, checked like isValidETHAuthProof) becomes a session token of its wallet in the access key’s project (RPC: API/GetAuthToken), lasting SESSION_LIFETIME_SECONDS (never past the proof’s own expiry).',
    args: {
      ewtString: t.arg.string({ required: true, description: 'The ETHAuth proof string, `eth.<address>.<claims>.<signature>`.' }),
      chainId: t.arg.string({ required: false, description: 'Chain id (or configured name) a contract wallet’s proof is checked on; the first configured chain by default.' }),
    },
    resolve: (_, args, ctx) => ctx.services.sessions.issue(ctx.credentials, args),
  }),
  revokeWalletSession: t.boolean({
    nullable: true,
    description: 'Revokes the session token this request presents (a sign-out): requests with it are refused UNAUTHORIZED from then on.',
    resolve: (_, __, ctx) => ctx.services.sessions.revokeCurrent(ctx.credentials),
  }),
  revokeWalletSessions: t.int({
    nullable: true,
    description: 'The project’s owner (its bearer token) revokes every live session of a wallet; returns how many were revoked.',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      walletAddress: t.arg.string({ required: true, description: 'The wallet, 0x-prefixed hex in any case.' }),
    },
    resolve: (_, args, ctx) => ctx.services.sessions.revokeWallet(ctx.credentials, args),
  }),
}));
