// A token's attributes as rows of trait type and value (the OpenSea shape most marketplaces read).
import { TextField } from './Field';

export type Attribute = { trait_type: string; value: string };

type Props = { rows: Attribute[]; onRows: (rows: Attribute[]) => void };

export const AttributesEditor = ({ rows, onRows }: Props) => {
  const set = (i: number, patch: Partial<Attribute>) => onRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset>
      <legend>Attributes</legend>
      {rows.map((r, i) => (
        <div class="attribute" key={i}>
          <TextField label={`Trait ${i + 1}`} value={r.trait_type} onValue={(v) => set(i, { trait_type: v })} />
          <TextField label={`Value ${i + 1}`} value={r.value} onValue={(v) => set(i, { value: v })} />
          <button type="button" onClick={() => onRows(rows.filter((_, j) => j !== i))}>
            Remove <span class="visually-hidden">attribute {i + 1}</span>
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onRows([...rows, { trait_type: '', value: '' }])}>
        Add attribute
      </button>
    </fieldset>
  );
};

/** Attributes as stored (any JSON objects) to rows; values that are not text are shown as JSON. */
export const rowsOf = (attributes: Record<string, unknown>[] | null | undefined): Attribute[] =>
  (attributes ?? []).map((a) => ({
    trait_type: typeof a.trait_type === 'string' ? a.trait_type : '',
    value: typeof a.value === 'string' ? a.value : a.value === undefined ? '' : JSON.stringify(a.value),
  }));

/** Rows back to attributes; an all-digits value is sent as a number, as marketplaces expect for numeric traits. */
export const attributesOf = (rows: Attribute[]): Record<string, unknown>[] =>
  rows
    .filter((r) => r.trait_type.trim() || r.value.trim())
    .map((r) => ({ trait_type: r.trait_type.trim(), value: /^-?\d+(\.\d+)?$/.test(r.value.trim()) ? Number(r.value) : r.value }));
