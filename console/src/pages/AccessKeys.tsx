// A project's access keys: the project's requests per day, then each key: issue (shown once), name, allowed origins,
// limits, daily use, default, rotate, revoke.
import { useState } from 'preact/hooks';
import { request } from '../api';
import { TextArea, TextField } from '../components/Field';
import { BearerTokens } from '../components/BearerTokens';
import { KeyLimitsLine, KeyUsage } from '../components/KeyUsage';
import { ActionNotice, ErrorNotice } from '../components/Notice';
import { ProjectUsage } from '../components/ProjectUsage';
import { graphql } from '../gql';
import { useAction, useLoad } from '../hooks';

const KeysQuery = graphql(`
  query ConsoleAccessKeys {
    accessKeys {
      id
      name
      hint
      isDefault
      origins
      createdAt
      requestsPerSecond
      requestsPerMonth
      maxQueryCost
    }
  }
`);

const CreateKey = graphql(`
  mutation ConsoleCreateAccessKey($input: AccessKeyInput) {
    createAccessKey(input: $input) {
      key
      accessKey {
        id
      }
    }
  }
`);

const UpdateKey = graphql(`
  mutation ConsoleUpdateAccessKey($id: Int!, $input: AccessKeyInput!) {
    updateAccessKey(id: $id, input: $input) {
      id
    }
  }
`);

const RotateKey = graphql(`
  mutation ConsoleRotateAccessKey($id: Int!) {
    rotateAccessKey(id: $id) {
      key
    }
  }
`);

const RevokeKey = graphql(`
  mutation ConsoleRevokeAccessKey($id: Int!) {
    revokeAccessKey(id: $id)
  }
`);

/** One origin per line (or comma-separated), as people paste them. */
const originsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((o) => o.trim())
    .filter(Boolean);

/** A limit as the form shows it: empty for the server's default. */
const limitField = (value: number | null | undefined) => (value ? String(value) : '');
/** What the form sends: 0 returns the key to the server's default (the server checks the range). */
const limitOf = (text: string) => (text.trim() ? Number(text.trim()) : 0);

type Key = NonNullable<Awaited<ReturnType<typeof loadKeys>>['accessKeys']>[number];
const loadKeys = (token: string) => request(token, KeysQuery, {});

type Issued = { id: number; key: string };

