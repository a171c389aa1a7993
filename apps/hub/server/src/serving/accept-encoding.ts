// Which compression a client takes, from its Accept-Encoding (RFC 9110 §12.5.3): brotli when it accepts it, else
// gzip, else none. A coding with q=0 is refused; `*` stands for every coding not named; a malformed header (or one
// too long to be real) means identity, never an error.
export type Coding = "br" | "gzip";

const MAX_HEADER = 1024;

export function preferredCoding(header: string | null | undefined): Coding | undefined {
  if (header === undefined || header === null || header.length > MAX_HEADER) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name === "") continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([01](?:\.\d{0,3})?)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(name === "x-gzip" ? "gzip" : name, q);
  }
  const weight = (coding: Coding) => weights.get(coding) ?? weights.get("*") ?? 0;
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  if (weight("gzip") > 0) return "gzip";
  return undefined;
}
