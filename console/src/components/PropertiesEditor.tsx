// A collection's free-form properties as rows of name and value; a value that reads as a number or true/false is
// sent as one, anything else as text.
import { TextField } from './Field';

export type Property = { key: string; value: string };

export const PropertiesEditor = ({ rows, onRows }: { rows: Property[]; onRows: (rows: Property[]) => void }) => {
  const set = (i: number, patch: Partial<Property>) => onRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset>
      <legend>Properties</legend>
      {rows.map((r, i) => (
        <div class="attribute" key={i}>
          <TextField label={`Property ${i + 1}`} maxLength={100} value={r.key} onValue={(v) => set(i, { key: v })} />
          <TextField label={`Property value ${i + 1}`} maxLength={2000} value={r.value} onValue={(v) => set(i, { value: v })} />
          <button type="button" onClick={() => onRows(rows.filter((_, j) => j !== i))}>
            Remove <span class="visually-hidden">property {i + 1}</span>
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onRows([...rows, { key: '', value: '' }])}>
        Add property
      </button>
    </fieldset>
  );
};

/** Stored properties to rows; values that are not text are shown as JSON. */
export const propertyRowsOf = (properties: Record<string, unknown> | null | undefined): Property[] =>
  Object.entries(properties ?? {}).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) }));

/** Rows back to an object (rows without a name are dropped). */
export const propertiesOf = (rows: Property[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    const key = r.key.trim();
    if (!key) continue;
    const v = r.value.trim();
    out[key] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v === 'true' ? true : v === 'false' ? false : r.value;
  }
  return out;
};
