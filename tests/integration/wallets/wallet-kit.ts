// Wallet-linking test kit: signed request bodies (plain and EIP-4361), signature mangling, ERC-1271/6492 wallets on anvil.
import crypto from 'node:crypto';
import { AbiCoder, Contract, Signature, Wallet, getCreate2Address, keccak256, solidityPacked, type Signer } from 'ethers';
import { compileContract, deployContract } from '../../helpers/solidity';
import { formatSignIn } from '../../../src/domain/wallets/messages';
import { WalletLinkEntity, WalletLinkNonceEntity } from '../../../src/db';
import type { TestServer } from '../../helpers/server';

export const text = {
  list: (parent: string) => `parent wallet with address ${parent}`,
  parentOf: (child: string) => `child wallet with address ${child}`,
  linkTo: (parent: string) => `Link to parent wallet with address ${parent}`,
  unlinkFrom: (parent: string) => `Unlink from parent wallet with address ${parent}`,
};

/** Anything that signs a personal message as `address` (an EOA, or an owner signing for its contract wallet). */
export type Signs = { address: string; sign(message: string): Promise<string> };

export const eoa = (w: Wallet = Wallet.createRandom() as unknown as Wallet): Signs & { wallet: Wallet } => ({
  wallet: w,
  address: w.address,
  sign: (m) => w.signMessage(m),
});

export const randomEoa = () => eoa(new Wallet(Wallet.createRandom().privateKey));

export type LinkBody = {
  signatureChainId: string;
  linkedWalletType?: string;
  parentWalletAddress: string;
  parentWalletMessage: string;
  parentWalletSignature: string;
  linkedWalletAddress: string;
  linkedWalletMessage: string;
  linkedWalletSignature: string;
};

export const linkBody = async (parent: Signs, child: Signs, chainId: number, extra: Partial<LinkBody> = {}): Promise<LinkBody> => {
  const parentWalletMessage = extra.parentWalletMessage ?? text.parentOf(child.address);
  const linkedWalletMessage = extra.linkedWalletMessage ?? text.linkTo(parent.address);
  return {
    signatureChainId: String(chainId),
    linkedWalletType: 'MetaMask',
    parentWalletAddress: parent.address,
    parentWalletMessage,
    parentWalletSignature: await parent.sign(parentWalletMessage),
    linkedWalletAddress: child.address,
    linkedWalletMessage,
    linkedWalletSignature: await child.sign(linkedWalletMessage),
    ...extra,
  };
};

export const listBody = async (parent: Signs, chainId: number, message = text.list(parent.address)) => ({
  parentWalletAddress: parent.address,
  parentWalletMessage: message,
  parentWalletSignature: await parent.sign(message),
  signatureChainId: String(chainId),
});

export type RemoveBody = {
  signatureChainId: string;
  parentWalletAddress: string;
  parentWalletMessage: string;
  parentWalletSignature: string;
  linkedWalletAddress: string;
  linkedWalletMessage?: string;
  linkedWalletSignature?: string;
};

export const removeBody = async (parent: Signs, child: Signs, chainId: number, opts: { childProof?: boolean } = {}) => {
  const parentWalletMessage = text.parentOf(child.address);
  const body: RemoveBody = {
    signatureChainId: String(chainId),
    parentWalletAddress: parent.address,
    parentWalletMessage,
    parentWalletSignature: await parent.sign(parentWalletMessage),
    linkedWalletAddress: child.address,
  };
  if (opts.childProof) {
    body.linkedWalletMessage = text.unlinkFrom(parent.address);
    body.linkedWalletSignature = await child.sign(body.linkedWalletMessage);
  }
  return body;
};

export const nonce = () => crypto.randomBytes(8).toString('hex');

/** An EIP-4361 message for `statement`, valid for an hour unless told otherwise. */
export const signIn = (o: { address: string; statement: string; chainId: number; domain?: string; nonce?: string; issuedAt?: Date; expiresInMs?: number }) => {
  const issuedAt = o.issuedAt ?? new Date(Date.now() - 1000);
  return formatSignIn({
    domain: o.domain ?? 'strata.test',
    address: o.address,
    statement: o.statement,
    uri: 'https://strata.test/link',
    chainId: o.chainId,
    nonce: o.nonce ?? nonce(),
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + (o.expiresInMs ?? 3600_000)),
  });
};

/** Signature variants. */
export const mangle = {
  /** v as 0/1 instead of 27/28. */
  v01: (sig: string) => sig.slice(0, -2) + (parseInt(sig.slice(-2), 16) - 27).toString(16).padStart(2, '0'),
  /** EIP-2098 64-byte form. */
  compact: (sig: string) => Signature.from(sig).compactSerialized,
  truncated: (sig: string) => sig.slice(0, 2 + 60 * 2),
};

/** Row counts of both wallet tables: a refused request must leave them unchanged. */
export const walletRows = async (server: TestServer) => ({
  links: await server.app.db.getRepository(WalletLinkEntity).count(),
  nonces: await server.app.db.getRepository(WalletLinkNonceEntity).count(),
});

export type ContractWallets = {
  factory: Contract;
  /** Deploys an OwnedWallet for `owner` through the factory; signatures are the owner's personal signatures. */
  deployed(owner: Wallet, salt?: string): Promise<Signs>;
  /** A CREATE2 address that is not deployed; its signatures are ERC-6492 wrapped (factory.deploy calldata). */
  counterfactual(owner: Wallet, salt?: string): Signs & { salt: string };
};

export const wrap6492 = (factory: string, factoryCalldata: string, signature: string) =>
  AbiCoder.defaultAbiCoder().encode(['address', 'bytes', 'bytes'], [factory, factoryCalldata, signature]) + '6492'.repeat(16);

export const contractWallets = async (deployer: Signer): Promise<ContractWallets> => {
  const factory = await deployContract(deployer, 'wallets/OwnedWallet.sol', 'OwnedWalletFactory');
  const factoryAddress = await factory.getAddress();
  const walletCode = compileContract('wallets/OwnedWallet.sol', 'OwnedWallet').bytecode;
  const addressOf = (owner: string, salt: string) =>
    getCreate2Address(factoryAddress, salt, keccak256(solidityPacked(['bytes', 'bytes'], [walletCode, AbiCoder.defaultAbiCoder().encode(['address'], [owner])])));
  const newSalt = () => '0x' + crypto.randomBytes(32).toString('hex');
  return {
    factory,
    async deployed(owner, salt = newSalt()) {
      await (await factory.getFunction('deploy')(owner.address, salt)).wait();
      return { address: addressOf(owner.address, salt), sign: (m) => owner.signMessage(m) };
    },
    counterfactual(owner, salt = newSalt()) {
      const calldata = factory.interface.encodeFunctionData('deploy', [owner.address, salt]);
      return { salt, address: addressOf(owner.address, salt), sign: async (m) => wrap6492(factoryAddress, calldata, await owner.signMessage(m)) };
    },
  };
};
