// What an action did or why it failed, announced to screen readers (alert for failures, status for the rest).
import type { Action } from '../hooks';

export const ErrorNotice = ({ error }: { error: string | null }) =>
  error ? (
    <p class="notice error" role="alert">
      {error}
    </p>
  ) : null;

export const ActionNotice = ({ action }: { action: Action }) => (
  <>
    <ErrorNotice error={action.error} />
    {action.done && (
      <p class="notice done" role="status">
        {action.done}
      </p>
    )}
  </>
);
