// A byte-level BPE tokenizer learned from a small text, in the GPT-2 layout: every byte is a token (shown through
// the reversible byte-to-character table GPT-2 uses, so a space is "Ġ"), merges are learned greedily from the most
// frequent adjacent pair, and one end-of-text token comes last. Deterministic: ties go to the smaller pair.

/** The byte → printable character table of byte-level BPE: printable Latin-1 bytes are themselves, the others
 * (controls, space, soft hyphen…) move to code points 256 and up, in byte order. */
export function byteCharacters(): string[] {
  const printable = (byte: number) =>
    (byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || (byte >= 0xae && byte <= 0xff);
  const table: string[] = [];
  let shifted = 0;
  for (let byte = 0; byte < 256; byte += 1) table.push(String.fromCodePoint(printable(byte) ? byte : 256 + shifted++));
  return table;
}

/** GPT-2's pre-tokenisation: contractions, letters with an optional leading space, digits, other symbols, spaces. */
const PRE_TOKEN = /'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;

export interface ByteBpe {
  /** Token → id: the 256 bytes (id = byte), the merged tokens in merge order, then the end-of-text token. */
  vocab: Map<string, number>;
  /** "left right" pairs in priority order. */
  merges: string[];
  endOfText: string;
}

export function learnByteBpe(text: string, mergeCount: number, endOfText = "<|endoftext|>"): ByteBpe {
  const table = byteCharacters();
  const words = new Map<string, number>();
  for (const match of text.matchAll(PRE_TOKEN)) {
    const word = [...Buffer.from(match[0])].map((byte) => table[byte]).join("\u0000");
    words.set(word, (words.get(word) ?? 0) + 1);
  }
  // Each distinct word as its current list of symbols, with its count.
  let pieces = [...words].map(([word, count]) => ({ symbols: word.split("\u0000"), count }));
  const vocab = new Map<string, number>(table.map((char, byte) => [char, byte]));
  const merges: string[] = [];
  for (let round = 0; round < mergeCount; round += 1) {
    const pairs = new Map<string, number>();
    for (const piece of pieces)
      for (let index = 0; index + 1 < piece.symbols.length; index += 1) {
        const pair = `${piece.symbols[index]} ${piece.symbols[index + 1]}`;
        pairs.set(pair, (pairs.get(pair) ?? 0) + piece.count);
      }
    let best: string | undefined;
    let bestCount = 1; // a pair seen once is not worth a token
    for (const [pair, count] of pairs)
      if (count > bestCount || (count === bestCount && best !== undefined && pair < best)) {
        best = pair;
        bestCount = count;
      }
    if (best === undefined) break;
    const [left, right] = best.split(" ") as [string, string];
    merges.push(best);
    if (!vocab.has(left + right)) vocab.set(left + right, vocab.size);
    pieces = pieces.map(({ symbols, count }) => {
      const merged: string[] = [];
      for (let index = 0; index < symbols.length; index += 1)
        if (symbols[index] === left && symbols[index + 1] === right) {
          merged.push(left + right);
          index += 1;
        } else merged.push(symbols[index] as string);
      return { symbols: merged, count };
    });
  }
  vocab.set(endOfText, vocab.size);
  return { vocab, merges, endOfText };
}
