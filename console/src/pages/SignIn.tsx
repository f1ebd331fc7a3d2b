// Sign in with the operator's ADMIN_TOKEN or a project's bearer token (both printed by `strata project create` /
// set in the server's configuration); the server says which it is.
import { useState } from 'preact/hooks';
import { TextField } from '../components/Field';
import { ActionNotice } from '../components/Notice';
import { useAction } from '../hooks';
import { signIn, type Session } from '../session';

export const SignIn = ({ onSignedIn }: { onSignedIn: (s: Session) => void }) => {
  const [token, setToken] = useState('');
  const action = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    void action.run(async () => onSignedIn(await signIn(token.trim())));
  };
  return (
    <main class="sign-in">
      <h1>Strata console</h1>
      <form onSubmit={submit} aria-label="Sign in">
        <TextField
          label="Token"
          type="password"
          autoComplete="off"
          required
          value={token}
          onValue={setToken}
          hint={
            <>
              The server’s <code>ADMIN_TOKEN</code> (operator), or a project’s bearer token from <code>strata project create</code>.
            </>
          }
        />
        <button type="submit" disabled={action.busy || !token.trim()}>
          {action.busy ? 'Signing in…' : 'Sign in'}
        </button>
        <ActionNotice action={action} />
      </form>
    </main>
  );
};