const KeyRow = ({ k, token, onChanged, onIssued, onRevoked }: { k: Key; token: string; onChanged: () => void; onIssued: (issued: Issued) => void; onRevoked: (id: number) => void }) => {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(k.name);
  const [origins, setOrigins] = useState(k.origins.join('\n'));
  const [perSecond, setPerSecond] = useState(limitField(k.requestsPerSecond));
  const [perMonth, setPerMonth] = useState(limitField(k.requestsPerMonth));
  const [maxCost, setMaxCost] = useState(limitField(k.maxQueryCost));
  const [showUsage, setShowUsage] = useState(false);
  const action = useAction();
  const label = k.name || `key …${k.hint}`;

  const save = (e: Event) => {
    e.preventDefault();
    void action.run(async () => {
      const limits = { requestsPerSecond: limitOf(perSecond), requestsPerMonth: limitOf(perMonth), maxQueryCost: limitOf(maxCost) };
      await request(token, UpdateKey, { id: k.id, input: { name, origins: originsOf(origins), ...limits } });
      setEditing(false);
      onChanged();
      return `Saved ${label}.`;
    });
  };

  return (
    <li class="key" aria-label={label}>
      <div class="key-head">
        <strong>{k.name || '(unnamed)'}</strong> <code>…{k.hint}</code>
        {k.isDefault && <span class="badge">default</span>}
      </div>
      <div class="muted">
        {k.origins.length ? `Origins: ${k.origins.join(', ')}` : 'Any origin'} · issued {new Date(k.createdAt).toLocaleDateString()}
      </div>
      <KeyLimitsLine limits={k} />
      <div class="actions">
        <button type="button" onClick={() => setShowUsage(!showUsage)} aria-expanded={showUsage}>
          Usage <span class="visually-hidden">{label}</span>
        </button>
        <button type="button" onClick={() => setEditing(!editing)} aria-expanded={editing}>
          Edit <span class="visually-hidden">{label}</span>
        </button>
        {!k.isDefault && (
          <button
            type="button"
            disabled={action.busy}
            onClick={() =>
              void action.run(async () => {
                await request(token, UpdateKey, { id: k.id, input: { isDefault: true } });
                onChanged();
                return `${label} is the default key.`;
              })
            }
          >
            Make default <span class="visually-hidden">{label}</span>
          </button>
        )}
        <button
          type="button"
          disabled={action.busy}
          onClick={() =>
            void action.run(async () => {
              if (!confirm(`Rotate ${label}? The current key stops working at once.`)) return;
              const { rotateAccessKey } = await request(token, RotateKey, { id: k.id });
              if (rotateAccessKey) onIssued({ id: k.id, key: rotateAccessKey.key });
              onChanged();
            })
          }
        >
          Rotate <span class="visually-hidden">{label}</span>
        </button>
        <button
          type="button"
          class="danger"
          disabled={action.busy}
          onClick={() =>
            void action.run(async () => {
              if (!confirm(`Revoke ${label}? Requests with it are refused from now on.`)) return;
              await request(token, RevokeKey, { id: k.id });
              onRevoked(k.id);
              onChanged();
            })
          }
        >
          Revoke <span class="visually-hidden">{label}</span>
        </button>
      </div>
      {editing && (
        <form onSubmit={save} class="inline-form">
          <TextField label="Name" maxLength={100} value={name} onValue={setName} />
          <TextArea label="Allowed origins" hint="One per line, like https://app.example.com; none allows any origin." rows={3} value={origins} onValue={setOrigins} />
          <div class="limits">
            <TextField label="Requests per second" hint="Empty: the server's default." inputMode="numeric" pattern="[0-9]*" value={perSecond} onValue={setPerSecond} />
            <TextField label="Requests per month" hint="Empty: the server's default." inputMode="numeric" pattern="[0-9]*" value={perMonth} onValue={setPerMonth} />
            <TextField label="Max query cost" hint="Empty: the server's default." inputMode="numeric" pattern="[0-9]*" value={maxCost} onValue={setMaxCost} />
          </div>
          <button type="submit" disabled={action.busy}>
            Save
          </button>
        </form>
      )}
      {showUsage && <KeyUsage token={token} id={k.id} label={label} requestsPerMonth={k.requestsPerMonth} />}
      <ActionNotice action={action} />
    </li>
  );
};

export const AccessKeys = ({ token }: { token: string }) => {
  const keys = useLoad(() => loadKeys(token), [token]);
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  // The key just issued or rotated, shown once; gone when that key is revoked (a dead key is nothing to copy).
  const [issued, setIssued] = useState<Issued | null>(null);
  const create = useAction();

  const submit = (e: Event) => {
    e.preventDefault();
    void create.run(async () => {
      const { createAccessKey } = await request(token, CreateKey, { input: { name: name.trim(), origins: originsOf(origins) } });
      setIssued(createAccessKey ? { id: createAccessKey.accessKey.id, key: createAccessKey.key } : null);
      setName('');
      setOrigins('');
      keys.reload();
    });
  };

  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">Access keys</h2>
      <p class="muted">Apps send a key as <code>X-Access-Key</code>. A project has at most 20; exactly one is the default.</p>
      <ProjectUsage token={token} />
      <ErrorNotice error={keys.error} />
      {issued && (
        <div class="secret" role="status">
          <p>New key — copy it now, it is not shown again:</p>
          <code data-testid="issued-key">{issued.key}</code>
        </div>
      )}
      <ul class="keys">
        {keys.data?.accessKeys?.map((k) => <KeyRow key={`${k.id}-${k.hint}`} k={k} token={token} onChanged={keys.reload} onIssued={setIssued} onRevoked={(id) => setIssued((i) => (i?.id === id ? null : i))} />)}
      </ul>
      <form onSubmit={submit} aria-labelledby="new-key-title">
        <h3 id="new-key-title">New access key</h3>
        <TextField label="Key name" maxLength={100} value={name} onValue={setName} />
        <TextArea label="Allowed origins for the new key" hint="One per line; leave empty to allow any origin." rows={2} value={origins} onValue={setOrigins} />
        <button type="submit" disabled={create.busy}>
          Create key
        </button>
        <ActionNotice action={create} />
      </form>
      <BearerTokens token={token} />
    </section>
  );
};
