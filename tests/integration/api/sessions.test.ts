// API/GetAuthToken (and GetAuthToken2) through the published @0xsequence/api 3.0.9 client, unchanged: an ETHAuth proof
// becomes a session token that reads the wallet's own links (GetLinkedWallets without a signature); the token expires,
// is revoked (by itself, or by the project's owner for the wallet), and a forged, tampered or foreign one is refused.
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { Wallet } from 'ethers';
import { ETHAuth, Proof } from '@0xsequence/ethauth';
import { startAnvil, type Anvil } from '../../helpers/anvil';
import { PATIENCE_MS } from '../../helpers/patience';
import { rejectionOf } from '../../helpers/rejection';
import { startTestServer, type TestServer } from '../../helpers/server';
type V3 = typeof import('@0xsequence/api-v3', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceAPIClient, InvalidArgumentError, PermissionDeniedError, SessionExpiredError, UnauthorizedError } = require('@0xsequence/api-v3') as V3;
type Client = InstanceType<V3['SequenceAPIClient']>;

let anvil: Anvil;
let server: TestServer;
let project: { projectId: number; accessKey: string; bearerToken: string };
let chainId: string;

beforeAll(async () => {
  anvil = await startAnvil();
  server = await startTestServer({ CHAINS: `${anvil.chainId}=${anvil.rpcUrl}` }, { index: false });
  project = await server.createProject('sessions');
  chainId = String(anvil.chainId);
});
afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

const wallet = () => new Wallet(Wallet.createRandom().privateKey);

/** An EOA's ETHAuth proof string, made with @0xsequence/ethauth. */
const proofOf = async (w: Wallet, expiresIn = 3600) => {
  const proof = new Proof({ address: w.address.toLowerCase() });
  proof.claims.app = 'Example';
  proof.setIssuedAtNow();
  proof.setExpiryIn(expiresIn);
  proof.signature = await w.signMessage(proof.messageDigest());
  return new ETHAuth().encodeProof(proof, true);
};

const api = (key = project.accessKey, jwt?: string): Client => new SequenceAPIClient(server.url, key, jwt);

/** Links `child` to `parent` with both signatures (the documented texts). */
const link = async (parent: Wallet, child: Wallet) =>
  api().linkWallet({
    signatureChainId: chainId,
    linkedWalletType: 'Test',
    parentWalletAddress: parent.address,
    parentWalletMessage: `child wallet with address ${child.address}`,
    parentWalletSignature: await parent.signMessage(`child wallet with address ${child.address}`),
    linkedWalletAddress: child.address,
    linkedWalletMessage: `Link to parent wallet with address ${parent.address}`,
    linkedWalletSignature: await child.signMessage(`Link to parent wallet with address ${parent.address}`),
  });

/** GetLinkedWallets with no message or signature: the session token alone speaks for the parent. */
const linkedWith = (jwt: string, parent: string, key = project.accessKey) =>
  api(key, jwt).getLinkedWallets({ parentWalletAddress: parent, parentWalletMessage: '', parentWalletSignature: '', signatureChainId: '' });

const sessionGql = (token: string, query: string, variables: Record<string, unknown> = {}) =>
  server.graphql(query, variables, { 'X-Access-Key': project.accessKey, Authorization: `Bearer ${token}` });

describe('GetAuthToken', () => {
  it('turns a proof into a session token that reads the wallet’s own links without a signature', async () => {
    const parent = wallet();
    const child = wallet();
    await link(parent, child);
    const answer = await api().getAuthToken({ ewtString: await proofOf(parent) });
    expect(answer).toMatchObject({ status: true, address: parent.address.toLowerCase() });
    expect(decodeProtectedHeader(answer.jwtToken)).toMatchObject({ alg: 'HS256', typ: 'strata-wallet-session+jwt' });
    const claims = decodeJwt(answer.jwtToken);
    expect(claims).toMatchObject({ sub: parent.address.toLowerCase(), project: project.projectId });
    expect(claims.exp! - claims.iat!).toBe(3600);
    const { linkedWallets } = await linkedWith(answer.jwtToken, parent.address);
    expect(linkedWallets.map((l) => l.linkedWalletAddress)).toEqual([child.address.toLowerCase()]);
    // Used again: no fresh signature, the same answer.
    expect((await linkedWith(answer.jwtToken, parent.address)).linkedWallets).toHaveLength(1);

    const who = await sessionGql(answer.jwtToken, '{ walletSession { walletAddress chainId expiresAt } }');
    expect(who.body.errors).toBeUndefined();
    expect(who.body.data.walletSession).toMatchObject({ walletAddress: parent.address.toLowerCase(), chainId: anvil.chainId });
  });

  it('GetAuthToken2 checks the proof on the chain it names; a session never outlives its proof', async () => {
    const w = wallet();
    const ewtString = await proofOf(w, 120);
    const answer = await api().getAuthToken2({ ewtString, chainID: chainId });
    expect(answer.address).toBe(w.address.toLowerCase());
    const claims = decodeJwt(answer.jwtToken);
    const proofClaims = JSON.parse(Buffer.from(ewtString.split('.')[2], 'base64url').toString('utf8'));
    expect(claims.exp).toBe(proofClaims.exp);
    expect(claims.exp! - claims.iat!).toBeLessThan(3600);
    expect(claims.chain).toBe(anvil.chainId);
  });

  it('refuses a proof signed by another key (Unauthorized) and a string that is no proof (InvalidArgument naming ewtString)', async () => {
    const w = wallet();
    const forged = new Proof({ address: w.address.toLowerCase() });
    forged.claims.app = 'Example';
    forged.setIssuedAtNow();
    forged.setExpiryIn(3600);
    forged.signature = await wallet().signMessage(forged.messageDigest());
    const refused = await rejectionOf<Error>(api().getAuthToken({ ewtString: await new ETHAuth().encodeProof(forged, true) }));
    expect(refused.message).toMatch(/ewtString: the ETHAuth proof is not valid/);
    expect(refused).toBeInstanceOf(UnauthorizedError);
    for (const bad of ['', 'nope', 'eth.0x12.abc.0x00']) {
      const e = await rejectionOf<Error>(api().getAuthToken({ ewtString: bad }));
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect(e.message).toMatch(/ewtString/);
    }
    expect(await rejectionOf(new SequenceAPIClient(server.url).getAuthToken({ ewtString: await proofOf(w) }))).toBeInstanceOf(UnauthorizedError);
  });
});

