// A destructive action asked twice, inline: the first button turns into a question with a confirm and a cancel
// button. The focus moves to the confirm button, Escape or Cancel puts it back on the first one, so a keyboard
// user never loses their place (no modal needed, nothing to trap).
import { type KeyboardEvent, useEffect, useRef, useState } from "react";

export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  accessibleLabel,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  /** Runs on confirmation; its failure is the caller's to show. */
  onConfirm: () => Promise<void>;
  /** A longer name for the first button when its label alone is ambiguous (e.g. one per row). */
  accessibleLabel?: string;
}) {
  const [state, setState] = useState<"idle" | "asking" | "busy">("idle");
  const confirmRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  useEffect(() => {
    if (state === "asking") confirmRef.current?.focus();
    if (state === "idle" && returnFocus.current) {
      returnFocus.current = false;
      firstRef.current?.focus();
    }
  }, [state]);

  const cancel = () => {
    returnFocus.current = true;
    setState("idle");
  };
  const confirm = async () => {
    setState("busy");
    try {
      await onConfirm();
    } finally {
      if (mounted.current) cancel();
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && state === "asking") {
      event.stopPropagation();
      cancel();
    }
  };

  if (state === "idle")
    return (
      <button type="button" ref={firstRef} onClick={() => setState("asking")} aria-label={accessibleLabel}>
        {label}
      </button>
    );
  return (
    <span className="confirm-inline">
      <span className="confirm-question">{question}</span>
      <button
        type="button"
        className="danger"
        ref={confirmRef}
        onClick={confirm}
        onKeyDown={onKeyDown}
        disabled={state === "busy"}
      >
        {state === "busy" ? "Working…" : confirmLabel}
      </button>
      <button type="button" onClick={cancel} onKeyDown={onKeyDown} disabled={state === "busy"}>
        Cancel
      </button>
    </span>
  );
}
