// Loading and acting with errors a person can read: every page uses these two, so busy and failed states look alike.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { describeError } from './api';

export type Loaded<T> = { data: T | null; error: string | null; loading: boolean; reload: () => void };

/** Runs `load` now and whenever `deps` change; a newer run's answer wins over an older one still in flight. */
export const useLoad = <T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> => {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const [tick, setTick] = useState(0);
  const run = useRef(0);
  useEffect(() => {
    const mine = ++run.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => mine === run.current && setState({ data, error: null, loading: false }),
      (err: unknown) => mine === run.current && setState((s) => ({ data: s.data, error: describeError(err), loading: false })),
    );
  }, [...deps, tick]); // `load` is new on every render: `deps` say when it asks for something else
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
};

export type Action = { busy: boolean; error: string | null; done: string | null; run: (what: () => Promise<string | void>) => Promise<void> };

/** One user action at a time: its error, or what it did (`done`), is shown until the next one. */
export const useAction = (): Action => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = useCallback(async (what: () => Promise<string | void>) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone((await what()) ?? null);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, done, run };
};
