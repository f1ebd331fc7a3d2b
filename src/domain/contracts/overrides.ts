// Contract-info overrides: what the operator sets over what the chain and the contractURI document say. Stored per
// (chain, address); every contract-info read applies them (`applyOverride`) and shows which one it applied.
import { ContractInfoOverrideEntity, chainAddressWhere, type ContractInfoOverrideRow, type Db } from '../../db';
import type { Credentials } from '../auth/credentials';
import { requireAdmin } from '../auth/admin';
import type { ChainsService } from '../chains';
import { DomainError, invalidArgument, notFound } from '../errors';
import { offsetPage, offsetWindow, resolvePageRequest, type Page, type PageRequest } from '../paging';
import { optionalBoolean, optionalText, optionalUrl, requireAddress, type Maybe } from '../validate';
import { CONTRACT_TYPES, contractKeyOf, type ContractInfo, type ContractInfoOverride, type ContractKey, type ContractKind, type ExtensionsOverride } from './types';

/** As the published clients send it (ContractInfoOverride); null or absent leaves the field as the chain says. */
export type OverrideInput = {
  name?: Maybe<string>;
  type?: Maybe<string>;
  symbol?: Maybe<string>;
  decimals?: Maybe<number>;
  logoUri?: Maybe<string>;
  extensions?: Maybe<Record<string, unknown>>;
};

type ContractRequest = { chainId?: Maybe<string>; contractAddress: string };

export const OVERRIDES_PAGE = { default: 50, max: 100, cursorTag: 'ov1' };

export type ContractOverridesService = {
  get(creds: Credentials, req: ContractRequest): Promise<ContractInfoOverride>;
  list(creds: Credentials, req: { chainId?: Maybe<string>; page?: PageRequest | null }): Promise<Page<ContractInfoOverride>>;
  /** RequestConflict when the contract has one already (update it instead). */
  add(creds: Credentials, req: ContractRequest & { override: unknown }): Promise<ContractInfoOverride>;
  /** Replaces the whole override; NotFound when there is none. */
  update(creds: Credentials, req: ContractRequest & { override: unknown }): Promise<ContractInfoOverride>;
  /** NotFound when there is none. */
  remove(creds: Credentials, req: ContractRequest): Promise<boolean>;

  // Internal: no caller check (contract-info reads).
  /** The overrides of these contracts, keyed by `chainId:address`. */
  forKeys(keys: ContractKey[]): Promise<Map<string, ContractInfoOverride>>;
};

const TEXT_FIELDS = ['link', 'description', 'ogImage', 'ogName', 'originAddress', 'verifiedBy'] as const;
const URL_FIELDS = new Set(['link', 'ogImage']);

const optionalInt = (field: string, v: unknown, min: number, max: number): number | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw invalidArgument(field, `must be an integer from ${min} to ${max}`);
  return v;
};

const extensionsOf = (v: unknown): ExtensionsOverride => {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw invalidArgument('contractInfoOverride.extensions', 'must be an object');
  const e = v as Record<string, unknown>;
  const f = (k: string) => `contractInfoOverride.extensions.${k}`;
  const out: ExtensionsOverride = {};
  for (const k of TEXT_FIELDS) {
    const s = URL_FIELDS.has(k) ? optionalUrl(f(k), e[k]) : optionalText(f(k), e[k], k === 'description' ? 5_000 : 200);
    if (s !== undefined) out[k] = k === 'originAddress' && s ? requireAddress(f(k), s) : s;
  }
  if (e.categories !== undefined && e.categories !== null) {
    if (!Array.isArray(e.categories) || e.categories.length > 20) throw invalidArgument(f('categories'), 'must be an array of at most 20 strings');
    out.categories = e.categories.map((c, i) => optionalText(`${f('categories')}[${i}]`, c, 100) ?? '');
  }
  const originChainId = optionalInt(f('originChainId'), e.originChainId, 0, Number.MAX_SAFE_INTEGER);
  const featureIndex = optionalInt(f('featureIndex'), e.featureIndex, 0, 1_000_000);
  const blacklist = optionalBoolean(f('blacklist'), e.blacklist);
  const verified = optionalBoolean(f('verified'), e.verified);
  return {
    ...out,
    ...(originChainId !== undefined ? { originChainId } : {}),
    ...(featureIndex !== undefined ? { featureIndex } : {}),
    ...(blacklist !== undefined ? { blacklist } : {}),
    ...(verified !== undefined ? { verified } : {}),
  };
};

/** The validated columns of an override. */
const fieldsOf = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw invalidArgument('contractInfoOverride', 'must be an object {name, type, symbol, decimals, logoURI, extensions}');
  const o = v as OverrideInput;
  const type = optionalText('contractInfoOverride.type', o.type, 16)?.trim().toUpperCase();
  if (type && (!(CONTRACT_TYPES as readonly string[]).includes(type) || type === 'NATIVE')) {
    // NATIVE names the chain's coin (the zero address of native transfers), never a contract.
    throw invalidArgument('contractInfoOverride.type', `must be one of ${CONTRACT_TYPES.filter((t) => t !== 'NATIVE').join(', ')}`);
  }
  const extensions = extensionsOf(o.extensions);
  return {
    name: optionalText('contractInfoOverride.name', o.name, 200) ?? null,
    type: type || null,
    symbol: optionalText('contractInfoOverride.symbol', o.symbol, 100) ?? null,
    decimals: optionalInt('contractInfoOverride.decimals', o.decimals, 0, 255) ?? null,
    logoURI: optionalUrl('contractInfoOverride.logoURI', o.logoUri) || null,
    blacklist: extensions.blacklist ?? null,
    verified: extensions.verified ?? null,
    featured: extensions.featureIndex === undefined ? null : extensions.featureIndex > 0,
    extensions: JSON.stringify(extensions),
  };
};

