// Xet benchmark (issue 18): a 1 GiB file uploaded with huggingface_hub's upload_file through the hub's own Xet CAS
// against `sha256sum` + `cp` of the same file (target ≤ 2×); a re-upload with 1 % changed in the middle: seconds
// and xorb bytes the server received (target ≤ 5 % of the file); downloads of it through Xet (hf_hub_download with
// hf_xet) and through the whole-file bridge (curl of resolve, rebuilt from the xorbs as it streams) against nginx
// serving the same bytes on loopback (target ≥ 0.8×); the server's resident memory around each, which must stay
// flat. The REAL server runs as a child process (transfer-hub.ts).
//   node --conditions=hubkit-source --import tsx apps/hub/bench/xet.ts     (also the last step of `npm run bench`)
//   BENCH_XET_MIB=256 for another size.
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statfsSync, writeSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { writeSeededFile } from "./transfer-file.js";
import { prepareRepo, startHub } from "./transfer-hub.js";
import { startNginx } from "./transfer-nginx.js";
import { run } from "./transfer-process.js";
import { pythonOf } from "./transfer-python.js";
import { mib, readRss, sampleRss } from "./transfer-rss.js";

const MiB = 1024 * 1024;
const FILE_BYTES = Number(process.env.BENCH_XET_MIB ?? 1024) * MiB;
const HF_VERSION = process.env.BENCH_HF_VERSION ?? "2.0.0";
const USER = "benchmarker";
const REPO = `${USER}/xet`;
const NAME = "model.bin";

