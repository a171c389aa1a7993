// Transfer benchmarks (issue 11): Debian's nginx as the reference static file server, started on loopback by the
// shared launcher (server/test/nginx.ts: its own temporary configuration, one process like our one Node process);
// `sendfile on` as in Debian's default nginx.conf. Files can be answered with extra headers, so the hub clients
// (whose downloads need X-Repo-Commit and the linked ETag/size) can download from it the way they download from a hub.
import { startNginx as launch, nginxQuoted, type RunningNginx } from "../server/test/nginx.js";

export interface NginxOptions {
  /** Folder served at `/`. */
  root: string;
  /** Scratch folder for the configuration, pid file, logs and nginx's temp folders. */
  workDir: string;
  /** Headers added to every answer (hub download headers). */
  headers?: Record<string, string>;
}

export type { RunningNginx };

function staticSite(options: NginxOptions, port: number): string {
  const headers = Object.entries(options.headers ?? {})
    .map(([name, value]) => `      add_header ${name} ${nginxQuoted(value)} always;`)
    .join("\n");
  return `  access_log off;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${nginxQuoted(options.root)};
    location / {
${headers}
    }
  }`;
}

export function startNginx(options: NginxOptions): Promise<RunningNginx> {
  return launch({
    workDir: options.workDir,
    workerConnections: 64,
    http: (port) => staticSite(options, port),
    // Graceful: nginx finishes open answers and exits.
    stopSignal: "SIGQUIT",
  });
}