export const overrideFromRow = (r: ContractInfoOverrideRow): ContractInfoOverride => {
  let extensions: ExtensionsOverride = {};
  try {
    extensions = JSON.parse(r.extensions) ?? {};
  } catch {
    // A row written by hand with bad JSON keeps its other fields.
  }
  return {
    chainId: r.chainId,
    address: r.address,
    name: r.name,
    type: (r.type as ContractKind | null) ?? null,
    symbol: r.symbol,
    decimals: r.decimals,
    logoURI: r.logoURI,
    extensions,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
};

/** The info as the override says where it says something; `override` names the override applied. */
export const applyOverride = (info: ContractInfo, o: ContractInfoOverride | undefined): ContractInfo => {
  if (!o) return info;
  const e = o.extensions;
  return {
    ...info,
    name: o.name ?? info.name,
    type: o.type ?? info.type,
    symbol: o.symbol ?? info.symbol,
    decimals: o.decimals ?? info.decimals,
    logoURI: o.logoURI ?? info.logoURI,
    extensions: {
      ...info.extensions,
      link: e.link ?? info.extensions.link,
      description: e.description ?? info.extensions.description,
      ogImage: e.ogImage ?? info.extensions.ogImage,
      ogName: e.ogName ?? info.extensions.ogName,
      originChainId: e.originChainId ?? info.extensions.originChainId,
      originAddress: e.originAddress ?? info.extensions.originAddress,
      blacklist: e.blacklist ?? info.extensions.blacklist,
      verified: e.verified ?? info.extensions.verified,
      verifiedBy: e.verifiedBy ?? info.extensions.verifiedBy,
      featured: e.featureIndex === undefined ? info.extensions.featured : e.featureIndex > 0,
    },
    source: 'OVERRIDE',
    // An address with nothing stored has the override's fields at least.
    status: info.status === 'NOT_AVAILABLE' ? 'AVAILABLE' : info.status,
    override: o,
  };
};

export const createContractOverridesService = ({
  db,
  chains,
  adminToken,
}: {
  db: Db;
  chains: ChainsService;
  adminToken: string | null;
}): ContractOverridesService => {
  const repo = db.getRepository(ContractInfoOverrideEntity);
  const keyOf = (req: ContractRequest): ContractKey => ({
    chainId: chains.resolve('chainId', req.chainId).chainId,
    address: requireAddress('contractAddress', req.contractAddress),
  });
  const find = async (k: ContractKey) => repo.findOneBy({ chainId: k.chainId, address: k.address });

  return {
    async get(creds, req) {
      requireAdmin(creds, adminToken);
      const k = keyOf(req);
      const row = await find(k);
      if (!row) throw notFound(`contract info override of ${k.address} on chain ${k.chainId}`);
      return overrideFromRow(row);
    },

    async list(creds, req) {
      requireAdmin(creds, adminToken);
      const chainId = req.chainId !== undefined && req.chainId !== null && req.chainId !== '' ? chains.resolve('chainId', req.chainId).chainId : null;
      const page = resolvePageRequest(req.page, OVERRIDES_PAGE);
      const matching = () => {
        const qb = repo.createQueryBuilder('o');
        if (chainId !== null) qb.where('o.chainId = :chainId', { chainId });
        return qb;
      };
      const totalCount = () => matching().getCount();
      const w = await offsetWindow(OVERRIDES_PAGE.cursorTag, page, totalCount);
      const rows = await matching().orderBy('o.chainId', 'ASC').addOrderBy('o.address', 'ASC').offset(w.offset).limit(w.limit).getMany();
      return { ...offsetPage(OVERRIDES_PAGE.cursorTag, rows, page, w, overrideFromRow), totalCount };
    },

    async add(creds, req) {
      requireAdmin(creds, adminToken);
      const k = keyOf(req);
      const fields = fieldsOf(req.override);
      const now = new Date();
      await repo.createQueryBuilder().insert().values({ ...k, ...fields, createdAt: now, updatedAt: now }).orIgnore().execute();
      const row = await find(k);
      // orIgnore: the primary key decides, so two concurrent adds cannot both win.
      if (!row || row.createdAt.getTime() !== now.getTime()) {
        throw new DomainError('RequestConflict', `contract ${k.address} on chain ${k.chainId} has an override already; update it instead`);
      }
      return overrideFromRow(row);
    },

    async update(creds, req) {
      requireAdmin(creds, adminToken);
      const k = keyOf(req);
      const fields = fieldsOf(req.override);
      const r = await repo.update({ chainId: k.chainId, address: k.address }, { ...fields, updatedAt: new Date() });
      const row = await find(k);
      if (!row || r.affected === 0) throw notFound(`contract info override of ${k.address} on chain ${k.chainId}`);
      return overrideFromRow(row);
    },

    async remove(creds, req) {
      requireAdmin(creds, adminToken);
      const k = keyOf(req);
      const existing = await find(k);
      if (!existing) throw notFound(`contract info override of ${k.address} on chain ${k.chainId}`);
      await repo.delete({ chainId: k.chainId, address: k.address });
      return true;
    },

    async forKeys(keys) {
      if (!keys.length) return new Map();
      const { where, params } = chainAddressWhere('o', 'chainId', 'address', keys);
      const rows = await repo.createQueryBuilder('o').where(where, params).getMany();
      return new Map(rows.map((r) => [contractKeyOf(r), overrideFromRow(r)]));
    },
  };
};
