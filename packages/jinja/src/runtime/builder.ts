// A string built piece by piece in bounded memory. Appending one character at a time to a JS string makes a rope
// of one 20-32 byte node per piece (a 20 M character result would need over 600 MB); this joins every few
// thousand pieces into a flat chunk instead, and checks the size cap, the steps and the deadline as it goes.
import { checkProgress } from "./limits.js";

const CHUNK = 4096;

export class StringBuilder {
  private parts: string[] = [];
  private readonly chunks: string[] = [];
  length = 0;

  add(s: string): void {
    this.parts.push(s);
    this.length += s.length;
    if (this.parts.length >= CHUNK) this.flush();
  }

  private flush(): void {
    this.chunks.push(this.parts.join(""));
    this.parts = [];
    checkProgress(this.length, CHUNK);
  }

  toString(): string {
    if (this.chunks.length === 0) return this.parts.join("");
    this.flush();
    return this.chunks.join("");
  }
}
