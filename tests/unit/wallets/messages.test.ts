// Wallet-linking message texts: the documented plain form and the EIP-4361 form with its rules.
import { checkSignIn, formatSignIn, matchesStatement, parseSignIn, statements, type SignInMessage } from '../../../src/domain/wallets/messages';
import { readProof } from '../../../src/domain/wallets/proofs';

const A = '0x' + 'ab'.repeat(20);
const B = '0x' + 'cd'.repeat(20);
const now = new Date('2026-01-02T03:04:05Z');
const sig = '0x' + '11'.repeat(65);

const signIn = (over: Partial<Parameters<typeof formatSignIn>[0]> = {}) =>
  formatSignIn({
    domain: 'strata.test',
    address: A,
    statement: `child wallet with address ${B}`,
    uri: 'https://strata.test/link',
    chainId: 137,
    nonce: 'abcdef1234',
    issuedAt: new Date(now.getTime() - 60_000),
    expirationTime: new Date(now.getTime() + 600_000),
    ...over,
  });

const ctx = { chainId: 137, domain: 'strata.test', now };
const read = (message: string, signer = A) => readProof(ctx, { role: 'parentWallet', signer, message, signature: sig, statement: statements.parentOf(B) });

describe('plain messages', () => {
  it('match the documented text, addresses in any case', () => {
    expect(matchesStatement(`child wallet with address ${B.toUpperCase().replace('0X', '0x')}`, statements.parentOf(B))).toBe(true);
    expect(matchesStatement(`linked wallet with address ${B}`, statements.parentOf(B))).toBe(true); // docs guide wording
    expect(matchesStatement(`Link to parent wallet with address ${A}`, statements.linkTo(A))).toBe(true);
    expect(matchesStatement(`Unlink from parent wallet with address ${A}`, statements.unlinkFrom(A))).toBe(true);
    expect(matchesStatement(`parent wallet with address ${A}`, statements.listLinked(A))).toBe(true);
  });

  it('refuse other text, another address, extra whitespace', () => {
    for (const t of [`child wallet with address ${A}`, `Child wallet with address ${B}`, `child wallet with address ${B} `, ` child wallet with address ${B}`, 'hello']) {
      expect(matchesStatement(t, statements.parentOf(B))).toBe(false);
    }
    expect(() => read('hello')).toThrow(`parentWalletMessage: must be "child wallet with address ${B}"`);
  });

  it('are read as the plain form without a nonce', () => {
    expect(read(`child wallet with address ${B}`)).toMatchObject({ form: 'plain', nonce: null });
  });
});

describe('EIP-4361 messages', () => {
  it('round-trip through the parser', () => {
    const m = parseSignIn(signIn());
    expect(m).toEqual<SignInMessage>({
      domain: 'strata.test',
      address: A,
      statement: `child wallet with address ${B}`,
      uri: 'https://strata.test/link',
      version: '1',
      chainId: 137,
      nonce: 'abcdef1234',
      issuedAt: new Date(now.getTime() - 60_000),
      expirationTime: new Date(now.getTime() + 600_000),
      notBefore: null,
    });
    expect(read(signIn())).toMatchObject({ form: 'eip4361', nonce: { value: 'abcdef1234', expiresAt: new Date(now.getTime() + 600_000) } });
  });

  it('accept a scheme, optional fields and resources', () => {
    const text = signIn().replace(/^strata\.test/, 'https://strata.test') + '\nNot Before: 2026-01-02T03:00:00Z\nRequest ID: r-1\nResources:\n- ipfs://bafy\n- https://example.com/x';
    expect(() => checkSignIn(parseSignIn(text), { domain: 'strata.test', signer: A, statement: statements.parentOf(B), chainId: 137, now })).not.toThrow();
  });

  const refusals: Array<[string, string, RegExp]> = [
    ['another domain', signIn({ domain: 'evil.example' }), /the domain must be strata\.test/],
    ['another signer', signIn({ address: B }), /the address line must be/],
    ['another statement', signIn({ statement: `child wallet with address ${A}` }), /the statement must be/],
    ['another chain', signIn({ chainId: 1 }), /Chain ID must be 137/],
    ['an expired message', signIn({ expirationTime: new Date(now.getTime() - 1) }), /has expired/],
    ['a message issued in the future', signIn({ issuedAt: new Date(now.getTime() + 3600_000), expirationTime: new Date(now.getTime() + 7200_000) }), /in the future/],
    ['a lifetime over 24 h', signIn({ expirationTime: new Date(now.getTime() + 25 * 3600_000) }), /at most 24 hours/],
    ['a short nonce', signIn({ nonce: 'abc' }), /Nonce must be/],
    ['no expiration', signIn().split('\n').filter((l) => !l.startsWith('Expiration Time')).join('\n'), /Expiration Time is required/],
    ['fields out of order', signIn().replace(/Version: 1\n(Chain ID: 137)/, '$1\nVersion: 1'), /"Version:" line is missing or out of order/],
    ['trailing text', `${signIn()}\nhello`, /unexpected text/],
  ];
  it.each(refusals)('refuse %s', (_, text, why) => {
    expect(() => read(text)).toThrow(why);
    try {
      read(text);
    } catch (err) {
      expect((err as Error).message).toMatch(/^parentWalletMessage: EIP-4361 message refused: /);
    }
  });
});

describe('proof shape', () => {
  it('names the field that is missing or malformed', () => {
    const base = { role: 'linkedWallet' as const, signer: A, statement: statements.linkTo(B) };
    expect(() => readProof(ctx, { ...base, message: '', signature: sig })).toThrow('linkedWalletMessage: is required');
    expect(() => readProof(ctx, { ...base, message: `Link to parent wallet with address ${B}`, signature: undefined })).toThrow('linkedWalletSignature: is required');
    expect(() => readProof(ctx, { ...base, message: `Link to parent wallet with address ${B}`, signature: '0x123' })).toThrow('linkedWalletSignature: must be 0x-prefixed hex bytes');
    expect(() => readProof(ctx, { ...base, message: `Link to parent wallet with address ${B}`, signature: 'zz' })).toThrow('linkedWalletSignature: must be 0x-prefixed hex bytes');
  });
});
