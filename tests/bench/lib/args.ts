// Command-line options of the benchmarks: `--name value` and bare `--flag`.
export const option = (name: string): string | null => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : null;
};

export const numberOption = (name: string, fallback: number): number => {
  const v = option(name);
  if (v === null) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number (got "${v}")`);
  return n;
};

export const flag = (name: string): boolean => process.argv.includes(`--${name}`);
