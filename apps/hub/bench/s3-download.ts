// S3 download benchmark (issue 23): a 1 GiB LFS file kept in an S3-compatible object store (a Ceph RADOS Gateway
// of the bench's own, s3-gateway.ts), downloaded with curl
//   - through the hub (the REAL server as `npm start` runs it, HUBKIT_S3_* set: the bytes pass through it),
//   - through the hub with its local object cache (HUBKIT_S3_CACHE_DIR, s3/object-cache.ts): one download from the
//     bucket fills it (its time printed apart: that first download is the cold one), then the runs read the disk,
//   - through the hub with HUBKIT_S3_REDIRECT=1 (a 302 to a presigned GET URL, curl -L follows it),
// against the reference: curl of a presigned GET URL of the same object straight from the gateway.
// Prints `name: ours X, reference Y, ratio Z` lines (target: ours ≥ 0.8 × the reference's throughput).
// The file is uploaded through the hub with the official Python client; if the hub did not put it into the bucket
// (its S3 store not in use), the hub lines say "not measured" and the reference object is uploaded with the SDK.
//   node --conditions=hubkit-source --import tsx apps/hub/bench/s3-download.ts
//   BENCH_S3_MIB=256 BENCH_S3_RUNS=5 BENCH_HF_VERSION=1.33.0 for other sizes, runs and client versions.
// Memory: the gateway's memstore holds about 1.9 × the object in RAM; the file itself goes to a temporary folder.

import { randomBytes } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { startGateway } from "./s3-gateway.js";
import { type SeededFile, writeSeededFile } from "./transfer-file.js";
import { prepareRepo, type RunningHub, startHub } from "./transfer-hub.js";
import { run } from "./transfer-process.js";
import { hfUpload } from "./transfer-python.js";
import { mib } from "./transfer-rss.js";
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
const FILE_BYTES = Number(process.env.BENCH_S3_MIB ?? 1024) * MiB;
const RUNS = Number(process.env.BENCH_S3_RUNS ?? 3);
const HF_VERSION = process.env.BENCH_HF_VERSION ?? "2.0.0";
const USER = "benchmarker";
const REPO = `${USER}/s3-download`;
const FILE_NAME = "model.bin";
const BUCKET = "hubkit-bench-s3-download";
const PART_BYTES = 64 * MiB;
const TARGET = 0.8; // ours ≥ 0.8 × curl straight from the gateway

/** The bytes at `url` must be the file's, byte for byte, before their speed means anything. */
async function checkBytes(url: string, file: SeededFile): Promise<void> {
  const { stdout } = await run("sh", ["-c", 'curl -sS --fail -L "$0" | sha256sum', url]);
  if (!stdout.startsWith(file.sha256)) throw new Error(`${url} sent other bytes: ${stdout}`);
}

/** Multipart upload of the file in 64 MiB parts streamed from disk. */
async function uploadWithSdk(client: S3Client, key: string, file: SeededFile): Promise<void> {
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key }));
  const parts: { ETag: string; PartNumber: number }[] = [];
  for (let start = 0, n = 1; start < file.bytes; start += PART_BYTES, n++) {
    const end = Math.min(start + PART_BYTES, file.bytes);
    const part = await client.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: key,
        UploadId,
        PartNumber: n,
        Body: createReadStream(file.path, { start, end: end - 1 }),
        ContentLength: end - start,
      }),
    );
    parts.push({ ETag: String(part.ETag), PartNumber: n });
  }
  await client.send(
    new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
  );
}

/** The key of the one object of the file's size in the bucket, if the hub put it there. */
async function keyOfSize(client: S3Client, bytes: number): Promise<string | undefined> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, MaxKeys: 1000 }));
  return (listed.Contents ?? []).find((object) => object.Size === bytes)?.Key;
}

