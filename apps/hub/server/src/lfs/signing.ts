// Self-authorising LFS URLs: the clients PUT upload bytes without any Authorization header (hub-api.md §4.5), so
// the upload and verify hrefs carry an expiring HMAC of exactly what they allow (object, size, part, expiry).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const SIGNED_URL_TTL_SECONDS = 3600;

export class UrlSigner {
  constructor(private readonly key: Buffer) {}

  /** The key from HUBKIT_SECRET, else from `<dataRoot>/secret` (created once), else a random one for this process. */
  static open(secret: string | undefined, dataRoot: string | undefined): UrlSigner {
    if (secret !== undefined) return new UrlSigner(Buffer.from(secret));
    if (dataRoot === undefined) return new UrlSigner(randomBytes(32));
    const file = join(dataRoot, "secret");
    if (!existsSync(file)) {
      mkdirSync(dataRoot, { recursive: true });
      writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    }
    return new UrlSigner(Buffer.from(readFileSync(file, "utf8").trim()));
  }

  /** Query parameters `expires` and `sig` for `subject`. */
  sign(subject: string, ttlSeconds = SIGNED_URL_TTL_SECONDS): string {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    return `expires=${expires}&sig=${this.mac(subject, expires)}`;
  }

  verify(subject: string, expiresText: string | undefined, sig: string | undefined): boolean {
    if (expiresText === undefined || sig === undefined || !/^\d{1,12}$/.test(expiresText)) return false;
    const expires = Number(expiresText);
    if (expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.mac(subject, expires));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(subject: string, expires: number): string {
    return createHmac("sha256", this.key).update(`${subject}\n${expires}`).digest("hex");
  }
}
