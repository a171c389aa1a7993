// One HTTP request sent from a chosen loopback source address (127.0.0.2 is another client to the hub's download
// window, which tells clients apart by address), answering only its status; the body is read and dropped.
import { request as httpRequest } from "node:http";

export interface RequestFromOptions {
  method?: "GET" | "HEAD";
  range?: string;
  /** The source address; 127.0.0.1 unless given. */
  localAddress?: string;
}

export function statusFrom(url: URL, options: RequestFromOptions = {}): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        localAddress: options.localAddress ?? "127.0.0.1",
        headers: options.range === undefined ? {} : { Range: options.range },
      },
      (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode ?? 0));
        response.on("error", fail);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`${url.pathname} timed out`)));
    req.on("error", fail);
    req.end();
  });
}
