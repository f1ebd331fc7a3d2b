// Wallet linking per project: who may link, unlink and list child wallets, proven by signed messages.
import { LessThan, type EntityManager } from 'typeorm';
import type { Db } from '../../db';
import { WalletLinkEntity, WalletLinkNonceEntity, type WalletLinkRow } from '../../db';
import type { ChainRegistry } from '../../chain/registry';
import type { verifyMessageSignature } from '../../chain/signatures';
import type { AuthService } from '../auth/service';
import type { Credentials } from '../auth/credentials';
import type { ChainsService } from '../chains';
import { DomainError, invalidArgument, permissionDenied } from '../errors';
import { optionalText } from '../validate';
import { statements } from './messages';
import { readProof, requireAddress, verifyProofs, type Proof, type ProofContext } from './proofs';
import type { GetLinkedWalletsRequest, LinkWalletRequest, LinkedWallet, MessageForm, RemoveLinkedWalletRequest, SignatureKind } from './types';

/** A parent may hold this many children per project; GetLinkedWallets returns them all. */
export const MAX_LINKS_PER_PARENT = 1000;
export const VERIFY_TIMEOUT_MS = 10_000;
const WALLET_TYPE_MAX = 100;
const PRUNE_EVERY_MS = 10 * 60_000;

export type WalletsService = {
  /** Links the child to the parent; an existing identical link is returned unchanged. */
  link(creds: Credentials, req: LinkWalletRequest): Promise<LinkedWallet>;
  /** Unlinks the child from the parent; true also when they were not linked (idempotent). */
  remove(creds: Credentials, req: RemoveLinkedWalletRequest): Promise<boolean>;
  /** The parent's links in the caller's project, oldest first. */
  list(creds: Credentials, req: GetLinkedWalletsRequest): Promise<LinkedWallet[]>;
  /**
   * For the project's owner (its bearer token, checked by the caller): the parent `address` is, or the parent of the
   * child `address`, and its links, oldest first. No proof: the owner holds these rows already.
   */
  familyOf(projectId: number, address: string): Promise<{ parent: string; links: LinkedWallet[] }>;
};

export type WalletsDeps = {
  db: Db;
  auth: AuthService;
  chains: ChainsService;
  registry: Pick<ChainRegistry, 'client'>;
  /** PUBLIC_URL: its host is the only domain accepted in EIP-4361 messages. */
  publicUrl: string;
  now?: () => Date;
  verifyTimeoutMs?: number;
  verify?: typeof verifyMessageSignature;
};

const linkFromRow = (r: WalletLinkRow): LinkedWallet => ({
  id: r.id,
  walletAddress: r.walletAddress,
  linkedWalletAddress: r.linkedWalletAddress,
  walletType: r.walletType,
  createdAt: r.createdAt,
  signatureChainId: r.signatureChainId,
  parentMessageForm: r.parentMessageForm as MessageForm,
  linkedMessageForm: r.linkedMessageForm as MessageForm,
  parentSignatureKind: r.parentSignatureKind as SignatureKind,
  linkedSignatureKind: r.linkedSignatureKind as SignatureKind,
});

/** A duplicate key, on MySQL/MariaDB or SQLite. */
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; driverError?: { code?: string } };
  const code = e?.driverError?.code ?? e?.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code.startsWith('SQLITE_CONSTRAINT_PRIMARYKEY');
};

/** MySQL chose this transaction as a deadlock victim and rolled it back: it can simply run again. */
const isDeadlock = (err: unknown): boolean => (err as { driverError?: { code?: string } })?.driverError?.code === 'ER_LOCK_DEADLOCK';

/** Thrown inside a transaction when a concurrent LinkWallet inserted the same child first: run it again. */
class LostRace extends Error {}

