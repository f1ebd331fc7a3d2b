// How long a test waits for what must happen, on any machine. A wait returns as soon as its event or state arrives, so a
// generous cap costs nothing when Strata works and only delays the failure when it does not; a tight one fails a
// correct Strata on a loaded machine (a 2-core box running both jest workers, anvil, MariaDB and two CPU hogs runs
// ingestion several times slower than an idle one). Every wait that gives up says what it was waiting for.
// jest.config.js sets each test's and hook's own cap to more than a few of these waits.
export const PATIENCE_MS = 240_000;
