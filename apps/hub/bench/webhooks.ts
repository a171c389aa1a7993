// Webhook benchmark (issue 22): does a webhook slow a commit down? The median latency of a small commit through the
// API with no webhook, with 25 webhooks at a receiver that never answers (every delivery waits for its timeout), and
// with 25 at a receiver that answers at once; and, for the latter, the time from the commit's answer to the
// receiver's request (the delivery latency). The server runs in this process with a real data folder.
//   node --conditions=hubkit-source --import tsx apps/hub/bench/webhooks.ts
//   BENCH_WEBHOOK_COMMITS=40
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../server/src/config.js";
import { startServer } from "../server/src/server.js";

const COMMITS = Number(process.env.BENCH_WEBHOOK_COMMITS ?? 40);
const ADMIN = "bench-admin-token-0123456789abcdef";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const arrivals: number[] = [];
  const hanging: ServerResponse[] = [];
  const receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url === "/hang") hanging.push(response);
      else {
        arrivals.push(performance.now());
        response.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((ready) => receiver.listen(0, "127.0.0.1", ready));
  const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const work = mkdtempSync(join(tmpdir(), "hubkit-bench-webhooks-"));
  writeFileSync(join(work, "seed.jsonl"), `${JSON.stringify({ id: "bench-org/seed", pipeline_tag: "fill-mask" })}\n`);
  const server = await startServer(
    loadConfig({
      PORT: "0",
      HUBKIT_DATA_DIR: join(work, "data"),
      HUBKIT_ADMIN_TOKEN: ADMIN,
      HUBKIT_WEB_DIST: join(work, "no-web"),
      HUBKIT_SEED: join(work, "seed.jsonl"),
      DATABASE_URL: "",
    }),
  );
  const call = async (method: string, path: string, token: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  try {
    await call("POST", "/api/admin/users", ADMIN, { name: "bench" });
    const token = String((await call("POST", "/api/admin/tokens", ADMIN, { user: "bench", role: "write" })).token);
    await call("POST", "/api/repos/create", token, { name: "hooked" });
    let n = 0;
    const commitOnce = async () => {
      n += 1;
      const started = performance.now();
      const response = await fetch(`${server.url}/api/models/bench/hooked/commit/main`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
        body: [
          { key: "header", value: { summary: `commit ${n}` } },
          {
            key: "file",
            value: { path: "n.txt", content: Buffer.from(String(n)).toString("base64"), encoding: "base64" },
          },
        ]
          .map((line) => JSON.stringify(line))
          .join("\n"),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`commit: ${response.status}`);
      return { started, answered: performance.now() };
    };
    const run = async (label: string) => {
      for (let i = 0; i < 3; i++) await commitOnce(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < COMMITS; i++) {
        const { started, answered } = await commitOnce();
        times.push(answered - started);
      }
      console.log(`${label}: commit median ${median(times).toFixed(1)} ms over ${COMMITS} commits`);
    };
    const hooks: string[] = [];
    const setHooks = async (path: string) => {
      for (const id of hooks.splice(0)) await call("DELETE", `/api/settings/webhooks/${id}`, token, {});
      for (let i = 0; i < 25; i++)
        hooks.push(
          String(
            (
              (
                await call("POST", "/api/settings/webhooks", token, {
                  watched: [{ type: "user", name: "bench" }],
                  url: `${target}${path}`,
                })
              ).webhook as { id: string }
            ).id,
          ),
        );
    };
    await run("no webhook");
    await setHooks("/hang");
    await run("25 webhooks, receiver never answers");
    await setHooks("/fast");
    await run("25 webhooks, receiver answers at once");
    // Delivery latency: one webhook, one commit at a time, until its delivery arrives.
    await setHooks("/fast");
    for (const id of hooks.splice(1)) await call("DELETE", `/api/settings/webhooks/${id}`, token, {});
    await server.hub?.webhooks?.idle(); // the earlier commits' deliveries out of the way
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      arrivals.length = 0;
      const { answered } = await commitOnce();
      while (arrivals.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      latencies.push((arrivals[0] ?? answered) - answered);
    }
    console.log(`delivery latency (commit answered → receiver called): median ${median(latencies).toFixed(1)} ms`);
    console.log(
      `load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")}`,
    );
  } finally {
    for (const response of hanging) response.destroy();
    receiver.closeAllConnections();
    receiver.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