export const createWalletsService = (deps: WalletsDeps): WalletsService => {
  const { db, auth, chains, registry } = deps;
  const now = deps.now ?? (() => new Date());
  const domain = new URL(deps.publicUrl).host;
  const links = db.getRepository(WalletLinkEntity);
  let lastPrune = 0;

  const linksOf = async (projectId: number, parent: string) =>
    (await links.find({ where: { projectId, walletAddress: parent }, order: { id: 'ASC' }, take: MAX_LINKS_PER_PARENT })).map(linkFromRow);

  const resolveChain = (v: unknown) => chains.resolve('signatureChainId', v).chainId;

  const verify = (chainId: number, proofs: Proof[]) =>
    verifyProofs(proofs, {
      chainId,
      client: () => registry.client(chainId),
      timeoutMs: deps.verifyTimeoutMs ?? VERIFY_TIMEOUT_MS,
      verify: deps.verify,
    });

  /** Marks EIP-4361 nonces used, inside the caller's transaction: a replay is refused and leaves nothing behind. */
  const consumeNonces = async (m: EntityManager, proofs: Proof[]) => {
    const nonces = m.getRepository(WalletLinkNonceEntity);
    for (const p of proofs) {
      if (!p.nonce) continue;
      const key = { address: p.signer, nonce: p.nonce.value };
      const replay = () => invalidArgument(`${p.role}Message`, `EIP-4361 message refused: nonce ${p.nonce!.value} was already used by ${p.signer}`);
      if (await nonces.existsBy(key)) throw replay();
      try {
        await nonces.insert({ ...key, expiresAt: p.nonce.expiresAt, createdAt: now() });
      } catch (err) {
        if (isUniqueViolation(err)) throw replay();
        throw err;
      }
    }
  };

  /** Expired nonces can go: their messages are refused for being expired anyway. */
  const pruneNonces = async () => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    const cutoff = new Date(now().getTime() - PRUNE_EVERY_MS);
    await db.getRepository(WalletLinkNonceEntity).delete({ expiresAt: LessThan(cutoff) });
  };

  const withNonces = async <T>(proofs: Proof[], work: (m: EntityManager) => Promise<T>): Promise<T> => {
    const result = await db.transaction(async (m) => {
      await consumeNonces(m, proofs);
      return work(m);
    });
    if (proofs.some((p) => p.nonce)) await pruneNonces().catch(() => undefined);
    return result;
  };

  return {
    async link(creds, req) {
      const { projectId } = await auth.requireAccessKey(creds);
      const parent = requireAddress('parentWalletAddress', req.parentWalletAddress);
      const child = requireAddress('linkedWalletAddress', req.linkedWalletAddress);
      const chainId = resolveChain(req.signatureChainId);
      const walletType = optionalText('linkedWalletType', req.linkedWalletType, WALLET_TYPE_MAX)?.trim() || null;
      if (parent === child) throw invalidArgument('linkedWalletAddress', 'is the parent wallet itself: a wallet cannot be linked to itself');
      const ctx: ProofContext = { chainId, domain, now: now() };
      const proofs = [
        readProof(ctx, { role: 'parentWallet', signer: parent, message: req.parentWalletMessage, signature: req.parentWalletSignature, statement: statements.parentOf(child) }),
        readProof(ctx, { role: 'linkedWallet', signer: child, message: req.linkedWalletMessage, signature: req.linkedWalletSignature, statement: statements.linkTo(parent) }),
      ];
      const [parentKind, childKind] = await verify(chainId, proofs);

      const attempt = () =>
        withNonces(proofs, async (m) => {
          const repo = m.getRepository(WalletLinkEntity);
          const existing = await repo.findOneBy({ projectId, linkedWalletAddress: child });
          if (existing) {
            if (existing.walletAddress === parent) return existing;
            throw new DomainError(
              'RequestConflict',
              `linkedWalletAddress: ${child} is already linked to another parent wallet in this project; unlink it there first`,
              'linkedWalletAddress',
            );
          }
          if ((await repo.countBy({ projectId, walletAddress: parent })) >= MAX_LINKS_PER_PARENT) {
            throw new DomainError('ResourceExhausted', `parentWalletAddress: ${parent} already has ${MAX_LINKS_PER_PARENT} linked wallets`, 'parentWalletAddress');
          }
          let id: number;
          try {
            const result = await repo.insert({
              projectId,
              walletAddress: parent,
              linkedWalletAddress: child,
              walletType,
              signatureChainId: chainId,
              parentMessageForm: proofs[0].form,
              linkedMessageForm: proofs[1].form,
              parentSignatureKind: parentKind,
              linkedSignatureKind: childKind,
              createdAt: now(),
            });
            id = Number(result.identifiers[0].id);
          } catch (err) {
            if (isUniqueViolation(err)) throw new LostRace();
            throw err;
          }
          return repo.findOneByOrFail({ id });
        });
      try {
        return linkFromRow(await attempt());
      } catch (err) {
        if (!(err instanceof LostRace) && !isDeadlock(err)) throw err;
        return linkFromRow(await attempt());
      }
    },

    async remove(creds, req) {
      const { projectId } = await auth.requireAccessKey(creds);
      const parent = requireAddress('parentWalletAddress', req.parentWalletAddress);
      const child = requireAddress('linkedWalletAddress', req.linkedWalletAddress);
      const chainId = resolveChain(req.signatureChainId);
      if (parent === child) throw invalidArgument('linkedWalletAddress', 'is the parent wallet itself: a wallet is never linked to itself');
      const ctx: ProofContext = { chainId, domain, now: now() };
      const proofs = [
        readProof(ctx, { role: 'parentWallet', signer: parent, message: req.parentWalletMessage, signature: req.parentWalletSignature, statement: statements.parentOf(child) }),
      ];
      // Current clients send only the parent's proof; a child proof that is sent must be right.
      const present = (v: unknown) => v !== undefined && v !== null && v !== '';
      if (present(req.linkedWalletMessage) || present(req.linkedWalletSignature)) {
        proofs.push(
          readProof(ctx, { role: 'linkedWallet', signer: child, message: req.linkedWalletMessage, signature: req.linkedWalletSignature, statement: statements.unlinkFrom(parent) }),
        );
      }
      await verify(chainId, proofs);
      await withNonces(proofs, (m) => m.getRepository(WalletLinkEntity).delete({ projectId, walletAddress: parent, linkedWalletAddress: child }));
      return true;
    },

    async list(creds, req) {
      const { projectId } = await auth.requireAccessKey(creds);
      const parent = requireAddress('parentWalletAddress', req.parentWalletAddress);
      const absent = (v: unknown) => v === undefined || v === null || v === '';
      // A session token (GetAuthToken) of the parent stands for its signature; a signature sent is still checked.
      if (absent(req.parentWalletSignature) && absent(req.parentWalletMessage) && auth.presentsWalletSession(creds)) {
        const session = await auth.requireWalletSession(creds);
        if (session.address !== parent) throw permissionDenied(`parentWalletAddress: the session token is of ${session.address}, not of ${parent}`);
        return linksOf(projectId, parent);
      }
      const chainId = resolveChain(req.signatureChainId);
      const ctx: ProofContext = { chainId, domain, now: now() };
      const proofs = [
        readProof(ctx, { role: 'parentWallet', signer: parent, message: req.parentWalletMessage, signature: req.parentWalletSignature, statement: statements.listLinked(parent) }),
      ];
      await verify(chainId, proofs);
      if (proofs[0].nonce) await withNonces(proofs, async () => undefined);
      return linksOf(projectId, parent);
    },

    async familyOf(projectId, address) {
      const wallet = requireAddress('walletAddress', address);
      // A child has one parent per project (linking refuses a second).
      const asChild = await links.findOneBy({ projectId, linkedWalletAddress: wallet });
      const parent = asChild?.walletAddress ?? wallet;
      return { parent, links: await linksOf(projectId, parent) };
    },
  };
};
