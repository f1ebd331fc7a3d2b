// A project's webhook listeners on a chain: add (the signing secret shown once), pause and resume, remove, the
// delivery log of each (deliveries and latency per hour as a chart; status, attempts, last error, latency of each) and
// replay from a block.
import { useState } from 'preact/hooks';
import { request } from '../api';
import { DeliveryHours } from '../components/DeliveryHours';
import { CheckboxField, TextArea, TextField } from '../components/Field';
import { ActionNotice, ErrorNotice } from '../components/Notice';
import { graphql } from '../gql';
import type { WebhookKind } from '../gql/graphql';
import { useAction, useLoad } from '../hooks';

const ChainsQuery = graphql(`
  query ConsoleWebhookChains {
    chains {
      chainId
      name
    }
  }
`);

const ListenersQuery = graphql(`
  query ConsoleWebhookListeners($chainId: String) {
    webhookListeners(chainId: $chainId) {
      id
      url
      name
      active
      disabledReason
      kinds
      filters {
        contractAddresses
        accounts
        events
        tokenIds
      }
      createdAt
    }
  }
`);

const AddListener = graphql(`
  mutation ConsoleAddWebhookListener($chainId: String, $input: WebhookListenerInput!) {
    addWebhookListener(chainId: $chainId, input: $input) {
      secret
      listener {
        id
      }
    }
  }
`);

const ToggleListener = graphql(`
  mutation ConsoleToggleWebhookListener($chainId: String, $id: Int!) {
    toggleWebhookListener(chainId: $chainId, id: $id) {
      id
      active
    }
  }
`);

const RemoveListener = graphql(`
  mutation ConsoleRemoveWebhookListener($chainId: String, $id: Int!) {
    removeWebhookListener(chainId: $chainId, id: $id)
  }
`);

const DeliveriesQuery = graphql(`
  query ConsoleWebhookDeliveries($chainId: String, $listenerId: Int!) {
    webhookDeliveries(chainId: $chainId, listenerId: $listenerId, first: 20) {
      totalCount
      nodes {
        webhookId
        status
        attempts
        lastError
        lastStatus
        latencyMs
        firstBlock
        lastBlock
        eventCount
        createdAt
        deliveredAt
        nextAttemptAt
      }
    }
  }
`);

const Replay = graphql(`
  mutation ConsoleReplayWebhookListener($chainId: String, $listenerId: Int!, $fromBlock: Int!) {
    replayWebhookListener(chainId: $chainId, listenerId: $listenerId, fromBlock: $fromBlock)
  }
`);

const KINDS: Array<{ kind: WebhookKind; label: string }> = [
  { kind: 'EVENTS', label: 'Token events' },
  { kind: 'BALANCES', label: 'Balance updates' },
  { kind: 'RECEIPTS', label: 'Transaction receipts' },
];

/** One entry per line (or comma-separated), as people paste them. */
const linesOf = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

type Listener = NonNullable<Awaited<ReturnType<typeof loadListeners>>['webhookListeners']>[number];
const loadListeners = (token: string, chainId: string | null) => request(token, ListenersQuery, { chainId });

