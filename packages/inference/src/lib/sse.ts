// Incremental server-sent-events parser (§8). Takes bytes: chunks may split anywhere — inside a multi-byte
// UTF-8 character (a streaming decoder holds it back until complete) or between \r and \n.

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
  /** Text of the current, not yet terminated line. */
  private pending = "";
  /** The previous chunk ended with \r: a \n at the start of the next chunk belongs to the same line break. */
  private skipLeadingLF = false;
  private dataLines: string[] = [];
  private eventName = "";
  private lastId = "";
  private retry: number | undefined;

  /**
   * Feeds a chunk; returns the messages completed by it. The decoder runs in streaming mode, so a multi-byte
   * character split across chunks is decoded once complete; text after the last line break waits for the next
   * chunk, and a \r ending one chunk swallows a \n starting the next.
   */
  feed(chunk: Uint8Array): SseMessage[] {
    const messages: SseMessage[] = [];
    let text = this.decoder.decode(chunk, { stream: true });
    if (this.skipLeadingLF && text.length > 0) {
      if (text.charCodeAt(0) === LF) text = text.slice(1);
      this.skipLeadingLF = false;
    }
    const last = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
    if (last === -1) {
      this.pending += text;
      return messages;
    }
    if (last === text.length - 1 && text.charCodeAt(last) === CR) this.skipLeadingLF = true;
    const complete = this.pending + text.slice(0, last + 1);
    this.pending = text.slice(last + 1);
    this.processLines(complete, messages);
    return messages;
  }

  /** End of stream: an unterminated message is discarded (§8). */
  end(): SseMessage[] {
    this.pending = "";
    this.dataLines = [];
    this.eventName = "";
    return [];
  }

  /**
   * Processes the lines of `text`, which ends with a line break. Splitting on "\n" natively first is much faster
   * than a regular expression; pieces holding a "\r" are split again ("\r\n" counts as one break).
   */
  private processLines(text: string, messages: SseMessage[]): void {
    const pieces = text.split("\n");
    const lastIndex = pieces.length - 1;
    for (let i = 0; i < lastIndex; i++) {
      const piece = pieces[i];
      if (piece.indexOf("\r") === -1) {
        this.processLine(piece, messages);
        continue;
      }
      const parts = (piece.endsWith("\r") ? piece.slice(0, -1) : piece).split("\r");
      for (const part of parts) this.processLine(part, messages);
    }
    // After the last "\n": either nothing, or lines ended by lone "\r" (the final part is the empty remainder).
    const tail = pieces[lastIndex];
    if (tail) {
      const parts = tail.split("\r");
      for (let i = 0; i < parts.length - 1; i++) this.processLine(parts[i], messages);
    }
  }

  private processLine(line: string, messages: SseMessage[]): void {
    if (line === "") {
      this.dispatch(messages);
      return;
    }
    // Fast path for the overwhelmingly common field.
    if (line.startsWith("data:")) {
      this.dataLines.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
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
        data: this.dataLines.length === 1 ? this.dataLines[0] : this.dataLines.join("\n"),
        id: this.lastId,
      };
      if (this.retry !== undefined) message.retry = this.retry;
      messages.push(message);
    }
    this.dataLines = [];
    this.eventName = "";
  }
}
