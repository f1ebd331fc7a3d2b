// Indexing status of every configured chain, refreshed every few seconds: progress to the head, an estimate of the
// time left (from the blocks committed between two readings), endpoint health, the watched contracts' backfills, and
// pace and lag over time (ChainPace, from the recorded samples).
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError, request } from '../api';
import { ChainPace } from '../components/ChainPace';
import { ErrorNotice } from '../components/Notice';
import { graphql } from '../gql';

const ChainsQuery = graphql(`
  query ConsoleChains {
    chains {
      chainId
      name
      indexedBlock
      headBlock
      finalizedBlock
      lag
      eventsIndexed
      updatedAt
      endpoints {
        url
        state
        inUse
        head
        failures
        served
        failed
      }
      contracts {
        address
        state
        percent
        etaSeconds
        error
      }
    }
  }
`);

const REFRESH_MS = 3_000;

type Chain = NonNullable<Awaited<ReturnType<typeof readChains>>['chains']>[number];
const readChains = (token: string) => request(token, ChainsQuery, {});

const duration = (seconds: number) => {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
};

type Rate = { blocks: number; events: number };

/** Blocks and events per second between the two latest readings of a chain that moved; absent until there are two. */
const useRates = (chains: Chain[] | null) => {
  const last = useRef(new Map<number, { block: number; events: number; at: number }>());
  const [rates, setRates] = useState(new Map<number, Rate>());
  useEffect(() => {
    if (!chains) return;
    const now = Date.now();
    const measured: [number, Rate][] = [];
    for (const c of chains) {
      if (c.indexedBlock == null) continue;
      const before = last.current.get(c.chainId);
      if (before && now > before.at && c.indexedBlock > before.block) {
        const seconds = (now - before.at) / 1000;
        measured.push([c.chainId, { blocks: (c.indexedBlock - before.block) / seconds, events: Math.max(0, c.eventsIndexed - before.events) / seconds }]);
      }
      last.current.set(c.chainId, { block: c.indexedBlock, events: c.eventsIndexed, at: now });
    }
    // A chain that did not move keeps its last rate: a pause between batches is not a stop.
    if (measured.length) setRates((previous) => new Map([...previous, ...measured]));
  }, [chains]);
  return rates;
};

const perSecond = (n: number | undefined) => (n === undefined ? '—' : `${n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en')}/s`);

const ChainCard = ({ c, rate, token }: { c: Chain; rate: Rate | undefined; token: string }) => {
  const percent = c.indexedBlock != null && c.headBlock ? Math.min(100, (100 * c.indexedBlock) / c.headBlock) : 0;
  const eta = c.lag && rate?.blocks ? duration(c.lag / rate.blocks) : c.lag === 0 ? 'at the head' : 'estimating…';
  // A block number below zero means none yet (no finalized block on a young chain).
  const block = (n: number | null | undefined) => (n == null || n < 0 ? '—' : String(n));
  const stats: [string, string][] = [
    ['Indexed', block(c.indexedBlock)],
    ['Head', block(c.headBlock)],
    ['Finalized', block(c.finalizedBlock)],
    ['Behind', c.lag == null ? '—' : `${c.lag} blocks`],
    ['Time left', eta],
    ['Events', c.eventsIndexed.toLocaleString('en')],
    ['Events per second', perSecond(rate?.events)],
    ['Blocks per second', perSecond(rate?.blocks)],
  ];
  return (
    <article class="card chain" aria-labelledby={`chain-${c.chainId}`}>
      <h3 id={`chain-${c.chainId}`}>
        {c.name ?? 'Chain'} <span class="muted">{c.chainId}</span>
      </h3>
      <progress max={100} value={percent} aria-label={`Chain ${c.chainId} indexed`}>
        {percent.toFixed(1)} %
      </progress>
      <dl class="stats">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={`${label.toLowerCase().replace(/\s+/g, '-')}-${c.chainId}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <table>
        <caption>Endpoints</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">State</th>
            <th scope="col">Head</th>
            <th scope="col">Served / failed</th>
          </tr>
        </thead>
        <tbody>
          {c.endpoints.map((e) => (
            <tr key={e.url}>
              <td>
                {e.url} {e.inUse && <span class="badge">in use</span>}
              </td>
              <td class={`state ${e.state.toLowerCase()}`}>{e.state}</td>
              <td>{e.head ?? '—'}</td>
              <td>
                {e.served} / {e.failed}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {c.contracts.length > 0 && (
        <table>
          <caption>Watched contracts</caption>
          <tbody>
            {c.contracts.map((w) => (
              <tr key={w.address}>
                <td>
                  <code>{w.address}</code>
                </td>
                <td>{w.state}</td>
                <td>{w.percent != null ? `${w.percent.toFixed(1)} %` : ''}</td>
                <td>{w.error ?? (w.etaSeconds ? duration(w.etaSeconds) : '')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ChainPace token={token} chainId={c.chainId} name={c.name ?? `chain ${c.chainId}`} />
    </article>
  );
};

export const Chains = ({ token }: { token: string }) => {
  const [chains, setChains] = useState<Chain[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const { chains: read } = await readChains(token);
        if (!stopped) (setChains(read ?? []), setError(null));
      } catch (err) {
        if (!stopped) setError(describeError(err));
      }
      if (!stopped) timer = setTimeout(poll, REFRESH_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token]);
  const rates = useRates(chains);
  return (
    <section aria-labelledby="chains-title" aria-live="off">
      <h2 id="chains-title">Indexing</h2>
      <ErrorNotice error={error} />
      {chains && chains.length === 0 && <p class="muted">No chain is configured (CHAINS).</p>}
      <div class="chains">
        {chains?.map((c) => <ChainCard key={c.chainId} c={c} rate={rates.get(c.chainId)} token={token} />)}
      </div>
    </section>
  );
};
