// One typo per word (issue 20 point 2: "lama 3" finds the Llama 3 models). The rule, indexable and bounded:
// a query word of 4 or more characters holding a letter also matches a repository word of 5 or more characters
// (with a letter) that is one edit away — one letter missing, one extra, or one changed; digits must match as
// typed (version numbers are not typos: "llama 4" does not find Llama 3). The repository side is
// schema.ts's typo_keys (for each word x: x, `-d` for every x-minus-one-character d, and `d~i` for the same d with
// the position it was deleted at; `=x` for x since migration 131 put them into the `search` column); the query side,
// for a query word q, looks up:
//   `-q`               q is x with one letter missing   ("lama"  → llama)
//   `=d` (q minus one) q is x with one letter extra     ("lllama" → llama)
//   `d~i`              q and x differ in the letter at i ("llamq" → llama)
// A word of n ≤ 40 characters gives at most 2n + 1 keys on either side: no query explores more than that.
import { MAX_PREFIX, searchWords } from "../store/model-record.js";

const MIN_QUERY_WORD = 4;
const MAX_WORDS = 16;

const hasLetter = (word: string) => /\p{L}/u.test(word);

/** The typo_keys lexemes a query word looks up, or none when the word is too short to forgive a typo in. */
export function typoKeys(word: string): string[] {
  const chars = [...word].slice(0, MAX_PREFIX);
  if (chars.length < MIN_QUERY_WORD || !hasLetter(word)) return [];
  const keys = new Set([`-${chars.join("")}`]);
  for (let index = 0; index < chars.length; index += 1) {
    if (!hasLetter(chars[index] as string)) continue;
    const deleted = [...chars.slice(0, index), ...chars.slice(index + 1)].join("");
    keys.add(`=${deleted}`);
    keys.add(`${deleted}~${index + 1}`);
  }
  return [...keys];
}

/**
 * The typo keys an id is indexed under (the same as migration 131's SQL function hubkit_search_typo_keys, which
 * filled in the rows that existed then): per word x of 5 or more characters with a letter, `=x`, and for each
 * letter of x, `-d` and `d~i` (d = x without it, i its position from 1). Computed here for every write: in SQL it
 * cost ~1 ms a row, so a bulk import of 5 000 rows ran past the statement timeout.
 */
export function indexTypoKeys(id: string): string[] {
  const keys = new Set<string>();
  for (const word of id.toLowerCase().split(/[^a-z0-9]+/)) {
    const chars = [...word.slice(0, MAX_PREFIX)];
    if (chars.length < 5 || !/[a-z]/.test(word)) continue;
    keys.add(`=${chars.join("")}`);
    for (let index = 0; index < chars.length; index += 1) {
      if (!/[a-z]/.test(chars[index] as string)) continue;
      const deleted = [...chars.slice(0, index), ...chars.slice(index + 1)].join("");
      keys.add(`-${deleted}`);
      keys.add(`${deleted}~${index + 1}`);
    }
  }
  return [...keys];
}

/** `'a' | 'b'`: the words are letters and digits (and the key marks `=`, `-`, `~`), so quoting cannot break. */
const anyOf = (lexemes: readonly string[]) => lexemes.map((lexeme) => `'${lexeme}'`).join(" | ");

/**
 * The alternatives each query term may match as (the same shapes as the prefix query): a letter word followed by a
 * digit word is both words or the two joined; a word mixing letters and digits is itself or its runs.
 */
function terms(search: string): string[][][] {
  const words = [...new Set(searchWords(search).slice(0, MAX_WORDS))].map((word) =>
    [...word].slice(0, MAX_PREFIX).join(""),
  );
  const result: string[][][] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    const next = words[index + 1];
    if (next !== undefined && /\p{L}$/u.test(word) && /^\p{N}/u.test(next)) {
      result.push([[word, next], [[...`${word}${next}`].slice(0, MAX_PREFIX).join("")]]);
      index += 1;
      continue;
    }
    const runs = word.match(/\p{N}+|[^\p{N}]+/gu) ?? [word];
    result.push(runs.length > 1 ? [[word], runs] : [[word]]);
  }
  return result;
}

/**
 * The tsquery "every word of `search` is a prefix of a word of the id, or one typo away from a whole word of it"
 * over the `search` column (its prefix lexemes and typo keys), or undefined when no word of `search` may carry a
 * typo (it would then be the plain prefix search).
 */
export function typoQuery(search: string): string | undefined {
  const shape = terms(search);
  if (!shape.some((alternatives) => alternatives.some((words) => words.some((word) => typoKeys(word).length > 0))))
    return undefined;
  const wordQuery = (word: string) => {
    const keys = typoKeys(word);
    return keys.length === 0 ? `'${word}'` : `(${anyOf([word, ...keys])})`;
  };
  return shape
    .map((alternatives) => `(${alternatives.map((words) => `(${words.map(wordQuery).join(" & ")})`).join(" | ")})`)
    .join(" & ");
}
