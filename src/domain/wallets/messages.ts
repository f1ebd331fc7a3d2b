// The texts a wallet must sign for each linking operation, in the documented plain form or the EIP-4361 form.

/** A statement is a fixed prefix followed by one address; the address is compared case-insensitively. */
export type Statement = { prefixes: readonly string[]; address: string };

/** The documented prefix first: it is the one quoted in error messages. */
export const statements = {
  /** GetLinkedWallets, signed by the parent. */
  listLinked: (parent: string): Statement => ({ prefixes: ['parent wallet with address '], address: parent }),
  /** LinkWallet and RemoveLinkedWallet, signed by the parent. The docs guide's `linked wallet …` wording is accepted too. */
  parentOf: (child: string): Statement => ({ prefixes: ['child wallet with address ', 'linked wallet with address '], address: child }),
  /** LinkWallet, signed by the child. */
  linkTo: (parent: string): Statement => ({ prefixes: ['Link to parent wallet with address '], address: parent }),
  /** RemoveLinkedWallet (optional), signed by the child. */
  unlinkFrom: (parent: string): Statement => ({ prefixes: ['Unlink from parent wallet with address '], address: parent }),
};

export const describeStatement = (s: Statement): string => `${s.prefixes[0]}${s.address}`;

export const matchesStatement = (text: string, s: Statement): boolean =>
  s.prefixes.some((p) => text.startsWith(p) && text.slice(p.length).toLowerCase() === s.address);

/** EIP-4361 fields Strata reads; the rest of the grammar is checked for shape only. */
export type SignInMessage = {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  version: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date | null;
  notBefore: Date | null;
};

const PREAMBLE = ' wants you to sign in with your Ethereum account:';
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const URI = /^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/;
const NONCE = /^[a-zA-Z0-9]{8,64}$/;

export const looksLikeSignIn = (text: string): boolean => (text.split('\n', 1)[0] ?? '').endsWith(PREAMBLE);

const time = (field: string, v: string): Date => {
  const d = new Date(v);
  if (!RFC3339.test(v) || Number.isNaN(d.getTime())) throw new Error(`${field} must be an RFC 3339 date-time`);
  return d;
};

/** Parses the EIP-4361 text (fields in the order the EIP's grammar fixes); throws an Error saying what is wrong. */
export const parseSignIn = (text: string): SignInMessage => {
  const lines = text.split('\n');
  let i = 0;
  const next = () => lines[i++];
  const head = next();
  const domain = head.slice(0, head.length - PREAMBLE.length).replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//, '');
  if (!domain || /\s/.test(domain)) throw new Error('the first line must be "<domain> wants you to sign in with your Ethereum account:"');
  const address = next() ?? '';
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('the second line must be the signing address');
  if (next() !== '') throw new Error('a blank line must follow the address');
  const statement = next() ?? '';
  if (!statement || statement.startsWith('URI: ')) throw new Error('the statement line is missing');
  if (next() !== '') throw new Error('a blank line must follow the statement');
  const field = (name: string, required: boolean): string | null => {
    const line = lines[i];
    if (line !== undefined && line.startsWith(`${name}: `)) {
      i++;
      return line.slice(name.length + 2);
    }
    if (required) throw new Error(`the "${name}:" line is missing or out of order`);
    return null;
  };
  const uri = field('URI', true)!;
  if (!URI.test(uri)) throw new Error('URI must be an absolute URI');
  const version = field('Version', true)!;
  const chainText = field('Chain ID', true)!;
  if (!/^[1-9]\d{0,15}$/.test(chainText)) throw new Error('Chain ID must be a decimal chain id');
  const nonce = field('Nonce', true)!;
  if (!NONCE.test(nonce)) throw new Error('Nonce must be 8 to 64 letters and digits');
  const issuedAt = time('Issued At', field('Issued At', true)!);
  const exp = field('Expiration Time', false);
  const nbf = field('Not Before', false);
  field('Request ID', false);
  if (lines[i] === 'Resources:') {
    i++;
    while (i < lines.length && lines[i].startsWith('- ')) {
      if (!URI.test(lines[i].slice(2))) throw new Error('each resource must be an absolute URI');
      i++;
    }
  }
  if (i !== lines.length) throw new Error(`unexpected text on line ${i + 1}`);
  return {
    domain,
    address: address.toLowerCase(),
    statement,
    uri,
    version,
    chainId: Number(chainText),
    nonce,
    issuedAt,
    expirationTime: exp === null ? null : time('Expiration Time', exp),
    notBefore: nbf === null ? null : time('Not Before', nbf),
  };
};

/** How far a sign-in message may reach into the future, and how much clock skew is forgiven. */
const SIGN_IN_LIMITS = { maxLifetimeMs: 24 * 3600_000, clockSkewMs: 5 * 60_000 };

export type SignInExpectations = { domain: string; signer: string; statement: Statement; chainId: number; now: Date };

/** Throws an Error saying which rule the message breaks; the nonce's single use is checked by the store. */
export const checkSignIn = (m: SignInMessage, x: SignInExpectations): void => {
  const now = x.now.getTime();
  if (m.domain.toLowerCase() !== x.domain.toLowerCase()) throw new Error(`the domain must be ${x.domain}`);
  if (m.address !== x.signer) throw new Error(`the address line must be ${x.signer}`);
  if (!matchesStatement(m.statement, x.statement)) throw new Error(`the statement must be "${describeStatement(x.statement)}"`);
  if (m.version !== '1') throw new Error('Version must be 1');
  if (m.chainId !== x.chainId) throw new Error(`Chain ID must be ${x.chainId}, the signatureChainId`);
  if (m.issuedAt.getTime() > now + SIGN_IN_LIMITS.clockSkewMs) throw new Error('Issued At is in the future');
  if (!m.expirationTime) throw new Error('Expiration Time is required');
  if (m.expirationTime.getTime() <= now) throw new Error('the message has expired (Expiration Time has passed)');
  if (m.expirationTime.getTime() - m.issuedAt.getTime() > SIGN_IN_LIMITS.maxLifetimeMs) {
    throw new Error('Expiration Time must be at most 24 hours after Issued At');
  }
  if (m.notBefore && m.notBefore.getTime() > now + SIGN_IN_LIMITS.clockSkewMs) throw new Error('the message is not valid yet (Not Before)');
};

/** Builds an EIP-4361 message with the given statement (clients and tests can use it to sign). */
export const formatSignIn = (m: {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
}): string =>
  [
    `${m.domain}${PREAMBLE}`,
    m.address,
    '',
    m.statement,
    '',
    `URI: ${m.uri}`,
    'Version: 1',
    `Chain ID: ${m.chainId}`,
    `Nonce: ${m.nonce}`,
    `Issued At: ${m.issuedAt.toISOString()}`,
    `Expiration Time: ${m.expirationTime.toISOString()}`,
  ].join('\n');

