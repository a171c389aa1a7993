// The global search dialog: a combobox (ARIA 1.2 pattern: focus stays in the input, arrows move the active option
// named by aria-activedescendant, Enter opens it, Escape closes) over models, datasets, spaces, organizations, users
// and tasks. A native modal <dialog> keeps the rest of the page inert and gives the focus back when it closes.
import { PIPELINE_DATA } from "@hubkit/tasks";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { getJson } from "../../lib/api";
import { navigate } from "../../lib/navigation";
import { useAsync } from "../../lib/use-async";
import { groupOptions, type QuickSearchAnswer, quickOptions, type TaskEntry } from "./quick-search-options";

const TASKS: TaskEntry[] = Object.entries(PIPELINE_DATA as Record<string, { name: string }>).map(([id, data]) => ({
  id,
  name: data.name,
}));

const DELAY_MS = 150;

export default function QuickSearchDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [query, setQuery] = useState("");
  const [asked, setAsked] = useState("");
  const [chosen, setActive] = useState(0);
  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(query.trim()), DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const answer = useAsync(`quicksearch:${asked}`, (signal) =>
    asked === ""
      ? Promise.resolve(undefined)
      : getJson<QuickSearchAnswer>(`/api/quicksearch?q=${encodeURIComponent(asked)}`, signal).then((r) => r.data),
  );
  const data = answer.status === "ready" ? answer.data : undefined;
  const options = useMemo(() => quickOptions(query, data, TASKS), [query, data]);
  const groups = useMemo(() => groupOptions(options), [options]);
  // The answer may shrink the list under the active option: it then stays on the last one.
  const active = Math.max(0, Math.min(chosen, options.length - 1));
  const optionId = (index: number) => `${ids}-option-${index}`;
  const open = (index: number) => {
    const option = options[index];
    if (option === undefined) return;
    dialog.current?.close();
    navigate(option.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active >= last ? 0 : active + 1),
      ArrowUp: () => (active <= 0 ? last : active - 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (move !== undefined && options.length > 0 && (event.key.startsWith("Arrow") || event.ctrlKey)) {
      event.preventDefault();
      const next = move();
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(active);
    }
  };
  let index = -1;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the dialog's own.
    <dialog
      ref={dialog}
      className="quick-search"
      aria-label="Search the hub"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close();
      }}
    >
      <div className="quick-search-box">
        <label htmlFor={`${ids}-input`} className="visually-hidden">
          Search models, datasets, spaces, people and tasks
        </label>
        <input
          id={`${ids}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={`${ids}-list`}
          aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search models, datasets, spaces, people, tasks…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div id={`${ids}-list`} role="listbox" aria-label="Results" className="quick-search-list">
          {groups.map(({ group, options: members }) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not a fieldset.
            <div key={group} role="group" aria-labelledby={`${ids}-group-${group}`}>
              <div id={`${ids}-group-${group}`} className="quick-search-group" role="presentation">
                {group}
              </div>
              {members.map((option) => {
                index += 1;
                const mine = index;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users choose with the combobox's keys.
                  <div
                    key={option.key}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    className="quick-search-option"
                    onClick={() => open(mine)}
                    onMouseMove={() => setActive(mine)}
                    tabIndex={-1}
                  >
                    <span className="quick-search-label">{option.label}</span>
                    {option.detail ? <span className="muted small"> {option.detail}</span> : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <p className="muted small quick-search-hint" aria-live="polite">
          {query.trim() === ""
            ? "Type to search. ↑ ↓ to move, Enter to open, Esc to close."
            : answer.status === "loading" && asked !== ""
              ? "Searching…"
              : answer.status === "error"
                ? `Search failed: ${answer.error.message}`
                : `${options.length} result${options.length === 1 ? "" : "s"}`}
        </p>
      </div>
    </dialog>
  );
}
