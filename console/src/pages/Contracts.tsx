// The operator's contract flags: find a contract (by text, or by chain and address), then set verified, blacklist
// and featured, which searches and metadata replies use; refresh its info or a token's metadata, override its info
// (operator only), and narrow its tokens by trait.
import { useEffect, useState } from 'preact/hooks';
import { request } from '../api';
import { ContractOverride } from '../components/ContractOverride';
import { ContractMedia } from '../components/ContractMedia';
import { ContractSummary } from '../components/ContractSummary';
import { CheckboxField, TextField } from '../components/Field';
import { MetadataRefresh } from '../components/MetadataRefresh';
import { ActionNotice, ErrorNotice } from '../components/Notice';
import { TraitFilters } from '../components/TraitFilters';
import { graphql } from '../gql';
import { useAction } from '../hooks';
import { go } from '../route';

const Search = graphql(`
  query ConsoleSearchContracts($q: String!) {
    searchContracts(q: $q, first: 20) {
      nodes {
        chainId
        address
        name
        symbol
        type
      }
    }
  }
`);

const Lookup = graphql(`
  query ConsoleContractInfo($chainId: String!, $contractAddress: String!) {
    contractInfo(chainId: $chainId, contractAddress: $contractAddress) {
      chainId
      address
      name
      symbol
      type
      logoUri
      extensions {
        verified
        verifiedBy
        blacklist
        featured
      }
    }
  }
`);

const SetFlags = graphql(`
  mutation ConsoleSetContractFlags($chainId: String!, $contractAddress: String!, $flags: ContractFlagsInput!) {
    setContractFlags(chainId: $chainId, contractAddress: $contractAddress, flags: $flags) {
      address
    }
  }
`);

type Info = NonNullable<Awaited<ReturnType<typeof lookup>>['contractInfo']>;
const lookup = (token: string, chainId: string, contractAddress: string) => request(token, Lookup, { chainId, contractAddress });

const FlagsForm = ({ token, info, onSaved }: { token: string; info: Info; onSaved: () => void }) => {
  const [verified, setVerified] = useState(info.extensions.verified);
  const [verifiedBy, setVerifiedBy] = useState(info.extensions.verifiedBy ?? '');
  const [blacklist, setBlacklist] = useState(info.extensions.blacklist);
  const [featured, setFeatured] = useState(info.extensions.featured);
  const save = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    void save.run(async () => {
      await request(token, SetFlags, { chainId: String(info.chainId), contractAddress: info.address, flags: { verified, verifiedBy, blacklist, featured } });
      onSaved();
      return 'Flags saved.';
    });
  };
  return (
    <form onSubmit={submit} aria-label={`Flags of ${info.name || info.address}`}>
      <h3>
        {info.name || '(no name)'} {info.symbol && <span class="muted">{info.symbol}</span>} <span class="badge">{info.type}</span>
      </h3>
      <p class="muted">
        Chain {info.chainId} · <code>{info.address}</code>
      </p>
      <CheckboxField label="Verified" checked={verified} onChecked={setVerified} />
      <TextField label="Verified by" maxLength={200} value={verifiedBy} onValue={setVerifiedBy} />
      <CheckboxField label="Blacklisted" hint="Left out of searches and verified selections." checked={blacklist} onChecked={setBlacklist} />
      <CheckboxField label="Featured" hint="Listed first in searches." checked={featured} onChecked={setFeatured} />
      <button type="submit" disabled={save.busy}>
        Save flags
      </button>
      <ActionNotice action={save} />
    </form>
  );
};

