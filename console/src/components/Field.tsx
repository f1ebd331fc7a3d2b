// A labelled form control: the label is tied to the control (for screen readers and a bigger click target), and a
// hint, when given, is announced with it.
import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'id' | 'onInput' | 'value'> & {
  label: string;
  hint?: ComponentChildren;
  value: string;
  onValue: (v: string) => void;
};

export const TextField = ({ label, hint, value, onValue, ...rest }: InputProps) => {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} value={value} onInput={(e) => onValue(e.currentTarget.value)} aria-describedby={hint ? `${id}-hint` : undefined} {...rest} />
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
};

type AreaProps = Omit<JSX.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onInput' | 'value'> & {
  label: string;
  hint?: ComponentChildren;
  value: string;
  onValue: (v: string) => void;
};

export const TextArea = ({ label, hint, value, onValue, ...rest }: AreaProps) => {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} value={value} onInput={(e) => onValue(e.currentTarget.value)} aria-describedby={hint ? `${id}-hint` : undefined} {...rest} />
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
};

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
