// A file chooser that also takes a dropped file, with a preview of an image before it is sent. The file input stays a
// real, labelled input, so keyboard and screen-reader users choose files the usual way.
import { useEffect, useId, useState } from 'preact/hooks';

type Props = { label: string; file: File | null; onFile: (f: File | null) => void; disabled?: boolean };

export const FileDrop = ({ label, file, onFile, disabled }: Props) => {
  const id = useId();
  const [over, setOver] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer?.files?.[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <div
      class={`drop${over ? ' over' : ''}`}
      data-testid="file-drop"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label for={id}>{label}</label>
      <input id={id} type="file" disabled={disabled} onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)} />
      <small>…or drop a file here.</small>
      {file && (
        <div class="preview">
          {preview && <img src={preview} alt={`Preview of ${file.name}`} />}
          <span>
            {file.name} · {(file.size / 1024).toFixed(1)} KiB
          </span>
        </div>
      )}
    </div>
  );
};
