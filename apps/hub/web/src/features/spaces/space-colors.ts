// The card colours a space's front matter names (`colorFrom`, `colorTo`: the hub's palette of eight), as CSS
// colours for the gallery's banner; anything else falls back to the hub's defaults.
export const SPACE_COLORS: Readonly<Record<string, string>> = {
  red: "#f87171",
  yellow: "#facc15",
  green: "#4ade80",
  blue: "#60a5fa",
  indigo: "#818cf8",
  purple: "#c084fc",
  pink: "#f472b6",
  gray: "#9ca3af",
};

export function spaceGradient(from: unknown, to: unknown): string {
  const color = (name: unknown, fallback: string) =>
    typeof name === "string" && Object.hasOwn(SPACE_COLORS, name) ? (SPACE_COLORS[name] as string) : fallback;
  return `linear-gradient(135deg, ${color(from, SPACE_COLORS.blue as string)}, ${color(to, SPACE_COLORS.purple as string)})`;
}

/** How to run a space that does not run on this hub, per SDK: the commands after `git clone` and `cd`. */
export function runLocallyCommands(sdk: string, folder: string): string[] {
  switch (sdk) {
    case "gradio":
      return ["pip install -r requirements.txt", "python app.py"];
    case "streamlit":
      return ["pip install -r requirements.txt", "streamlit run app.py"];
    case "docker":
      return [`docker build -t ${folder.toLowerCase()} .`, `docker run -p 7860:7860 ${folder.toLowerCase()}`];
    default:
      return ["# see the space's README for how to run it"];
  }
}
