// Incremental server-sent-events parser (§8). Works on bytes: chunks may split anywhere — inside a multi-byte
// UTF-8 character or between \r and \n — because lines are only decoded once complete.

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
const CR = 0x0d;

export class SseParser {
  private readonly decoder = new TextDecoder();
  /** Bytes of the current, not yet terminated line (kept as parts to avoid quadratic copying). */
  private pending: Uint8Array[] = [];
  /** The previous chunk ended with \r: a \n at the start of the next chunk belongs to the same line break. */
  private skipLeadingLF = false;
  private dataLines: string[] = [];
  private eventName = "";
  private lastId = "";
  private retry: number | undefined;

  /** Feeds a chunk; returns the messages completed by it. */
  feed(chunk: Uint8Array): SseMessage[] {
    const messages: SseMessage[] = [];
    let start = 0;
    if (this.skipLeadingLF && chunk.length > 0) {
      if (chunk[0] === LF) start = 1;
      this.skipLeadingLF = false;
    }
    for (let i = start; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte !== LF && byte !== CR) continue;
      this.processLine(this.takeLine(chunk.subarray(start, i)), messages);
      if (byte === CR) {
        if (i + 1 < chunk.length) {
          if (chunk[i + 1] === LF) i++;
        } else {
          this.skipLeadingLF = true;
        }
      }
      start = i + 1;
    }
    if (start < chunk.length) this.pending.push(chunk.slice(start));
    return messages;
  }

  /** End of stream: an unterminated message is discarded (§8). */
  end(): SseMessage[] {
    this.pending = [];
    this.dataLines = [];
    this.eventName = "";
    return [];
  }

  private takeLine(tail: Uint8Array): string {
    if (this.pending.length === 0) return this.decoder.decode(tail);
    const parts = [...this.pending, tail];
    this.pending = [];
    const total = parts.reduce((sum, part) => sum + part.length, 0);
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.length;
    }
    return this.decoder.decode(bytes);
  }

  private processLine(line: string, messages: SseMessage[]): void {
    if (line === "") {
      this.dispatch(messages);
      return;
    }
    const colon = line.indexOf(":");
    // Comments (leading ':') and lines without ':' are ignored (§8).
    if (colon <= 0) return;
    const field = line.slice(0, colon);
    let value = line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
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
        data: this.dataLines.join("\n"),
        id: this.lastId,
      };
      if (this.retry !== undefined) message.retry = this.retry;
      messages.push(message);
    }
    this.dataLines = [];
    this.eventName = "";
  }
}
