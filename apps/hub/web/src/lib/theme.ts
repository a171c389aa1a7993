// Light and dark themes: follows the system preference until the user picks one, then remembers the choice.
export type Theme = "light" | "dark";
const STORAGE_KEY = "hubkit-theme";

export function initialTheme(): Theme {
  const stored = safeStorage()?.getItem(STORAGE_KEY);
  if (stored === "light" || stored === "dark") return stored;
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function applyTheme(theme: Theme, remember: boolean): void {
  document.documentElement.dataset.theme = theme;
  if (remember) safeStorage()?.setItem(STORAGE_KEY, theme);
}

// localStorage throws in some privacy modes; the theme then simply isn't remembered.
function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
