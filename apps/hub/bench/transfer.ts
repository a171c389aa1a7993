// Transfer benchmarks (issue 11): a 1 GiB LFS file through the REAL server (a child process, as `npm start`
// runs it) over loopback, against Debian's nginx serving the same file in the same run, and the upload of that
// file with the official Python client against `sha256sum` + `cp` of it. Prints `name: ours X, reference Y,
// ratio Z` lines (targets: download ≥ 0.8 × nginx's throughput, upload ≤ 2 × sha256sum + cp) and the server's
// resident memory (VmRSS) before, during and after, which must stay flat: files are streamed, never buffered.
//   npm run bench -w apps/hub                       (search, then this)
//   node --conditions=hubkit-source --import tsx apps/hub/bench/transfer.ts
//   BENCH_TRANSFER_MIB=256 BENCH_TRANSFER_RUNS=3 (downloads) BENCH_TRANSFER_UPLOADS=3 BENCH_HF_VERSION=1.33.0 for
//   other sizes, runs and client versions; BENCH_SERVER_NODE_FLAGS="--cpu-prof --cpu-prof-dir=…" profiles the server.
// Everything lives in one temporary folder that is removed at the end (about 7 × the file size at the peak).
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { writeSeededFile } from "./transfer-file.js";
import { prepareRepo, startHub } from "./transfer-hub.js";
import { startNginx } from "./transfer-nginx.js";
import { run } from "./transfer-process.js";
import { hfDownload, hfUpload } from "./transfer-python.js";
import { mib, readRss, sampleRss } from "./transfer-rss.js";
import {
  alternate,
  curlSeconds,
  median,
  megabytesPerSecond,
  printLoadAtEnd,
  printRatio,
  printRuns,
} from "./transfer-timing.js";

const MiB = 1024 * 1024;
const FILE_BYTES = Number(process.env.BENCH_TRANSFER_MIB ?? 1024) * MiB;
const RUNS = Number(process.env.BENCH_TRANSFER_RUNS ?? 3);
const UPLOAD_RUNS = Number(process.env.BENCH_TRANSFER_UPLOADS ?? 3);
const HF_VERSION = process.env.BENCH_HF_VERSION ?? "2.0.0";
const USER = "benchmarker";
const REPO = `${USER}/transfer`;
const FILE_NAME = "model.bin";
const DOWNLOAD_TARGET = 0.8; // ours ≥ 0.8 × nginx's throughput
const UPLOAD_TARGET = 2; // ours ≤ 2 × (sha256sum + cp)

