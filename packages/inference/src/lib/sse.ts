// Incremental server-sent-events parser (§8). Takes bytes: chunks may split anywhere — inside a multi-byte
// UTF-8 character (one streaming decoder holds it back until complete) or between \r and \n. A line and an event
// are capped (a hostile stream could otherwise grow one string until the engine's own limit throws).
import { InferenceClientLimitError } from "./errors.js";
import { DEFAULT_LIMITS } from "./limits.js";

export interface SseLimits {
  /** Longest line kept, in characters of decoded text. */
  maxLineLength: number;
  /** Longest event (data lines joined with \n), in characters. */
  maxEventLength: number;
}

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
  /** Characters of the current event's data (lines plus separators). */
  private dataLength = 0;
  private readonly maxLineLength: number;
  private readonly maxEventLength: number;

  constructor(limits: Partial<SseLimits> = {}) {
    this.maxLineLength = limits.maxLineLength ?? DEFAULT_LIMITS.maxSseLineLength;
    this.maxEventLength = limits.maxEventLength ?? DEFAULT_LIMITS.maxSseEventLength;
  }
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
    if (start < text.length) {
      this.pending = first ? this.pending + text.slice(start) : text.slice(start);
      if (this.pending.length > this.maxLineLength) {
        this.pending = "";
        throw new InferenceClientLimitError("A server-sent-events line", "maxSseLineLength", this.maxLineLength);
      }
    }
    return messages;
  }

  /** End of stream: an unterminated message is discarded (§8). */
  end(): SseMessage[] {
    this.pending = "";
    this.dataLines = [];
    this.dataLength = 0;
    this.eventName = "";
    return [];
  }

  /** Processes the line `text[start, end)` (a line of a decoded chunk, read in place without copying it). */
  private processLine(text: string, start: number, end: number, messages: SseMessage[]): void {
    // A complete line inside one chunk can be long too (one huge chunk).
    if (end - start > this.maxLineLength) {
      throw new InferenceClientLimitError("A server-sent-events line", "maxSseLineLength", this.maxLineLength);
    }
    if (start === end) {
      this.dispatch(messages);
      return;
    }
    // Fast path for the overwhelmingly common field.
    if (text.startsWith("data:", start)) {
      this.pushData(text.slice(text.charCodeAt(start + 5) === SPACE ? start + 6 : start + 5, end));
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
        this.pushData(value);
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

  private pushData(line: string): void {
    this.dataLength += line.length + 1;
    if (this.dataLength > this.maxEventLength + 1) {
      this.dataLines = [];
      this.dataLength = 0;
      throw new InferenceClientLimitError("A server-sent event", "maxSseEventLength", this.maxEventLength);
    }
    this.dataLines.push(line);
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
      this.dataLength = 0;
    }
    this.eventName = "";
  }
}
