// The console's frame: sign-in, then navigation between the pages the token may use.
import { AccessKeys } from './pages/AccessKeys';
import { Chains } from './pages/Chains';
import { Collection } from './pages/Collection';
import { Collections } from './pages/Collections';
import { Contracts } from './pages/Contracts';
import { Projects } from './pages/Projects';
import { SignIn } from './pages/SignIn';
import { Token } from './pages/Token';
import { Wallets } from './pages/Wallets';
import { Webhooks } from './pages/Webhooks';
import { hrefOf, useRoute, type Route } from './route';
import { useSession, type Session } from './session';

type NavItem = { route: Route; label: string };

const navFor = (s: Session): NavItem[] => [
  { route: { page: 'projects' }, label: s.role === 'OPERATOR' ? 'Projects' : 'Project' },
  ...(s.project
    ? [
        { route: { page: 'collections' }, label: 'Collections' } as NavItem,
        { route: { page: 'keys' }, label: 'Access keys' } as NavItem,
        { route: { page: 'webhooks' }, label: 'Webhooks' } as NavItem,
        { route: { page: 'wallets' }, label: 'Wallets' } as NavItem,
      ]
    : []),
  ...(s.role === 'OPERATOR' ? [{ route: { page: 'contracts' }, label: 'Contracts' } as NavItem] : []),
  { route: { page: 'chains' }, label: 'Indexing' },
];

const NeedsProject = () => (
  <p class="notice">
    Open a project first, from <a href={hrefOf({ page: 'projects' })}>Projects</a>.
  </p>
);

const Page = ({ route, session, setSession }: { route: Route; session: Session; setSession: (s: Session | null) => void }) => {
  const project = session.project;
  switch (route.page) {
    case 'projects':
      return (
        <Projects
          session={session}
          onOpen={(p) => setSession({ ...session, project: p })}
          onClosed={() => setSession(session.role === 'OPERATOR' ? { ...session, project: null } : null)}
        />
      );
    case 'keys':
      return project ? <AccessKeys token={project.token} /> : <NeedsProject />;
    case 'webhooks':
      return project ? <Webhooks token={project.token} /> : <NeedsProject />;
    case 'collections':
      return project ? <Collections token={project.token} /> : <NeedsProject />;
    case 'collection':
      return project ? <Collection token={project.token} collectionId={route.collectionId} /> : <NeedsProject />;
    case 'token':
      return project ? <Token token={project.token} collectionId={route.collectionId} tokenId={route.tokenId} /> : <NeedsProject />;
    case 'contracts':
      return <Contracts token={session.token} operator={session.role === 'OPERATOR'} chainId={route.chainId} address={route.address} tokenId={route.tokenId} />;
    case 'chains':
      return <Chains token={session.token} />;
    case 'wallets':
      return project ? <Wallets token={project.token} /> : <NeedsProject />;
  }
};

export const App = () => {
  const { session, setSession, signOut } = useSession();
  const route = useRoute();
  if (!session) return <SignIn onSignedIn={setSession} />;
  const current = route ?? (session.project ? { page: 'collections' } : { page: 'projects' });
  const active = (r: Route) => r.page === current.page || (r.page === 'collections' && (current.page === 'collection' || current.page === 'token'));
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header>
        <span class="brand">Strata console</span>
        <nav aria-label="Console">
          <ul>
            {navFor(session).map((item) => (
              <li key={item.route.page}>
                <a href={hrefOf(item.route)} aria-current={active(item.route) ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <span class="who">
          {session.role === 'OPERATOR' ? 'Operator' : 'Project'}
          {session.project && ` · project ${session.project.id}`}
        </span>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page route={current} session={session} setSession={setSession} />
      </main>
    </>
  );
};
