// Who is signed in. The token stays in this tab only (sessionStorage): closing the tab signs out, and no other tab or
// later visitor of the machine finds it.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { request } from './api';
import { graphql } from './gql';

const STORAGE_KEY = 'strata.console.session';

export type Session = {
  /** The token signed in with: the operator's ADMIN_TOKEN or a project's bearer token. */
  token: string;
  role: 'OPERATOR' | 'PROJECT';
  /** The project being managed, with the token that manages it (for the operator, one from openProject). */
  project: { id: number; token: string } | null;
};

const Viewer = graphql(`
  query ConsoleViewer {
    viewer {
      role
      projectId
    }
  }
`);

/** Checks a token with the server and returns the session it opens; throws the server's error otherwise. */
export const signIn = async (token: string): Promise<Session> => {
  const { viewer } = await request(token, Viewer, {});
  if (!viewer) throw new Error('the server did not say who this token is');
  return {
    token,
    role: viewer.role,
    project: viewer.role === 'PROJECT' && viewer.projectId ? { id: viewer.projectId, token } : null,
  };
};

const load = (): Session | null => {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
};

export const useSession = () => {
  const [session, setSession] = useState<Session | null>(load);
  useEffect(() => {
    if (session) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else sessionStorage.removeItem(STORAGE_KEY);
  }, [session]);
  const signOut = useCallback(() => setSession(null), []);
  return { session, setSession, signOut };
};
