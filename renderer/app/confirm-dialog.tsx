import { useEffect, useRef } from 'react';

export interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/** A modal question (the native <dialog>: focus trapped, Escape cancels). */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="dialog-title" onCancel={(e) => { e.preventDefault(); p.onCancel(); }}>
      <h2 id="dialog-title">{p.title}</h2>
      <p>{p.body}</p>
      {p.error ? <p className="error" role="alert">{p.error}</p> : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={p.onCancel} disabled={p.busy} autoFocus>{p.cancelLabel}</button>
        <button type="button" className="button danger" onClick={p.onConfirm} disabled={p.busy}>{p.confirmLabel}</button>
      </div>
    </dialog>
  );
}