/** `operator`: the session is the operator's (only then are overrides offered, as the server allows only them). */
/** `chainId` and `address`: the contract the URL names (#/contracts/<chain>/<address>), opened on arrival and on reload. */
export const Contracts = ({
  token,
  operator,
  chainId: routeChain,
  address: routeAddress,
  tokenId: routeToken,
}: {
  token: string;
  operator: boolean;
  chainId?: string;
  address?: string;
  tokenId?: string;
}) => {
  const [q, setQ] = useState('');
  const [chainId, setChainId] = useState('');
  const [address, setAddress] = useState('');
  const [results, setResults] = useState<{ chainId: number; address: string; name: string; symbol: string; type: string }[] | null>(null);
  const [info, setInfo] = useState<Info | null>(null);
  const find = useAction();
  const open = useAction();

  const openContract = (chain: string, contract: string) =>
    open.run(async () => {
      const { contractInfo } = await lookup(token, chain, contract);
      setInfo(contractInfo ?? null);
      // The page's URL names the contract: it can be bookmarked, shared with another operator, reloaded.
      // A token named in the URL stays named when the contract is opened from it.
      const same = String(contractInfo?.chainId) === routeChain && contractInfo?.address === routeAddress?.toLowerCase();
      if (contractInfo) go({ page: 'contracts', chainId: String(contractInfo.chainId), address: contractInfo.address, ...(same && routeToken ? { tokenId: routeToken } : {}) });
    });
  useEffect(() => setInfo(null), [token]);
  useEffect(() => {
    const shown = info && String(info.chainId) === routeChain && info.address === routeAddress?.toLowerCase();
    if (routeChain && routeAddress && !shown) void openContract(routeChain, routeAddress);
  }, [token, routeChain, routeAddress]);

  return (
    <section aria-labelledby="contracts-title">
      <h2 id="contracts-title">Contracts</h2>
      <div class="two-columns">
        <form
          aria-label="Search contracts"
          onSubmit={(e) => {
            e.preventDefault();
            void find.run(async () => setResults((await request(token, Search, { q: q.trim() })).searchContracts?.nodes ?? []));
          }}
        >
          <TextField label="Name or symbol" type="search" value={q} onValue={setQ} />
          <button type="submit" disabled={find.busy || !q.trim()}>
            Search
          </button>
          <ActionNotice action={find} />
          {results && (
            <ul class="results">
              {results.length === 0 && <li class="muted">Nothing found.</li>}
              {results.map((r) => (
                <li key={`${r.chainId}:${r.address}`}>
                  <button type="button" class="link" onClick={() => void openContract(String(r.chainId), r.address)}>
                    {r.name || r.address} {r.symbol && `(${r.symbol})`} — chain {r.chainId}, {r.type}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </form>
        <form
          aria-label="Open a contract"
          onSubmit={(e) => {
            e.preventDefault();
            void openContract(chainId.trim(), address.trim());
          }}
        >
          <TextField label="Chain id or name" required value={chainId} onValue={setChainId} />
          <TextField label="Contract address" required pattern="0x[0-9a-fA-F]{40}" value={address} onValue={setAddress} />
          <button type="submit" disabled={open.busy}>
            Open contract
          </button>
        </form>
      </div>
      <ActionNotice action={open} />
      {info && <FlagsForm key={`${info.chainId}:${info.address}`} token={token} info={info} onSaved={() => void openContract(String(info.chainId), info.address)} />}
      {info && (
        <ContractSummary key={`summary-${info.chainId}:${info.address}`} token={token} chainId={String(info.chainId)} address={info.address} name={info.name} logoUri={info.logoUri} />
      )}
      {info && <MetadataRefresh token={token} chainId={String(info.chainId)} address={info.address} />}
      {info && operator && (
        <ContractOverride token={token} chainId={String(info.chainId)} address={info.address} onChanged={() => void openContract(String(info.chainId), info.address)} />
      )}
      {info && <ContractMedia key={`media-${info.chainId}:${info.address}`} token={token} chainId={String(info.chainId)} address={info.address} tokenId={routeToken} />}
      {info && <TraitFilters key={`${info.chainId}:${info.address}`} token={token} chainId={String(info.chainId)} address={info.address} />}
    </section>
  );
};
