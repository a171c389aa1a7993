// A card's YAML front matter is metadata, not prose: it is cut from the text before rendering (the server parses
// it into `cardData`, which the page shows as a table). Only the block's bounds are found here, in linear time.

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /^---[ \t]*$/m;

/** The card without its leading `---` … `---` block (unchanged when there is none or it is not closed). */
export function stripFrontMatter(text: string): string {
  const open = OPEN.exec(text);
  if (open === null) return text;
  const after = text.slice(open[0].length);
  const close = CLOSE.exec(after);
  if (close === null) return text;
  return after.slice(close.index + close[0].length).replace(/^\r?\n/, "");
}

/** `cardData` as rows for a table: nested values shown as compact JSON, long ones cut. */
export function frontMatterRows(cardData: unknown, maxValue = 300): Array<[string, string]> {
  if (typeof cardData !== "object" || cardData === null || Array.isArray(cardData)) return [];
  return Object.entries(cardData as Record<string, unknown>).map(([key, value]) => {
    let text: string;
    if (typeof value === "string") text = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) text = value.join(", ");
    else text = JSON.stringify(value) ?? String(value);
    return [key, text.length > maxValue ? `${text.slice(0, maxValue)}…` : text];
  });
}
