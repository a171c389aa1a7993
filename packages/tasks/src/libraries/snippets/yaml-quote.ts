// Escaping for YAML text inside snippets (the shared helpers of ../../snippets/quote.ts cover Python, JS and shell).

/**
 * A YAML double-quoted scalar. JSON's escapes are valid YAML escapes; the characters YAML also treats as line breaks
 * (NEL, LS, PS) are escaped too, so the scalar stays on one line.
 */
export function yamlStr(value: string): string {
  return JSON.stringify(value).replace(
    /[\u0085\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
