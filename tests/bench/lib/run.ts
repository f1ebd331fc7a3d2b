// A benchmark script's entry: runs `main`, exits 0 when it ends, prints the error and exits 1 when it fails (open
// servers and nodes must not keep a failed run alive).
export const runBench = (main: () => Promise<void>) =>
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );

/** The dialect a bench ran on, from DATABASE_URL as the server reads it. */
export const dialectName = () => (process.env.DATABASE_URL?.startsWith('mysql://') ? 'mariadb' : 'sqlite');