function report(name: string, ours: number[] | undefined, reference: number[]): void {
  const rate = (values: number[]) => megabytesPerSecond(FILE_BYTES, median(values));
  const referenceText = `${rate(reference).toFixed(0)} MB/s (curl straight from the gateway)`;
  const label = `${name} ${mib(FILE_BYTES)} (median of ${RUNS}, MB/s)`;
  if (ours === undefined) {
    console.log(
      `${label}: ours not measured (the hub did not store the file in the bucket), reference ${referenceText}, ratio n/a`,
    );
    return;
  }
  printRatio(label, `${rate(ours).toFixed(0)} MB/s`, referenceText, rate(ours) / rate(reference), `≥ ${TARGET}`);
  printRuns(FILE_BYTES, ours, "gateway", reference);
}

async function memAvailable(): Promise<number> {
  const match = /^MemAvailable:\s+(\d+)\s+kB$/m.exec(await readFile("/proc/meminfo", "utf8"));
  return match?.[1] !== undefined ? Number(match[1]) * 1024 : 0;
}

async function main() {
  if (!Number.isSafeInteger(FILE_BYTES) || FILE_BYTES < MiB || !Number.isInteger(RUNS) || RUNS < 1 || RUNS > 20)
    throw new Error("BENCH_S3_MIB must be ≥ 1 and BENCH_S3_RUNS 1-20");
  const free = statfsSync(tmpdir());
  if (free.bavail * free.bsize < 3 * FILE_BYTES)
    throw new Error(
      `${tmpdir()} has ${mib(free.bavail * free.bsize)} free; the benchmark needs ${mib(3 * FILE_BYTES)}`,
    );
  // The memstore holds ~1.9 × the object (twice while the hub's upload and the SDK's copy coexist): ask for 4 ×.
  const memstoreBytes = Math.max(2 * 1024 * MiB, 4 * FILE_BYTES);
  if ((await memAvailable()) < memstoreBytes)
    throw new Error(`the gateway's memstore needs up to ${mib(memstoreBytes)} of RAM; less is available`);

  const dir = mkdtempSync(join(tmpdir(), "hubkit-s3-bench-"));
  const stops: (() => Promise<void>)[] = [];
  try {
    const gateway = await startGateway(memstoreBytes);
    stops.push(gateway.stop);
    const client = gateway.client();
    stops.push(async () => client.destroy());
    console.log(
      `# gateway at ${gateway.endpoint} started in ${gateway.seconds.toFixed(1)} s; resident ${mib(gateway.rss())}`,
    );
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    const file = await writeSeededFile(join(dir, FILE_NAME), FILE_BYTES);

    // The hub learns its store from the environment startHub passes on (ours: this process's).
    Object.assign(process.env, {
      HUBKIT_S3_ENDPOINT: gateway.endpoint,
      HUBKIT_S3_BUCKET: BUCKET,
      HUBKIT_S3_REGION: gateway.region,
      HUBKIT_S3_FORCE_PATH_STYLE: "1",
      HUBKIT_S3_REDIRECT: "0",
      AWS_ACCESS_KEY_ID: gateway.accessKeyId,
      AWS_SECRET_ACCESS_KEY: gateway.secretAccessKey,
    });
    const adminToken = randomBytes(24).toString("hex");
    const dataDir = join(dir, "data");
    let hub: RunningHub = await startHub(dataDir, adminToken);
    let stopHub = hub.stop;
    stops.push(() => stopHub());
    const token = await prepareRepo(hub, adminToken, USER, REPO.slice(USER.length + 1));
    const home = join(dir, "hf-home");
    mkdirSync(home);
    const upload = await hfUpload(HF_VERSION, { endpoint: hub.url, token, home }, REPO, file.path, FILE_NAME);
    const hubKey = await keyOfSize(client, FILE_BYTES);
    console.log(
      `# upload through the hub (upload_file ${HF_VERSION}): ${upload.seconds.toFixed(2)} s; in the bucket: ${hubKey ?? "no"}`,
    );
    const key = hubKey ?? "reference/model.bin";
    if (hubKey === undefined) await uploadWithSdk(client, key, file);
    rmSync(file.path);
    console.log(`# gateway resident with the object stored: ${mib(gateway.rss())}; load ${loadavg()[0]?.toFixed(2)}`);

    const presigned = await getSignedUrl(client, new GetObjectCommand({ Bucket: BUCKET, Key: key }), {
      expiresIn: 3600,
    });
    const ours = `${hub.url}/${REPO}/resolve/main/${FILE_NAME}`;
    await checkBytes(presigned, file);

    // Interleaved runs, each pair in the other order than the last, so a neighbour's load falls on both alike.
    const interleave = async (oursUrl: string | undefined) => {
      const times = { ours: [] as number[], reference: [] as number[] };
      if (oursUrl !== undefined) await checkBytes(oursUrl, file);
      await alternate(
        RUNS,
        async () => times.reference.push(await curlSeconds(presigned, FILE_BYTES, true)),
        async () => {
          if (oursUrl !== undefined) times.ours.push(await curlSeconds(oursUrl, FILE_BYTES, true));
        },
      );
      return { ours: oursUrl === undefined ? undefined : times.ours, reference: times.reference };
    };
    const through = await interleave(hubKey === undefined ? undefined : ours);
    report("s3 download curl through the hub", through.ours, through.reference);

    // The same hub restarted with its cache: the first download comes from the bucket and fills it (timed apart,
    // the cold one); the timed runs start once the verified copy is in place.
    await hub.stop();
    const cacheDir = join(dir, "cache");
    process.env.HUBKIT_S3_CACHE_DIR = cacheDir;
    hub = await startHub(dataDir, adminToken);
    stopHub = hub.stop;
    const cachedUrl = `${hub.url}/${REPO}/resolve/main/${FILE_NAME}`;
    if (hubKey !== undefined) {
      const cachedFile = join(cacheDir, "objects", file.sha256);
      // A fill gives up when the disk falls behind (its backlog bound): the next download from the bucket tries
      // again, so up to 3 untimed downloads, each reported (they are the cold ones, from the bucket).
      for (let attempt = 1; attempt <= 3 && !existsSync(cachedFile); attempt++) {
        const cold = await curlSeconds(cachedUrl, FILE_BYTES, true);
        const waitStart = performance.now();
        // Verification reads the file once (sha256): about a second per GiB; give up after a minute.
        for (let tries = 0; tries < 600 && !existsSync(cachedFile); tries++)
          await new Promise((done) => setTimeout(done, 100));
        console.log(
          `# download ${attempt} through the hub with the cache (from the bucket, filling it): ${megabytesPerSecond(FILE_BYTES, cold).toFixed(0)} MB/s; ${existsSync(cachedFile) ? `cached and verified ${((performance.now() - waitStart) / 1000).toFixed(2)} s after` : "not cached (fill abandoned)"}`,
        );
      }
      if (!existsSync(cachedFile)) throw new Error(`the cache did not keep ${cachedFile} after 3 downloads`);
    }
    const cached = await interleave(hubKey === undefined ? undefined : cachedUrl);
    report("s3 download curl through the hub, cached", cached.ours, cached.reference);
    await hub.stop();
    delete process.env.HUBKIT_S3_CACHE_DIR;
    process.env.HUBKIT_S3_REDIRECT = "1";
    hub = await startHub(dataDir, adminToken);
    stopHub = hub.stop;
    const status = await run("curl", [
      "-sS",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code} %{redirect_url}",
      `${hub.url}/${REPO}/resolve/main/${FILE_NAME}`,
    ]);
    console.log(`# with HUBKIT_S3_REDIRECT=1 the hub answers ${status.stdout.slice(0, 120)}`);
    const redirected = await interleave(
      hubKey === undefined ? undefined : `${hub.url}/${REPO}/resolve/main/${FILE_NAME}`,
    );
    report("s3 download curl -L with presigned redirect", redirected.ours, redirected.reference);
    printLoadAtEnd();
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