describe('a session token is refused', () => {
  it('for another wallet’s reads (PermissionDenied), and with another project’s key (PermissionDenied)', async () => {
    const mine = wallet();
    const theirs = wallet();
    await link(theirs, wallet());
    const { jwtToken } = await api().getAuthToken({ ewtString: await proofOf(mine) });
    const other = await rejectionOf<Error>(linkedWith(jwtToken, theirs.address));
    expect(other).toBeInstanceOf(PermissionDeniedError);
    expect(other.message).toMatch(/parentWalletAddress/);
    const elsewhere = await server.createProject('another');
    expect(await rejectionOf(linkedWith(jwtToken, mine.address, elsewhere.accessKey))).toBeInstanceOf(PermissionDeniedError);
    // Nor does it stand for the project's bearer token.
    const asBearer = await server.graphql('{ bearerTokens { id } }', {}, { Authorization: `Bearer ${jwtToken}` });
    expect(asBearer.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  });

  it('forged with another key, tampered with, or unsigned (Unauthorized)', async () => {
    const w = wallet();
    const { jwtToken } = await api().getAuthToken({ ewtString: await proofOf(w) });
    const claims = decodeJwt(jwtToken);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'strata-wallet-session+jwt' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const [header, , signature] = jwtToken.split('.');
    const someoneElse = wallet().address.toLowerCase();
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: someoneElse, account: someoneElse })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'strata-wallet-session+jwt' })).toString('base64url')}.${jwtToken.split('.')[1]}.`;
    for (const token of [forged, tampered, unsigned]) {
      expect(await rejectionOf(linkedWith(token, w.address))).toBeInstanceOf(UnauthorizedError);
    }
    expect(await rejectionOf(linkedWith(tampered, someoneElse))).toBeInstanceOf(UnauthorizedError);
    // The genuine one still works.
    expect((await linkedWith(jwtToken, w.address)).linkedWallets).toEqual([]);
  });

  it('once revoked by itself (sign-out) or by the project’s owner for the wallet (Unauthorized)', async () => {
    const w = wallet();
    const first = (await api().getAuthToken({ ewtString: await proofOf(w) })).jwtToken;
    const second = (await api().getAuthToken({ ewtString: await proofOf(w) })).jwtToken;
    const third = (await api().getAuthToken({ ewtString: await proofOf(w) })).jwtToken;
    const out = await sessionGql(first, 'mutation { revokeWalletSession }');
    expect(out.body).toEqual({ data: { revokeWalletSession: true } });
    const revoked = await rejectionOf<Error>(linkedWith(first, w.address));
    expect(revoked).toBeInstanceOf(UnauthorizedError);
    expect(revoked.message).toMatch(/revoked/);
    expect((await linkedWith(second, w.address)).linkedWallets).toEqual([]);

    const all = await server.graphql('mutation($w: String!) { revokeWalletSessions(walletAddress: $w) }', { w: w.address }, { Authorization: `Bearer ${project.bearerToken}` });
    expect(all.body).toEqual({ data: { revokeWalletSessions: 2 } });
    for (const token of [second, third]) expect(await rejectionOf(linkedWith(token, w.address))).toBeInstanceOf(UnauthorizedError);
    // A wallet session cannot revoke a wallet's sessions: that is the owner's.
    const denied = await sessionGql(second, 'mutation($w: String!) { revokeWalletSessions(walletAddress: $w) }', { w: w.address });
    expect(denied.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  });
});

describe('an expiring session', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startTestServer({ CHAINS: `${anvil.chainId}=${anvil.rpcUrl}`, SESSION_LIFETIME_SECONDS: '1' }, { index: false });
  });
  afterAll(async () => short?.stop());

  it('lasts SESSION_LIFETIME_SECONDS, then is SessionExpired', async () => {
    const { accessKey } = await short.createProject('short');
    const w = wallet();
    const client = new SequenceAPIClient(short.url, accessKey);
    const { jwtToken } = await client.getAuthToken({ ewtString: await proofOf(w) });
    const claims = decodeJwt(jwtToken);
    expect(claims.exp! - claims.iat!).toBe(1);
    const read = () =>
      new SequenceAPIClient(short.url, accessKey, jwtToken).getLinkedWallets({
        parentWalletAddress: w.address,
        parentWalletMessage: '',
        parentWalletSignature: '',
        signatureChainId: '',
      });
    // Waits for the expiry itself (the token's second may already be over when the first read arrives).
    const until = Date.now() + PATIENCE_MS;
    let last: unknown;
    while (Date.now() < until) {
      last = await rejectionOf(read()).catch(() => null);
      if (last) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(last).toBeInstanceOf(SessionExpiredError);
  });
});
