// Projects: the operator lists, creates and opens them (opening issues an expiring bearer token of the project);
// a project's own token sees its project. Either renames or deletes a project it may manage.
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
      key
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

const RenameProject = graphql(`
  mutation ConsoleRenameProject($projectId: Int!, $name: String!) {
    renameProject(projectId: $projectId, name: $name) {
      id
    }
  }
`);

const DeleteProject = graphql(`
  mutation ConsoleDeleteProject($projectId: Int!) {
    deleteProject(projectId: $projectId)
  }
`);

type Props = {
  session: Session;
  onOpen: (project: { id: number; token: string }) => void;
  /** The project managed in this session was deleted. */
  onClosed: () => void;
};

/** A project's row actions: rename in place, delete after confirmation. */
const RowActions = ({
  token,
  project,
  onChanged,
  onDeleted,
}: {
  token: string;
  project: { id: number; name: string };
  onChanged: () => void;
  /** Told what to say: the row (and this component's notice) goes with the project, so the page shows it. */
  onDeleted: (notice: string) => void;
}) => {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(project.name);
  const action = useAction();
  return (
    <>
      <button type="button" onClick={() => setRenaming(!renaming)} aria-expanded={renaming}>
        Rename <span class="visually-hidden">project {project.name}</span>
      </button>
      <button
        type="button"
        class="danger"
        disabled={action.busy}
        onClick={() =>
          void action.run(async () => {
            if (!confirm(`Delete project “${project.name}” with its access keys and bearer tokens?`)) return;
            await request(token, DeleteProject, { projectId: project.id });
            onDeleted(`Project ${project.name} deleted.`);
          })
        }
      >
        Delete <span class="visually-hidden">project {project.name}</span>
      </button>
      {renaming && (
        <form
          class="inline-form"
          aria-label={`Rename project ${project.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            void action.run(async () => {
              await request(token, RenameProject, { projectId: project.id, name: name.trim() });
              setRenaming(false);
              onChanged();
              return `Renamed to ${name.trim()}.`;
            });
          }}
        >
          <TextField label="New name" required maxLength={200} value={name} onValue={setName} />
          <button type="submit" disabled={action.busy || !name.trim()}>
            Save name
          </button>
        </form>
      )}
      <ActionNotice action={action} />
    </>
  );
};

export const Projects = ({ session, onOpen, onClosed }: Props) => {
  const projects = useLoad(() => request(session.token, ProjectsQuery, {}), [session.token]);
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<{ projectId: number; key: string; bearerToken: string } | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
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
      {deleted && (
        <p class="notice done" role="status">
          {deleted}
        </p>
      )}
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
                <div class="actions">
                  <button type="button" onClick={() => void openProject(p.id)} disabled={open.busy}>
                    {session.project?.id === p.id ? 'Manage' : 'Open'} <span class="visually-hidden">project {p.name}</span>
                  </button>
                  <RowActions
                    token={session.token}
                    project={p}
                    onChanged={projects.reload}
                    onDeleted={(notice) => {
                      setDeleted(notice);
                      if (session.project?.id === p.id) onClosed();
                      else projects.reload();
                    }}
                  />
                </div>
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
                  <code data-testid="issued-access-key">{issued.key}</code>
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
