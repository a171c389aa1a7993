// One HTTP exchange with the path sent exactly as written (fetch normalises `..` and `%2e%2e` away, and will not
// send a chosen Host header): for tests of what a hostile client can put on the wire.
import { request } from "node:http";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** All Set-Cookie lines (Node keeps them apart). */
  cookies: string[];
  body: string;
  /** The body as it came over the wire (not decoded: a compressed answer stays compressed). */
  bytes: Buffer;
}

export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((done, fail) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}), ...headers },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const flat: Record<string, string> = {};
          for (const [key, value] of Object.entries(res.headers))
            if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(", ") : value;
          done({
            status: res.statusCode ?? 0,
            headers: flat,
            cookies: res.headers["set-cookie"] ?? [],
            body: Buffer.concat(chunks).toString("utf8"),
            bytes: Buffer.concat(chunks),
          });
        });
        res.on("error", fail);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer within 30 s`)));
    req.on("error", fail);
    req.end(body);
  });
}
