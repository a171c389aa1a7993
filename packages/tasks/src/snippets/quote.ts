// Escaping helpers: the only way a value that comes from a model (id, tags, config strings, widget text, prompts,
// mask token) may enter generated code. Every helper returns a complete literal, quotes included, that the target
// language reads back as exactly the original string, whatever it contains (quotes, backslashes, newlines, `"""`).

/** A Python string literal. JSON's escapes (\" \\ \n \r \t \b \f \uXXXX) are all valid Python escapes. */
export function pyStr(value: string): string {
  return JSON.stringify(value);
}

/** A JavaScript string literal in single quotes, for snippets whose house style uses them. */
export function jsSingleStr(value: string): string {
  const body = JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${body}'`;
}

/** A POSIX shell word: single-quoted, with embedded single quotes closed, escaped and reopened. */
export function shStr(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A POSIX shell word, left bare when it is made only of safe characters (e.g. a plain model id). */
export function shWord(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : shStr(value);
}

/**
 * Text for a line comment (Python `#`, shell `#`, JS `//`): line breaks would end the comment and let the rest run
 * as code, so every line-breaking character becomes a space.
 */
export function commentText(value: string): string {
  return value.replace(/[\r\n\u2028\u2029\u0085\u000b\u000c]/g, " ");
}

/** A Python identifier made from arbitrary text (e.g. a class name read from a config), or the fallback. */
export function pyIdentifier(value: string | undefined, fallback: string): string {
  return value !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(value) ? value : fallback;
}

/**
 * A POSIX shell word in double quotes when that is safe (no `$`, backtick, `"`, `\`, `!` or line break: nothing the
 * shell would expand, including interactive history expansion), else single-quoted. Keeps the familiar
 * `vllm serve "org/model"` look for ordinary ids.
 */
export function shDoubleQuoted(value: string): string {
  return /^[^$`"\\!\r\n]*$/.test(value) ? `"${value}"` : shStr(value);
}

/** Text placed inside a single-quoted shell word (e.g. a JSON body after `--data '`): each `'` closes and reopens. */
export function shInSingleQuotes(value: string): string {
  return value.replace(/'/g, `'\\''`);
}
