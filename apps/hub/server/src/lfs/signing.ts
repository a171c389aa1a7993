// Self-authorising LFS URLs: the clients PUT upload bytes without any Authorization header (hub-api.md §4.5), so
// the upload and verify hrefs carry an expiring HMAC of exactly what they allow (object, size, part, expiry).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const SIGNED_URL_TTL_SECONDS = 3600;

export class UrlSigner {
  constructor(private readonly key: Buffer) {}

  /** The key from HUBKIT_SECRET, else from `<dataRoot>/secret` (created once), else a random one for this process. */
  static open(secret: string | undefined, dataRoot: string | undefined): UrlSigner {
    if (secret !== undefined) return new UrlSigner(Buffer.from(secret));
    if (dataRoot === undefined) return new UrlSigner(randomBytes(32));
    return new UrlSigner(Buffer.from(sharedSecret(join(dataRoot, "secret"))));
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

/**
 * The key in `file`, created on first use. Servers sharing the data folder may start at the same moment: the key is
 * written whole to a file of this process's own, then hard-linked to its name — link(2) never replaces an existing
 * file, on local disks and NFS alike — so exactly one server's key wins, nobody ever reads a half-written file, and
 * every server (the losers too) uses the key it reads back from the name.
 */
export function sharedSecret(file: string): string {
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  mkdirSync(dirname(file), { recursive: true });
  const own = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(own, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  try {
    linkSync(own, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error; // another server's key won
  } finally {
    unlinkSync(own);
  }
  const key = readSecret(file);
  if (key === undefined) throw new Error(`${file}: the URL-signing key file is empty`);
  return key;
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  // An empty file is a key written by an older version that crashed between creating and writing it.
  if (text === "") throw new Error(`${file}: the URL-signing key file is empty; remove it to make a new key`);
  return text;
}
