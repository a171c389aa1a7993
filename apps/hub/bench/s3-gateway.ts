// S3 benchmarks (issue 23): a Ceph RADOS Gateway of the bench's own, started by the same scripts/ci-rgw.sh the
// tests use, with a memstore large enough for the bench's object (the tests' cluster is capped at 2 GiB). The script
// is sourced by a bash child that stays alive until we close its stdin (or we die, which closes it too): then its EXIT
// trap stops the daemons and removes their folder.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { S3Client } from "@aws-sdk/client-s3";

const REPO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

const SCRIPT = `
unset TEST_S3_ENDPOINT TEST_S3_REGION TEST_S3_ACCESS_KEY_ID TEST_S3_SECRET_ACCESS_KEY
source scripts/ci-rgw.sh >&2
[ -n "\${TEST_S3_ENDPOINT:-}" ] || exit 1
printf 'READY %s %s %s %s %s\\n' "$TEST_S3_ENDPOINT" "$TEST_S3_REGION" "$TEST_S3_ACCESS_KEY_ID" \\
  "$TEST_S3_SECRET_ACCESS_KEY" "$rgw_dir"
cat >/dev/null
`;

export interface Gateway {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The cluster's folder (its run/*.pid files name the daemons). */
  dir: string;
  seconds: number;
  /** VmRSS of the monitor, the OSD and the gateway together, in bytes (0 for a daemon that is gone). */
  rss(): number;
  client(): S3Client;
  stop(): Promise<void>;
}

function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] !== undefined ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export async function startGateway(memstoreBytes: number): Promise<Gateway> {
  const started = performance.now();
  const child = spawn("bash", ["-euo", "pipefail", "-c", SCRIPT], {
    cwd: REPO_DIR,
    env: { ...process.env, HUBKIT_RGW_MEMSTORE_BYTES: String(memstoreBytes) },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  const ready = await new Promise<string[]>((done, fail) => {
    let out = "";
    const timer = setTimeout(
      () => fail(new Error(`the gateway did not start in ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on("data", (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-4000);
      const line = out.split("\n").find((text) => text.startsWith("READY "));
      if (line !== undefined) {
        clearTimeout(timer);
        done(line.split(" ").slice(1));
      }
    });
    child.once("exit", () => {
      clearTimeout(timer);
      fail(new Error(`scripts/ci-rgw.sh did not start a gateway:\n${log}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const [endpoint = "", region = "", accessKeyId = "", secretAccessKey = "", dir = ""] = ready;
  const pids = () =>
    ["mon", "osd", "rgw"].map((name) => {
      try {
        return Number(readFileSync(join(dir, "run", `${name}.pid`), "utf8").trim());
      } catch {
        return 0;
      }
    });
  return {
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    dir,
    seconds: (performance.now() - started) / 1000,
    rss: () => pids().reduce((sum, pid) => sum + (pid > 0 ? rssOf(pid) : 0), 0),
    client: () =>
      new S3Client({
        endpoint,
        region,
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey },
        // Ceph 16's gateway does not understand the SDK's default CRC32 trailer on streamed uploads.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    stop,
  };
}
