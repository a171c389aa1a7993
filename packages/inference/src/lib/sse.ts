// Incremental server-sent-events parser (§8). Takes bytes: chunks may split anywhere — inside a multi-byte
// UTF-8 character (one streaming decoder holds it back until complete) or between \r and \n.

export interface SseMessage {
  /** Event name (`message` when none was given); it does not change processing. */
  event: string;
  /** The `data` lines joined with `\n`. */
  data: string;
  /** Last event id seen. */
  id: string;
  /** Last `retry` value seen, in ms. */
  retry?: number;
}

const LF = 0x0a;
const SPACE = 0x20;
const COLON = 0x3a;

export class SseParser {
  private readonly decoder = new TextDecoder();
  /** Text of the current, not yet terminated line (usually short: the tail of the previous chunk). */
  private pending = "";
  /** The previous chunk ended with \r: a \n at the start of the next chunk belongs to the same line break. */
  private skipLeadingLF = false;
  private dataLines: string[] = [];
  private eventName = "";
  private lastId = "";
  private retry: number | undefined;

  /**
   * Feeds a chunk; returns the messages completed by it. Lines are found by `indexOf` scans over the decoded
   * chunk (no per-character loop, no split array) and only the unterminated tail is kept for the next chunk.
   */
  feed(chunk: Uint8Array): SseMessage[] {
    const messages: SseMessage[] = [];
    const text = this.decoder.decode(chunk, { stream: true });
    let start = 0;
    if (this.skipLeadingLF && text.length > 0) {
      if (text.charCodeAt(0) === LF) start = 1;
      this.skipLeadingLF = false;
    }
    // Next \n and \r at or after `start`, each rescanned only once passed (no quadratic rescans). A chunk
    // without \r (the usual case) costs one scan for it.
    let lf = text.indexOf("\n", start);
    let cr = text.indexOf("\r", start);
    let first = true;
    while (lf !== -1 || cr !== -1) {
      let end: number;
      let next: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        end = lf;
        next = lf + 1;
      } else {
        end = cr;
        if (cr + 1 < text.length) {
          next = text.charCodeAt(cr + 1) === LF ? cr + 2 : cr + 1;
        } else {
          next = cr + 1;
          this.skipLeadingLF = true;
        }
      }
      if (first && this.pending) {
        const line = this.pending + text.slice(start, end);
        this.pending = "";
        this.processLine(line, 0, line.length, messages);
      } else {
        this.processLine(text, start, end, messages);
      }
      first = false;
      start = next;
      if (lf !== -1 && lf < start) lf = text.indexOf("\n", start);
      if (cr !== -1 && cr < start) cr = text.indexOf("\r", start);
    }
    if (start < text.length) this.pending = first ? this.pending + text.slice(start) : text.slice(start);
    return messages;
  }

  /** End of stream: an unterminated message is discarded (§8). */
  end(): SseMessage[] {
    this.pending = "";
    this.dataLines = [];
    this.eventName = "";
    return [];
  }

  /** Processes the line `text[start, end)` (a line of a decoded chunk, read in place without copying it). */
  private processLine(text: string, start: number, end: number, messages: SseMessage[]): void {
    if (start === end) {
      this.dispatch(messages);
      return;
    }
    // Fast path for the overwhelmingly common field.
    if (text.startsWith("data:", start)) {
      this.dataLines.push(text.slice(text.charCodeAt(start + 5) === SPACE ? start + 6 : start + 5, end));
      return;
    }
    // Comments (leading ':') and lines without ':' are ignored (§8).
    if (text.charCodeAt(start) === COLON) return;
    const line = text.slice(start, end);
    const colon = line.indexOf(":");
    if (colon === -1) return;
    const field = line.slice(0, colon);
    const value = line.slice(line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1);
    switch (field) {
      case "data":
        this.dataLines.push(value);
        break;
      case "event":
        this.eventName = value;
        break;
      case "id":
        if (!value.includes("\0")) this.lastId = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break;
    }
  }

  private dispatch(messages: SseMessage[]): void {
    if (this.dataLines.length > 0) {
      const message: SseMessage = {
        event: this.eventName || "message",
        data: this.dataLines.length === 1 ? this.dataLines[0] : this.dataLines.join("\n"),
        id: this.lastId,
      };
      if (this.retry !== undefined) message.retry = this.retry;
      messages.push(message);
      this.dataLines = [];
    }
    this.eventName = "";
  }
}
