// Projects: the operator lists, creates and opens them (opening issues an expiring bearer token of the project);
// a project's own token sees its project.
import { useState } from 'preact/hooks';
import { request } from '../api';
import { TextField } from '../components/Field';
import { ActionNotice, ErrorNotice } from '../components/Notice';
import { graphql } from '../gql';
import { useAction, useLoad } from '../hooks';
import { go } from '../route';
import type { Session } from '../session';

const ProjectsQuery = graphql(`
  query ConsoleProjects {
    projects {
      id
      name
      createdAt
    }
  }
`);

const CreateProject = graphql(`
  mutation ConsoleCreateProject($name: String!) {
    createProject(name: $name) {
      projectId
      accessKey
      bearerToken
    }
  }
`);

const OpenProject = graphql(`
  mutation ConsoleOpenProject($projectId: Int!) {
    openProject(projectId: $projectId) {
      projectId
      bearerToken
    }
  }
`);

type Props = { session: Session; onOpen: (project: { id: number; token: string }) => void };

export const Projects = ({ session, onOpen }: Props) => {
  const projects = useLoad(() => request(session.token, ProjectsQuery, {}), [session.token]);
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<{ projectId: number; accessKey: string; bearerToken: string } | null>(null);
  const create = useAction();
  const open = useAction();
  const operator = session.role === 'OPERATOR';

  const submit = (e: Event) => {
    e.preventDefault();
    void create.run(async () => {
      const { createProject } = await request(session.token, CreateProject, { name: name.trim() });
      setIssued(createProject ?? null);
      setName('');
      projects.reload();
      return `Project ${createProject?.projectId} created.`;
    });
  };

  const openProject = (projectId: number) =>
    open.run(async () => {
      if (!operator) return go({ page: 'collections' });
      const { openProject: s } = await request(session.token, OpenProject, { projectId });
      if (!s) throw new Error('the server opened no session');
      onOpen({ id: s.projectId, token: s.bearerToken });
      go({ page: 'collections' });
    });

  return (
    <section aria-labelledby="projects-title">
      <h2 id="projects-title">Projects</h2>
      <ErrorNotice error={projects.error} />
      <ActionNotice action={open} />
      <table>
        <caption class="visually-hidden">Projects</caption>
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Name</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {projects.data?.projects?.map((p) => (
            <tr key={p.id} class={session.project?.id === p.id ? 'current' : undefined}>
              <td>{p.id}</td>
              <td>{p.name}</td>
              <td>{new Date(p.createdAt).toLocaleString()}</td>
              <td>
                <button type="button" onClick={() => void openProject(p.id)} disabled={open.busy}>
                  {session.project?.id === p.id ? 'Manage' : 'Open'} <span class="visually-hidden">project {p.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {operator && (
        <form onSubmit={submit} aria-labelledby="new-project-title">
          <h3 id="new-project-title">New project</h3>
          <TextField label="Project name" required maxLength={200} value={name} onValue={setName} />
          <button type="submit" disabled={create.busy || !name.trim()}>
            Create project
          </button>
          <ActionNotice action={create} />
          {issued && (
            <div class="secret" role="status">
              <p>Copy these now: they are not shown again.</p>
              <dl>
                <dt>Access key (X-Access-Key)</dt>
                <dd>
                  <code data-testid="issued-access-key">{issued.accessKey}</code>
                </dd>
                <dt>Bearer token</dt>
                <dd>
                  <code>{issued.bearerToken}</code>
                </dd>
              </dl>
            </div>
          )}
        </form>
      )}
    </section>
  );
};
