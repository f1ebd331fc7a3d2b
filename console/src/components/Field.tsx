// A labelled form control: the label is tied to the control (for screen readers and a bigger click target), and a
// hint, when given, is announced with it.
import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';

type Labelled = { label: string; hint?: ComponentChildren; value: string; onValue: (v: string) => void };

/** The label, the control (given the id and described-by it must carry) and the hint, in one frame. */
const Frame = ({ label, hint, control }: { label: string; hint?: ComponentChildren; control: (id: string, describedBy?: string) => JSX.Element }) => {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {control(id, hint ? `${id}-hint` : undefined)}
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
};

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'id' | 'onInput' | 'value'> & Labelled;

export const TextField = ({ label, hint, value, onValue, ...rest }: InputProps) => (
  <Frame
    label={label}
    hint={hint}
    control={(id, describedBy) => <input id={id} value={value} onInput={(e) => onValue(e.currentTarget.value)} aria-describedby={describedBy} {...rest} />}
  />
);

type AreaProps = Omit<JSX.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onInput' | 'value'> & Labelled;

export const TextArea = ({ label, hint, value, onValue, ...rest }: AreaProps) => (
  <Frame
    label={label}
    hint={hint}
    control={(id, describedBy) => <textarea id={id} value={value} onInput={(e) => onValue(e.currentTarget.value)} aria-describedby={describedBy} {...rest} />}
  />
);

export const CheckboxField = ({ label, checked, onChecked, hint }: { label: string; checked: boolean; onChecked: (v: boolean) => void; hint?: string }) => {
  const id = useId();
  return (
    <div class="field checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChecked(e.currentTarget.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label for={id}>{label}</label>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
};
