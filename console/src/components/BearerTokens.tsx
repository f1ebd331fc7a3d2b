// A project's bearer tokens (to manage it, as the console does): issue one with a label and a lifetime (shown once),
// see when each expires, revoke one (refused from then on).
import { useState } from 'preact/hooks';
import { request } from '../api';
import { graphql } from '../gql';
import { useAction, useLoad } from '../hooks';
import { TextField } from './Field';
import { ActionNotice, ErrorNotice } from './Notice';

const TokensQuery = graphql(`
  query ConsoleBearerTokens {
    bearerTokens {
      id
      label
      createdAt
      expiresAt
      revokedAt
    }
  }
`);

const IssueToken = graphql(`
  mutation ConsoleIssueBearerToken($label: String, $days: Int) {
    issueBearerToken(label: $label, days: $days) {
      token
      bearerToken {
        id
      }
    }
  }
`);

const RevokeToken = graphql(`
  mutation ConsoleRevokeBearerToken($id: String!) {
    revokeBearerToken(id: $id)
  }
`);

const dateOf = (iso: string) => new Date(iso).toLocaleDateString();

const stateOf = (t: { expiresAt?: string | null; revokedAt?: string | null }) =>
  t.revokedAt ? `revoked ${dateOf(t.revokedAt)}` : t.expiresAt ? (Date.parse(t.expiresAt) < Date.now() ? `expired ${dateOf(t.expiresAt)}` : `expires ${dateOf(t.expiresAt)}`) : 'never expires';

export const BearerTokens = ({ token }: { token: string }) => {
  const tokens = useLoad(() => request(token, TokensQuery, {}), [token]);
  const [label, setLabel] = useState('');
  const [days, setDays] = useState('30');
  const [issued, setIssued] = useState<{ id: string; token: string } | null>(null);
  const issue = useAction();
  const revoke = useAction();

  const submit = (e: Event) => {
    e.preventDefault();
    void issue.run(async () => {
      const { issueBearerToken } = await request(token, IssueToken, { label: label.trim(), days: days.trim() ? Number(days) : null });
      if (issueBearerToken) setIssued({ id: issueBearerToken.bearerToken.id, token: issueBearerToken.token });
      setLabel('');
      tokens.reload();
    });
  };

  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">Bearer tokens</h2>
      <p class="muted">
        A bearer token manages the project (<code>Authorization: Bearer …</code>). Each expires; revoke one you no longer trust.
      </p>
      <ErrorNotice error={tokens.error} />
      {issued && (
        <div class="secret" role="status">
          <p>New bearer token — copy it now, it is not shown again:</p>
          <code data-testid="issued-token">{issued.token}</code>
        </div>
      )}
      <ul class="keys" aria-label="Issued bearer tokens">
        {tokens.data?.bearerTokens?.map((t) => {
          const name = t.label || `token issued ${dateOf(t.createdAt)}`;
          return (
            <li class="key" key={t.id} aria-label={name}>
              <div class="key-head">
                <strong>{t.label || '(unnamed)'}</strong> <span class="muted">issued {dateOf(t.createdAt)}</span>
              </div>
              <div class="muted" data-testid="token-state">
                {stateOf(t)}
              </div>
              {!t.revokedAt && (
                <div class="actions">
                  <button
                    type="button"
                    class="danger"
                    disabled={revoke.busy}
                    onClick={() =>
                      void revoke.run(async () => {
                        if (!confirm(`Revoke ${name}? Requests with it are refused from now on.`)) return;
                        await request(token, RevokeToken, { id: t.id });
                        if (issued?.id === t.id) setIssued(null);
                        tokens.reload();
                        return `Revoked ${name}.`;
                      })
                    }
                  >
                    Revoke <span class="visually-hidden">{name}</span>
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ActionNotice action={revoke} />
      <form onSubmit={submit} aria-labelledby="new-token-title">
        <h3 id="new-token-title">New bearer token</h3>
        <TextField label="Token label" maxLength={100} value={label} onValue={setLabel} />
        <TextField label="Lifetime in days" hint="1 to 3650." inputMode="numeric" pattern="[0-9]*" value={days} onValue={setDays} />
        <button type="submit" disabled={issue.busy}>
          Issue token
        </button>
        <ActionNotice action={issue} />
      </form>
    </section>
  );
};
