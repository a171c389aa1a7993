// A menu button (the WAI-ARIA menu button pattern): the button opens a menu of grouped items; arrow keys, Home and
// End move between them, Enter or Space chooses, Escape or Tab closes; focus returns to the button on Escape.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";

export interface MenuItem {
  key: string;
  label: string;
  /** A short note after the label (e.g. "2 snippets"). */
  note?: string;
}

export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

export function MenuButton({
  label,
  groups,
  onChoose,
  buttonRef,
  heading = false,
}: {
  label: string;
  groups: MenuGroup[];
  onChoose: (key: string) => void;
  /** The button, so the caller can give it the focus back (after a dialog the choice opened). */
  buttonRef: React.RefObject<HTMLButtonElement | null>;
  /** The button is the heading of its section (an h2 holding it). */
  heading?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const menu = useRef<HTMLDivElement>(null);
  const items = groups.flatMap((group) => group.items);
  const itemId = (index: number) => `${id}-item-${index}`;

  useEffect(() => {
    if (open) document.getElementById(itemId(active))?.focus();
  });
  // A click anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, buttonRef]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const choose = (index: number) => {
    const item = items[index];
    close(false);
    if (item) onChoose(item.key);
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAt(event.key === "ArrowDown" ? 0 : items.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") close(false);
  };

  const button = (
    <button
      ref={buttonRef}
      type="button"
      className="primary use-model-button"
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? `${id}-menu` : undefined}
      onClick={() => (open ? close(false) : openAt(0))}
      onKeyDown={onButtonKey}
    >
      {label} <span aria-hidden="true">▾</span>
    </button>
  );
  let index = -1;
  return (
    <div className="menu-anchor">
      {heading ? <h2 className="menu-heading">{button}</h2> : button}
      {open ? (
        <div ref={menu} id={`${id}-menu`} role="menu" aria-label={label} className="menu-popup" onKeyDown={onMenuKey}>
          {groups.map((group, groupIndex) => (
            // biome-ignore lint/a11y/useSemanticElements: a group of menu items (WAI-ARIA menu pattern), not a form
            <div key={group.label} role="group" aria-labelledby={`${id}-group-${groupIndex}`}>
              <div id={`${id}-group-${groupIndex}`} className="menu-group-label" role="presentation">
                {group.label}
              </div>
              {group.items.map((item) => {
                index++;
                const position = index;
                return (
                  <div
                    key={item.key}
                    id={itemId(position)}
                    role="menuitem"
                    tabIndex={position === active ? 0 : -1}
                    className="menu-item"
                    onClick={() => choose(position)}
                    onKeyDown={() => undefined}
                    onMouseMove={() => position !== active && setActive(position)}
                  >
                    {item.label}
                    {item.note ? <span className="muted small"> {item.note}</span> : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