const Deliveries = ({ token, chainId, listener }: { token: string; chainId: string | null; listener: Listener }) => {
  const log = useLoad(() => request(token, DeliveriesQuery, { chainId, listenerId: listener.id }), [token, chainId, listener.id]);
  // Bumped by Refresh, so the chart is read again with the log.
  const [reloads, setReloads] = useState(0);
  const [fromBlock, setFromBlock] = useState('');
  const replay = useAction();
  const label = listener.name || listener.url;

  const submit = (e: Event) => {
    e.preventDefault();
    void replay.run(async () => {
      const { replayWebhookListener: queued } = await request(token, Replay, { chainId, listenerId: listener.id, fromBlock: Number(fromBlock) });
      log.reload();
      return `Replay from block ${fromBlock} queued ${queued ?? 0} deliver${queued === 1 ? 'y' : 'ies'}.`;
    });
  };

  const page = log.data?.webhookDeliveries;
  return (
    <div class="deliveries">
      <DeliveryHours token={token} chainId={chainId} listenerId={listener.id} label={label} reloads={reloads} />
      <ErrorNotice error={log.error} />
      <table aria-label={`Deliveries of ${label}`}>
        <caption>
          Deliveries {page && <span class="muted">({page.totalCount}, newest first)</span>}{' '}
          <button
            type="button"
            onClick={() => {
              log.reload();
              setReloads((n) => n + 1);
            }}
            disabled={log.loading}
          >
            Refresh <span class="visually-hidden">deliveries of {label}</span>
          </button>
        </caption>
        <thead>
          <tr>
            <th scope="col">Blocks</th>
            <th scope="col">Items</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Latency</th>
            <th scope="col">Last error</th>
          </tr>
        </thead>
        <tbody>
          {page?.nodes.map((d) => (
            <tr key={d.webhookId} data-webhook-id={d.webhookId}>
              <td>{d.firstBlock === d.lastBlock ? d.firstBlock : `${d.firstBlock}–${d.lastBlock}`}</td>
              <td>{d.eventCount}</td>
              <td class={`state ${d.status.toLowerCase()}`}>
                {d.status.toLowerCase()}
                {d.status === 'RETRYING' && d.nextAttemptAt && <span class="muted"> · next {new Date(d.nextAttemptAt).toLocaleTimeString()}</span>}
              </td>
              <td>{d.attempts}</td>
              <td>{d.latencyMs != null ? `${d.latencyMs} ms` : '—'}</td>
              <td>{d.lastError ? `${d.lastStatus ? `${d.lastStatus}: ` : ''}${d.lastError}` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {page && page.nodes.length === 0 && <p class="muted">Nothing delivered yet.</p>}
      <form onSubmit={submit} class="inline-form">
        <TextField label="Replay from block" inputMode="numeric" pattern="[0-9]+" required value={fromBlock} onValue={setFromBlock} />
        <button type="submit" disabled={replay.busy}>
          Replay <span class="visually-hidden">{label}</span>
        </button>
      </form>
      <ActionNotice action={replay} />
    </div>
  );
};

const ListenerRow = ({ l, token, chainId, onChanged }: { l: Listener; token: string; chainId: string | null; onChanged: () => void }) => {
  const [open, setOpen] = useState(false);
  const action = useAction();
  const label = l.name || l.url;
  const what = [
    l.filters.contractAddresses.length ? `contracts ${l.filters.contractAddresses.join(', ')}` : '',
    l.filters.accounts.length ? `accounts ${l.filters.accounts.join(', ')}` : '',
    l.filters.events.length ? `${l.filters.events.length} event signature${l.filters.events.length === 1 ? '' : 's'}` : '',
    l.filters.tokenIds.length ? `token ids ${l.filters.tokenIds.join(', ')}` : '',
  ].filter(Boolean);

  return (
    <li class="key" aria-label={label}>
      <div class="key-head">
        <strong>{l.name || '(unnamed)'}</strong> <code>{l.url}</code> <span class={`badge ${l.active ? '' : 'off'}`}>{l.active ? 'active' : 'paused'}</span>
      </div>
      <div class="muted">
        #{l.id} · {l.kinds.map((k) => k.toLowerCase()).join(', ')} · {what.join(' · ')}
      </div>
      {l.disabledReason && (
        <p class="notice error" role="status">
          Disabled by delivery: {l.disabledReason}
        </p>
      )}
      <div class="actions">
        <button
          type="button"
          disabled={action.busy}
          onClick={() =>
            void action.run(async () => {
              const { toggleWebhookListener: t } = await request(token, ToggleListener, { chainId, id: l.id });
              onChanged();
              return `${label} is ${t?.active ? 'active' : 'paused'}.`;
            })
          }
        >
          {l.active ? 'Pause' : 'Resume'} <span class="visually-hidden">{label}</span>
        </button>
        <button type="button" onClick={() => setOpen(!open)} aria-expanded={open}>
          Deliveries <span class="visually-hidden">{label}</span>
        </button>
        <button
          type="button"
          class="danger"
          disabled={action.busy}
          onClick={() =>
            void action.run(async () => {
              if (!confirm(`Remove ${label}? Its pending deliveries and its log go with it.`)) return;
              await request(token, RemoveListener, { chainId, id: l.id });
              onChanged();
            })
          }
        >
          Remove <span class="visually-hidden">{label}</span>
        </button>
      </div>
      <ActionNotice action={action} />
      {open && <Deliveries token={token} chainId={chainId} listener={l} />}
    </li>
  );
};

export const Webhooks = ({ token }: { token: string }) => {
  const chains = useLoad(() => request(token, ChainsQuery, {}), [token]);
  const [chosen, setChosen] = useState<string | null>(null);
  const chainId = chosen ?? (chains.data?.chains?.[0] ? String(chains.data.chains[0].chainId) : null);
  const listeners = useLoad(() => (chainId ? loadListeners(token, chainId) : Promise.resolve(null)), [token, chainId]);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [contracts, setContracts] = useState('');
  const [accounts, setAccounts] = useState('');
  const [events, setEvents] = useState('');
  const [kinds, setKinds] = useState<WebhookKind[]>(['EVENTS']);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useAction();

  const submit = (e: Event) => {
    e.preventDefault();
    void create.run(async () => {
      const filters = { contractAddresses: linesOf(contracts), accounts: linesOf(accounts), events: events.split('\n').map((s) => s.trim()).filter(Boolean) };
      const { addWebhookListener } = await request(token, AddListener, { chainId, input: { url: url.trim(), name: name.trim(), filters, kinds } });
      setSecret(addWebhookListener?.secret ?? null);
      setUrl('');
      setName('');
      listeners.reload();
    });
  };

  const list = listeners.data?.webhookListeners;
  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p class="muted">
        Matched updates are POSTed in chain order, signed as Standard Webhooks say (<code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
        <code>webhook-signature</code>), retried for about a day; orphaned data comes back as <code>reorged</code> notices.
      </p>
      <ErrorNotice error={chains.error ?? listeners.error} />
      {(chains.data?.chains?.length ?? 0) > 1 && (
        <div class="field">
          <label for="webhook-chain">Chain</label>
          <select id="webhook-chain" value={chainId ?? ''} onChange={(e) => setChosen(e.currentTarget.value)}>
            {chains.data?.chains?.map((c) => (
              <option key={c.chainId} value={String(c.chainId)}>
                {c.name ? `${c.name} (${c.chainId})` : c.chainId}
              </option>
            ))}
          </select>
        </div>
      )}
      {secret && (
        <div class="secret" role="status">
          <p>Signing secret of the new listener — copy it now, it is not shown again:</p>
          <code data-testid="webhook-secret">{secret}</code>
        </div>
      )}
      {list && list.length === 0 && <p class="muted">No listener on this chain yet: add the first one below.</p>}
      <ul class="keys">
        {list?.map((l) => <ListenerRow key={l.id} l={l} token={token} chainId={chainId} onChanged={listeners.reload} />)}
      </ul>
      <form onSubmit={submit} aria-labelledby="new-webhook-title">
        <h3 id="new-webhook-title">New listener</h3>
        <TextField label="Receiver URL" type="url" required placeholder="https://app.example.com/hooks/strata" value={url} onValue={setUrl} />
        <TextField label="Listener name" maxLength={200} value={name} onValue={setName} />
        <TextArea label="Contract addresses" hint="One per line; contracts or accounts (or both) are required." rows={2} value={contracts} onValue={setContracts} />
        <TextArea label="Accounts" hint="One per line: transfers from or to them." rows={2} value={accounts} onValue={setAccounts} />
        <TextArea label="Event signatures" hint="One per line, e.g. Transfer(address indexed from, address indexed to, uint256 value); none: every token event." rows={2} value={events} onValue={setEvents} />
        <fieldset>
          <legend>Receives</legend>
          {KINDS.map(({ kind, label }) => (
            <CheckboxField
              key={kind}
              label={label}
              checked={kinds.includes(kind)}
              onChecked={(on) => setKinds(on ? [...kinds, kind] : kinds.filter((k) => k !== kind))}
            />
          ))}
        </fieldset>
        <button type="submit" disabled={create.busy || !chainId}>
          Add listener
        </button>
        <ActionNotice action={create} />
      </form>
    </section>
  );
};
