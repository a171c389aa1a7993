// The state of an inline editor (a comment's body, a discussion's title): open or not, busy, the server's refusal,
// the focus moved into the field when it opens and back to the button that opened it when it closes, and one
// `save` that runs the change, closes the editor and refreshes on success, or shows the refusal.
import { useEffect, useRef, useState } from "react";

export function useInlineEdit<Field extends HTMLElement>(refresh: () => void) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const field = useRef<Field>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) field.current?.focus();
    else if (wasEditing.current) trigger.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const save = async (change: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await change();
      setEditing(false);
      refresh();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { editing, setEditing, busy, problem, setProblem, field, trigger, save };
}
