// Refreshing what the server read about a contract: its info, or one token's metadata document. The server queues a
// task and answers at once; the task is polled here until it ends, so the operator sees queued → running → done, or
// failed with the reason the worker gave.
import { useEffect, useState } from 'preact/hooks';
import { describeError, request } from '../api';
import { graphql } from '../gql';
import type { MetadataTaskStatus } from '../gql/graphql';
import { useAction } from '../hooks';
import { TextField } from './Field';
import { ErrorNotice } from './Notice';

const QueueContract = graphql(`
  mutation ConsoleQueueContractInfoRefresh($chainId: String!, $contractAddresses: [String!]!) {
    queueContractInfoRefresh(chainId: $chainId, contractAddresses: $contractAddresses) {
      id
      status
      error
      result
    }
  }
`);

const QueueTokens = graphql(`
  mutation ConsoleQueueTokenMetadataRefresh($chainId: String!, $contractAddress: String!, $tokenIds: [BigInt!]) {
    queueTokenMetadataRefresh(chainId: $chainId, contractAddress: $contractAddress, tokenIds: $tokenIds) {
      id
      status
      error
      result
    }
  }
`);

const TaskQuery = graphql(`
  query ConsoleMetadataTask($id: Int!) {
    metadataTask(id: $id) {
      id
      status
      error
      result
    }
  }
`);

type Task = { id: number; status: MetadataTaskStatus; error?: string | null; result: string[] };

/** How often a running task is read again: tasks of one contract or token usually end within a second or two. */
const POLL_MS = 500;
const ended = (t: Task) => t.status === 'DONE' || t.status === 'FAILED';

/**
 * One queued task, polled until it ends; a failed read stops polling and says why (the task itself keeps running).
 * Rendered with the task id as key, so a new task starts from its own first state.
 */
const TaskStatus = ({ token, what, first }: { token: string; what: string; first: Task }) => {
  const [task, setTask] = useState<Task>(first);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (ended(task)) return;
    const timer = setTimeout(() => {
      request(token, TaskQuery, { id: task.id }).then(
        ({ metadataTask }) => metadataTask && setTask(metadataTask),
        (err: unknown) => setError(describeError(err)),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [token, task]);
  return (
    <>
      <p class={`notice${task.status === 'FAILED' ? ' error' : ''}`} role="status" data-testid="task-status">
        {what}: task #{task.id} {task.status.toLowerCase()}
        {task.status === 'FAILED' && task.error && ` — ${task.error}`}
        {task.status === 'DONE' && task.result.length > 0 && ` (${task.result.slice(0, 5).join(', ')}${task.result.length > 5 ? ', …' : ''})`}
      </p>
      <ErrorNotice error={error} />
    </>
  );
};

export const MetadataRefresh = ({ token, chainId, address }: { token: string; chainId: string; address: string }) => {
  const [tokenId, setTokenId] = useState('');
  const [queued, setQueued] = useState<{ what: string; task: Task } | null>(null);
  const queue = useAction();
  useEffect(() => setQueued(null), [token, chainId, address]);

  const refreshContract = () =>
    void queue.run(async () => {
      const { queueContractInfoRefresh: task } = await request(token, QueueContract, { chainId, contractAddresses: [address] });
      if (task) setQueued({ what: 'Contract info', task });
    });

  const refreshToken = (e: Event) => {
    e.preventDefault();
    void queue.run(async () => {
      const id = tokenId.trim();
      const { queueTokenMetadataRefresh: task } = await request(token, QueueTokens, { chainId, contractAddress: address, tokenIds: [id] });
      if (task) setQueued({ what: `Token #${id} metadata`, task });
    });
  };

  return (
    <form onSubmit={refreshToken} aria-labelledby="refresh-title">
      <h3 id="refresh-title">Refresh metadata</h3>
      <button type="button" onClick={refreshContract} disabled={queue.busy}>
        Refresh contract info
      </button>
      <TextField label="Token id to refresh" required inputMode="numeric" pattern="[0-9]+|0x[0-9a-fA-F]+" value={tokenId} onValue={setTokenId} />
      <button type="submit" disabled={queue.busy || !tokenId.trim()}>
        Refresh token metadata
      </button>
      <ErrorNotice error={queue.error} />
      {queued && <TaskStatus key={queued.task.id} token={token} what={queued.what} first={queued.task} />}
    </form>
  );
};
