// A modal dialog for one "Use this model" choice (a native <dialog>: the page behind is inert, Escape closes it).
// Closing calls onClose, where the caller gives the focus back to the button that opened it.
import { type ReactNode, useEffect, useId, useRef } from "react";

export function SnippetDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the dialog's own.
    <dialog
      ref={dialog}
      className="snippet-dialog"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close();
      }}
    >
      <div className="snippet-dialog-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="snippet-dialog-close" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <div className="snippet-dialog-body">{children}</div>
    </dialog>
  );
}