/** CPU seconds (user + system) the process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const line = (name: string, ours: string, reference: string, ratio: number, target: string) =>
  console.log(`${name}: ours ${ours}, reference ${reference}, ratio ${ratio.toFixed(2)} (target ${target})`);

const UPLOAD = `
import json, sys, time
from huggingface_hub import HfApi
repo, path, name = sys.argv[1:4]
started = time.perf_counter()
info = HfApi().upload_file(path_or_fileobj=path, path_in_repo=name, repo_id=repo, commit_message="bench")
print(json.dumps({"seconds": time.perf_counter() - started, "commit": info.oid}))
`;

const DOWNLOAD = `
import json, os, sys, time
from huggingface_hub import hf_hub_download
repo, name, cache = sys.argv[1:4]
started = time.perf_counter()
path = hf_hub_download(repo_id=repo, filename=name, cache_dir=cache)
print(json.dumps({"seconds": time.perf_counter() - started, "bytes": os.path.getsize(path)}))
`;

function env(endpoint: string, home: string, token: string | undefined, xet: boolean): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    HF_HOME: home,
    HF_ENDPOINT: endpoint,
    HF_HUB_DISABLE_TELEMETRY: "1",
    HF_HUB_DISABLE_PROGRESS_BARS: "1",
    ...(token !== undefined ? { HF_TOKEN: token } : {}),
    ...(xet ? {} : { HF_HUB_DISABLE_XET: "1" }),
  };
}

async function python(
  code: string,
  args: string[],
  environment: NodeJS.ProcessEnv,
): Promise<Record<string, number | string>> {
  const { stdout } = await run(pythonOf(HF_VERSION), ["-c", code, ...args], { env: environment });
  return JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as Record<string, number | string>;
}

async function main() {
  const free = statfsSync(tmpdir());
  if (free.bavail * free.bsize < 6 * FILE_BYTES) throw new Error(`${tmpdir()} needs ${mib(6 * FILE_BYTES)} free`);
  const dir = mkdtempSync(join(tmpdir(), "hubkit-xet-bench-"));
  const stops: (() => Promise<void>)[] = [];
  try {
    const served = join(dir, "www", REPO, "resolve/main");
    mkdirSync(served, { recursive: true });
    const file = await writeSeededFile(join(served, NAME), FILE_BYTES, 7);
    const adminToken = randomBytes(24).toString("hex");
    const hub = await startHub(join(dir, "data"), adminToken);
    stops.push(hub.stop);
    const token = await prepareRepo(hub, adminToken, USER, "xet");
    const stats = async () =>
      (await (
        await fetch(`${hub.url}/api/admin/xet/stats`, { headers: { Authorization: `Bearer ${adminToken}` } })
      ).json()) as { xorbBytesReceived: number; rangeBytesServed: number };
    const home = join(dir, "hf-home");
    mkdirSync(home);
    console.log(`# server pid ${hub.pid}; huggingface_hub ${HF_VERSION} + hf_xet; load ${loadavg()[0]?.toFixed(2)}`);

    // Reference: the least a hub must do with an upload, hash it and write it once.
    const hashed = await run("sha256sum", [file.path]);
    const copied = await run("cp", [file.path, join(dir, "copy.bin")]);
    rmSync(join(dir, "copy.bin"));
    const reference = hashed.seconds + copied.seconds;

    let before = await stats();
    let sampler = sampleRss(hub.pid);
    const rssBeforeUpload = (await readRss(hub.pid)) ?? 0;
    const cpuBefore = cpuSeconds(hub.pid);
    const first = await python(UPLOAD, [REPO, file.path, NAME], env(hub.url, home, token, true));
    let rss = await sampler.stop();
    let after = await stats();
    line(
      `upload ${mib(FILE_BYTES)} through Xet (upload_file vs sha256sum + cp)`,
      `${Number(first.seconds).toFixed(2)} s`,
      `${reference.toFixed(2)} s`,
      Number(first.seconds) / reference,
      "≤ 2",
    );
    console.log(
      `# xorb bytes received ${mib(after.xorbBytesReceived - before.xorbBytesReceived)}; sha256sum ${hashed.seconds.toFixed(2)} s, cp ${copied.seconds.toFixed(2)} s`,
    );
    console.log(`# server CPU during the upload ${(cpuSeconds(hub.pid) - cpuBefore).toFixed(2)} s`);
    console.log(`server RSS around the upload: before ${mib(rssBeforeUpload)}, peak ${mib(rss.peak)}`);

    // 1 % changed in the middle, uploaded again by the same client (its cache kept, as a user's would be).
    const changed = join(dir, "changed.bin");
    await run("cp", [file.path, changed]);
    const fd = openSync(changed, "r+");
    writeSync(
      fd,
      randomBytes(Math.floor(FILE_BYTES / 100)),
      0,
      Math.floor(FILE_BYTES / 100),
      Math.floor(FILE_BYTES / 2),
    );
    closeSync(fd);
    before = await stats();
    sampler = sampleRss(hub.pid);
    const second = await python(UPLOAD, [REPO, changed, "changed.bin"], env(hub.url, home, token, true));
    rss = await sampler.stop();
    after = await stats();
    const sent = after.xorbBytesReceived - before.xorbBytesReceived;
    line(
      `re-upload ${mib(FILE_BYTES)} with 1 % changed: xorb bytes sent`,
      `${mib(sent)} in ${Number(second.seconds).toFixed(2)} s`,
      `${mib(FILE_BYTES)} (the file)`,
      sent / FILE_BYTES,
      "≤ 0.05",
    );
    console.log(`server RSS around the re-upload: peak ${mib(rss.peak)}`);
    rmSync(changed);

    const nginx = await startNginx({
      root: join(dir, "www"),
      workDir: join(dir, "nginx"),
      headers: {
        "X-Repo-Commit": String(first.commit),
        "X-Linked-Etag": `"${file.sha256}"`,
        "X-Linked-Size": String(file.bytes),
      },
    });
    stops.push(nginx.stop);
    const download = async (endpoint: string, xet: boolean, auth: string | undefined) => {
      const cache = join(home, `cache-${randomBytes(4).toString("hex")}`);
      await run("sync", []);
      const result = await python(DOWNLOAD, [REPO, NAME, cache], env(endpoint, home, auth, xet));
      rmSync(cache, { recursive: true, force: true });
      if (Number(result.bytes) !== FILE_BYTES) throw new Error(`downloaded ${result.bytes} bytes`);
      return Number(result.seconds);
    };
    const curl = async (url: string) => {
      await run("sync", []);
      const { stdout } = await run("curl", [
        "-sS",
        "--fail",
        "-o",
        "/dev/null",
        "-w",
        "%{size_download} %{time_total}",
        "-H",
        `Authorization: Bearer ${token}`,
        url,
      ]);
      const [size, seconds] = stdout.trim().split(" ");
      if (Number(size) !== FILE_BYTES) throw new Error(`curl got ${size} bytes`);
      return Number(seconds);
    };
    const rate = (seconds: number) => FILE_BYTES / 1e6 / seconds;
    const rssBeforeDownloads = (await readRss(hub.pid)) ?? 0;
    sampler = sampleRss(hub.pid);
    const viaXet = await download(hub.url, true, token);
    const nginxHf = await download(nginx.url, false, undefined);
    const bridge = await curl(`${hub.url}/${REPO}/resolve/main/${NAME}`);
    const nginxCurl = await curl(`${nginx.url}/${REPO}/resolve/main/${NAME}`);
    rss = await sampler.stop();
    line(
      `download ${mib(FILE_BYTES)} hf_hub_download through Xet vs nginx whole`,
      `${rate(viaXet).toFixed(0)} MB/s`,
      `${rate(nginxHf).toFixed(0)} MB/s`,
      rate(viaXet) / rate(nginxHf),
      "≥ 0.8",
    );
    line(
      `download ${mib(FILE_BYTES)} curl, whole-file bridge vs nginx`,
      `${rate(bridge).toFixed(0)} MB/s`,
      `${rate(nginxCurl).toFixed(0)} MB/s`,
      rate(bridge) / rate(nginxCurl),
      "≥ 0.8",
    );
    console.log(
      `server RSS around the downloads: before ${mib(rssBeforeDownloads)}, peak ${mib(rss.peak)}, after ${mib((await readRss(hub.pid)) ?? 0)}`,
    );
    console.log(
      `# load average at the end ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
