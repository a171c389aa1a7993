// The server's naming rules (server/src/repos/repo-ref.ts), repeated here so the form can say what is wrong before
// anything is sent; the server checks again and its answer wins.
const NAME_PART = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,94}[A-Za-z0-9_])?$/;

/** Why a repository name is refused, or undefined when it is valid. */
export function repoNameProblem(name: string): string | undefined {
  if (name === "") return "Enter a name.";
  if (name.length > 96) return "At most 96 characters.";
  if (!NAME_PART.test(name))
    return "Use letters, digits, '-', '_' and '.'; start and end with a letter, a digit or '_'.";
  if (name.includes("--") || name.includes("..")) return "No '--' or '..'.";
  if (name.toLowerCase().endsWith(".git")) return "The name cannot end in '.git'.";
  return undefined;
}

export const SPACE_SDKS = ["static", "gradio", "streamlit", "docker"] as const;
export type SpaceSdk = (typeof SPACE_SDKS)[number];