/** One download with the Python client into a cache folder of its own (removed after), so every run transfers. */
async function hfSeconds(endpoint: string, token: string | undefined, home: string): Promise<number> {
  const cache = join(home, `cache-${randomBytes(4).toString("hex")}`);
  try {
    const { seconds, bytes } = await hfDownload(HF_VERSION, { endpoint, token, home }, REPO, FILE_NAME, cache);
    if (bytes !== FILE_BYTES) throw new Error(`hf_hub_download from ${endpoint} produced ${bytes} bytes`);
    return seconds;
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

async function main() {
  const runsOk = (runs: number) => Number.isInteger(runs) && runs >= 1 && runs <= 20;
  if (!Number.isSafeInteger(FILE_BYTES) || FILE_BYTES < MiB || !runsOk(RUNS) || !runsOk(UPLOAD_RUNS))
    throw new Error("BENCH_TRANSFER_MIB must be ≥ 1, BENCH_TRANSFER_RUNS and BENCH_TRANSFER_UPLOADS 1-20");
  const free = statfsSync(tmpdir());
  if (free.bavail * free.bsize < 5 * FILE_BYTES)
    throw new Error(
      `${tmpdir()} has ${mib(free.bavail * free.bsize)} free; the benchmark needs ${mib(5 * FILE_BYTES)}`,
    );

  const dir = mkdtempSync(join(tmpdir(), "hubkit-transfer-bench-"));
  const stops: (() => Promise<void>)[] = [];
  try {
    // nginx serves the file at the hub's resolve path, so curl and the Python client ask both servers the same URL.
    const served = join(dir, "www", REPO, "resolve/main");
    mkdirSync(served, { recursive: true });
    const generated = performance.now();
    const file = await writeSeededFile(join(served, FILE_NAME), FILE_BYTES);
    console.log(`# ${mib(FILE_BYTES)} file generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`);

    const adminToken = randomBytes(24).toString("hex");
    const hub = await startHub(join(dir, "data"), adminToken);
    stops.push(hub.stop);
    const token = await prepareRepo(hub, adminToken, USER, REPO.slice(USER.length + 1));
    const home = join(dir, "hf-home");
    mkdirSync(home);
    console.log(
      `# server pid ${hub.pid} at ${hub.url}; client huggingface_hub ${HF_VERSION}; load ${loadavg()[0]?.toFixed(2)}`,
    );

    // Upload: the reference reads the file once to hash it and once to copy it, as the least a hub must do. Each
    // run uploads a file of its own (the hub would skip an object it has); the first one is then downloaded.
    const uploads = { ours: [] as number[], reference: [] as number[], hash: [] as number[], copy: [] as number[] };
    const uploadRssBefore = (await readRss(hub.pid)) ?? 0;
    let uploadPeak = 0;
    let commit = "";
    for (let i = 0; i < UPLOAD_RUNS; i += 1) {
      const source = i === 0 ? file : await writeSeededFile(join(dir, `upload-${i}.bin`), FILE_BYTES, i);
      const hashed = await run("sha256sum", [source.path]);
      if (!hashed.stdout.startsWith(source.sha256)) throw new Error(`sha256sum disagrees: ${hashed.stdout}`);
      const copy = join(dir, "copy.bin");
      const copied = await run("cp", [source.path, copy]);
      rmSync(copy);
      uploads.hash.push(hashed.seconds);
      uploads.copy.push(copied.seconds);
      uploads.reference.push(hashed.seconds + copied.seconds);
      const sampler = sampleRss(hub.pid);
      const name = i === 0 ? FILE_NAME : `model-${i}.bin`;
      const upload = await hfUpload(HF_VERSION, { endpoint: hub.url, token, home }, REPO, source.path, name);
      uploadPeak = Math.max(uploadPeak, (await sampler.stop()).peak);
      uploads.ours.push(upload.seconds);
      if (i === 0) commit = upload.commit;
      if (i > 0) rmSync(source.path);
    }
    printRatio(
      `upload ${mib(FILE_BYTES)} (upload_file vs sha256sum + cp, median of ${UPLOAD_RUNS})`,
      `${median(uploads.ours).toFixed(2)} s`,
      `${median(uploads.reference).toFixed(2)} s`,
      median(uploads.ours) / median(uploads.reference),
      `≤ ${UPLOAD_TARGET}`,
    );
    const list = (values: number[]) => values.map((value) => value.toFixed(2)).join(" ");
    console.log(`# runs: ours ${list(uploads.ours)} s; sha256sum ${list(uploads.hash)} s; cp ${list(uploads.copy)} s`);
    console.log(`server RSS around the uploads: before ${mib(uploadRssBefore)}, peak ${mib(uploadPeak)}`);

    // The stored object must be the file, byte for byte, before its download speed means anything.
    const ours = `${hub.url}/${REPO}/resolve/main/${FILE_NAME}`;
    const check = await run("sh", ["-c", 'curl -sS --fail "$0" | sha256sum', ours]);
    if (!check.stdout.startsWith(file.sha256)) throw new Error(`the server sent other bytes: ${check.stdout}`);

    const nginx = await startNginx({
      root: join(dir, "www"),
      workDir: join(dir, "nginx"),
      // What a hub answers on resolve, so hf_hub_download accepts nginx as an endpoint.
      headers: {
        "X-Repo-Commit": commit,
        "X-Linked-Etag": `"${file.sha256}"`,
        "X-Linked-Size": String(file.bytes),
      },
    });
    stops.push(nginx.stop);
    const reference = `${nginx.url}/${REPO}/resolve/main/${FILE_NAME}`;

    const rssBefore = (await readRss(hub.pid)) ?? 0;
    const times = {
      curlOurs: [] as number[],
      curlNginx: [] as number[],
      hfOurs: [] as number[],
      hfNginx: [] as number[],
    };
    let downloadPeak = 0;
    // Interleaved runs, each pair in the other order than the last, so a neighbour's load on the shared machine
    // and the write-back of the previous download's file fall on both servers alike; `sync` before each client
    // download, whose file goes to disk, so it does not pay for the one before.
    const oursRuns = async () => {
      const sampler = sampleRss(hub.pid);
      times.curlOurs.push(await curlSeconds(ours, FILE_BYTES));
      await run("sync", []);
      times.hfOurs.push(await hfSeconds(hub.url, token, home));
      downloadPeak = Math.max(downloadPeak, (await sampler.stop()).peak);
    };
    const nginxRuns = async () => {
      times.curlNginx.push(await curlSeconds(reference, FILE_BYTES));
      await run("sync", []);
      times.hfNginx.push(await hfSeconds(nginx.url, undefined, home));
    };
    await alternate(RUNS, nginxRuns, oursRuns, () => run("sync", []));
    await new Promise((settle) => setTimeout(settle, 1000));
    const rssAfter = (await readRss(hub.pid)) ?? 0;

    for (const [name, oursTimes, nginxTimes] of [
      ["download curl", times.curlOurs, times.curlNginx],
      ["download hf_hub_download", times.hfOurs, times.hfNginx],
    ] as const) {
      const oursRate = megabytesPerSecond(FILE_BYTES, median(oursTimes));
      const nginxRate = megabytesPerSecond(FILE_BYTES, median(nginxTimes));
      printRatio(
        `${name} ${mib(FILE_BYTES)} (median of ${RUNS}, MB/s)`,
        `${oursRate.toFixed(0)} MB/s`,
        `${nginxRate.toFixed(0)} MB/s (nginx)`,
        oursRate / nginxRate,
        `≥ ${DOWNLOAD_TARGET}`,
      );
      printRuns(FILE_BYTES, oursTimes, "nginx", nginxTimes);
    }
    console.log(
      `server RSS around the downloads: before ${mib(rssBefore)}, peak during ${mib(downloadPeak)}, after ${mib(rssAfter)}`,
    );
    printLoadAtEnd();
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
