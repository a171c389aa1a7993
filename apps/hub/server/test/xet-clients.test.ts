// Xet with the real clients and no environment variable (issue 18): huggingface_hub 2.0.0 and 1.33.0 with hf_xet
// 1.6.0 upload through the hub's own CAS (upload_file of a 20 MB file, upload_folder, `hf upload`, create_commit
// mixing regular and Xet files) and download through Xet (hf_hub_download, snapshot_download) byte-identical; the
// same file downloads whole with curl (also a Range), with HF_HUB_DISABLE_XET=1, and with git clone + git lfs pull.
// The server's counters show what went through the CAS; a re-upload of a file with 1 MB changed sends < 10 % of
// its bytes as xorbs, also with the client's Xet cache deleted (global dedup).
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { XetService } from "../src/xet/service.js";
import { pythonFor } from "./auth-harness.js";
import { gitClientEnv, python, run, startTestHub, type TestHub } from "./hub-harness.js";
import { hfClientEnv } from "./run-command.js";

let hub: TestHub;
let xet: XetService;
const big = randomBytes(20 * 1024 * 1024);
const bigSha = createHash("sha256").update(big).digest("hex");
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  hub = await startTestHub("xet-clients");
  xet = hub.ctx.xet as XetService;
  writeFileSync(join(hub.work, "big.bin"), big);
}, 60_000);
afterAll(async () => hub?.close());

function ok(result: { code: number; stdout: string; stderr: string }): string {
  expect(result.stderr).not.toMatch(/Traceback|Error:/);
  expect(result.code).toBe(0);
  return result.stdout;
}

for (const version of ["2.0.0", "1.33.0"]) {
  describe(`huggingface_hub ${version} + hf_xet, no environment variable`, () => {
    const repo = `alice/xet-${version.replace(/\./g, "-")}`;
    it("upload_file of a 20 MB file goes through Xet; hf_hub_download through Xet is byte-identical", async () => {
      const before = { ...xet.counters };
      const out = ok(
        await python(
          version,
          hub,
          `
import hashlib
from huggingface_hub import HfApi, hf_hub_download
api = HfApi(endpoint="${hub.url}", token="${hub.writeToken}")
api.create_repo("${repo}")
api.upload_file(path_or_fileobj="${join(hub.work, "big.bin")}", path_in_repo="big.bin", repo_id="${repo}")
path = hf_hub_download("${repo}", "big.bin", endpoint="${hub.url}", token="${hub.writeToken}", cache_dir="${join(hub.work, `dl-${version}`)}")
print("SHA", hashlib.sha256(open(path, "rb").read()).hexdigest())
`,
          { xet: true },
        ),
      );
      expect(out).toContain(`SHA ${bigSha}`);
      // Uploaded as xorbs and a shard (the LFS folder holds nothing), downloaded through reconstructions.
      expect(xet.counters.shards).toBeGreaterThan(before.shards);
      expect(xet.counters.reconstructions).toBeGreaterThan(before.reconstructions);
      expect(xet.counters.rangeBytesServed - before.rangeBytesServed).toBeGreaterThanOrEqual(big.length / 2);
      expect((await hub.ctx.lfs.stat(bigSha))?.size).toBe(big.length);
    }, 180_000);
  });
}

// The folder flows with each client version: upload_folder, create_commit mixing regular and Xet files, the `hf`
// CLI (both versions install `hf`; 1.33.0 also still ships `huggingface-cli`), snapshot_download.
for (const version of ["2.0.0", "1.33.0"]) {
  describe(`huggingface_hub ${version}: folders, mixed commits, the CLI`, () => {
    const repo = `alice/xet-mixed-${version.replace(/\./g, "-")}`;
    it("upload_folder, create_commit mixing regular and Xet files, hf upload; snapshot_download byte-identical", async () => {
      const before = { lz4: xet.counters.lz4Chunks, bg4: xet.counters.bg4Chunks };
      const folder = join(hub.work, `folder-${version}`);
      mkdirSync(join(folder, "sub"), { recursive: true });
      const files: Record<string, Buffer> = {
        "model.safetensors": randomBytes(300 * 1024),
        "README.md": Buffer.from("# folder\n"),
        "sub/data.parquet": randomBytes(100 * 1024),
        // Compressible: hf_xet stores these LZ4-framed (text) and byte-grouped (floats), the server decodes both.
        // (Different per version, so that the second run is not deduplicated against the first.)
        "sub/text.safetensors": Buffer.from(`the same words again and again ${version} `.repeat(20_000)),
        "sub/floats.safetensors": Buffer.from(
          Float32Array.from({ length: 200_000 }, (_, i) => Math.sin(i / 1000 + version.length)).buffer,
        ),
      };
      for (const [path, bytes] of Object.entries(files)) writeFileSync(join(folder, path), bytes);
      const cli = join(hub.work, `cli-${version}`);
      mkdirSync(cli, { recursive: true });
      files["cli/weights.safetensors"] = randomBytes(200 * 1024);
      writeFileSync(join(cli, "weights.safetensors"), files["cli/weights.safetensors"] as Buffer);
      files["mixed/notes.txt"] = Buffer.from("regular\n");
      files["mixed/tensor.safetensors"] = randomBytes(150 * 1024);
      const tensor = join(hub.work, `tensor-${version}.safetensors`);
      writeFileSync(tensor, files["mixed/tensor.safetensors"] as Buffer);
      const shardsBefore = xet.counters.shards;
      ok(
        await python(
          version,
          hub,
          `
from huggingface_hub import HfApi, CommitOperationAdd
api = HfApi(endpoint="${hub.url}", token="${hub.writeToken}")
api.create_repo("${repo}")
api.upload_folder(folder_path="${folder}", repo_id="${repo}")
api.create_commit("${repo}", operations=[
  CommitOperationAdd("mixed/notes.txt", b"regular\\n"),
  CommitOperationAdd("mixed/tensor.safetensors", "${tensor}"),
], commit_message="mixed")
`,
          { xet: true },
        ),
      );
      // The `hf` CLI with Xet left on (the harness's hfCli turns it off).
      const hf = join(await pythonFor(version), "..", "hf");
      const env = hfClientEnv({
        endpoint: hub.url,
        home: join(hub.work, `hf-cli-home-${version}`),
        token: hub.writeToken,
        xet: true,
      });
      const shardsBeforeCli = xet.counters.shards;
      ok(await run(hf, ["upload", repo, cli, "cli"], { cwd: hub.work, env }));
      expect(xet.counters.shards).toBeGreaterThan(shardsBeforeCli);
      expect(shardsBeforeCli).toBeGreaterThan(shardsBefore);
      // Tree entries of Xet files carry xetHash.
      const tree = (await (
        await fetch(`${hub.url}/api/models/${repo}/tree/main?recursive=1`, {
          headers: { Authorization: `Bearer ${hub.readToken}` },
        })
      ).json()) as { path: string; xetHash?: string; lfs?: unknown }[];
      const safetensors = tree.find((entry) => entry.path === "model.safetensors");
      expect(safetensors?.xetHash).toMatch(/^[0-9a-f]{64}$/);
      expect(tree.find((entry) => entry.path === "README.md")?.xetHash).toBeUndefined();
      const info = (await (
        await fetch(`${hub.url}/api/models/${repo}/paths-info/main`, {
          method: "POST",
          headers: { Authorization: `Bearer ${hub.readToken}`, "Content-Type": "application/json" },
          body: JSON.stringify({ paths: ["model.safetensors", "README.md"] }),
        })
      ).json()) as { path: string; xetHash?: string }[];
      expect(info.find((entry) => entry.path === "model.safetensors")?.xetHash).toBe(safetensors?.xetHash);
      // Every large file of the three commits went through Xet (none through the LFS batch API).
      const large = tree.filter((entry) => entry.lfs !== undefined);
      expect(large.map((entry) => entry.path).sort()).toEqual([
        "cli/weights.safetensors",
        "mixed/tensor.safetensors",
        "model.safetensors",
        "sub/data.parquet",
        "sub/floats.safetensors",
        "sub/text.safetensors",
      ]);
      expect(large.filter((entry) => !/^[0-9a-f]{64}$/.test(entry.xetHash ?? "")).map((entry) => entry.path)).toEqual(
        [],
      );
      const reconstructions = xet.counters.reconstructions;
      const out = ok(
        await python(
          version,
          hub,
          `
import hashlib, os
from huggingface_hub import snapshot_download
root = snapshot_download("${repo}", endpoint="${hub.url}", token="${hub.readToken}", cache_dir="${join(hub.work, `snap-${version}`)}")
for dirpath, _, names in os.walk(root):
  for name in names:
    p = os.path.join(dirpath, name)
    print("FILE", os.path.relpath(p, root), hashlib.sha256(open(p, "rb").read()).hexdigest())
`,
          { xet: true },
        ),
      );
      for (const [path, bytes] of Object.entries(files)) expect(out).toContain(`FILE ${path} ${sha(bytes)}`);
      expect(xet.counters.reconstructions).toBeGreaterThan(reconstructions);
      // hf_xet sent the compressible files LZ4-framed and byte-grouped; the server decoded and verified both.
      expect(xet.counters.lz4Chunks).toBeGreaterThan(before.lz4);
      expect(xet.counters.bg4Chunks).toBeGreaterThan(before.bg4);
    }, 240_000);
  });
}

describe("one repository, every client (huggingface_hub 2.0.0)", () => {
  it("a Xet-uploaded file downloads whole: curl (and a Range), HF_HUB_DISABLE_XET=1, git clone + git lfs pull", async () => {
    const repoId = "alice/xet-2-0-0"; // big.bin, uploaded through Xet above
    const target = join(hub.work, "curl.bin");
    const curl = await run("curl", [
      "-sSf",
      "-o",
      target,
      "-H",
      `Authorization: Bearer ${hub.readToken}`,
      `${hub.url}/${repoId}/resolve/main/big.bin`,
    ]);
    expect(curl.code).toBe(0);
    expect(sha(readFileSync(target))).toBe(bigSha);
    const ranged = await run("curl", [
      "-sSf",
      "-r",
      "5000000-5999999",
      "-o",
      target,
      "-H",
      `Authorization: Bearer ${hub.readToken}`,
      `${hub.url}/${repoId}/resolve/main/big.bin`,
    ]);
    expect(ranged.code).toBe(0);
    expect(readFileSync(target).equals(big.subarray(5_000_000, 6_000_000))).toBe(true);
    const plain = ok(
      await python(
        "2.0.0",
        hub,
        `
import hashlib
from huggingface_hub import hf_hub_download
p = hf_hub_download("${repoId}", "big.bin", endpoint="${hub.url}", token="${hub.readToken}", cache_dir="${join(hub.work, "plain")}")
print("SHA", hashlib.sha256(open(p, "rb").read()).hexdigest())
`,
        { xet: false },
      ),
    );
    expect(plain).toContain(`SHA ${bigSha}`);
    const env = gitClientEnv(hub.work);
    const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env, timeoutMs: 120_000 });
    expect((await git(hub.work, "lfs", "install", "--skip-repo")).code).toBe(0);
    const clone = join(hub.work, "clone");
    const url = hub.url.replace("http://", `http://alice:${hub.readToken}@`);
    const cloned = await run("git", ["clone", "-q", `${url}/${repoId}`, clone], {
      cwd: hub.work,
      env: { ...env, GIT_LFS_SKIP_SMUDGE: "1" },
      timeoutMs: 120_000,
    });
    expect(cloned.code).toBe(0);
    expect(readFileSync(join(clone, "big.bin"), "utf8")).toContain(`oid sha256:${bigSha}`);
    expect((await git(clone, "lfs", "pull")).code).toBe(0);
    expect(sha(readFileSync(join(clone, "big.bin")))).toBe(bigSha);
  }, 180_000);

  it("two clients uploading the same new file at once both succeed, and both copies read back identical", async () => {
    const bytes = randomBytes(8 * 1024 * 1024);
    const path = join(hub.work, "race.bin");
    writeFileSync(path, bytes);
    const upload = (name: string) =>
      python(
        "2.0.0",
        hub,
        `
from huggingface_hub import HfApi
api = HfApi(endpoint="${hub.url}", token="${hub.writeToken}")
api.create_repo("alice/xet-race-${name}", exist_ok=True)
api.upload_file(path_or_fileobj="${path}", path_in_repo="race.bin", repo_id="alice/xet-race-${name}")
`,
        { xet: true, home: join(hub.work, `race-home-${name}`) },
      );
    const results = await Promise.all([upload("a"), upload("b")]);
    for (const result of results) ok(result);
    for (const name of ["a", "b"]) {
      const back = await fetch(`${hub.url}/alice/xet-race-${name}/resolve/main/race.bin`, {
        headers: { Authorization: `Bearer ${hub.readToken}` },
      });
      expect(sha(Buffer.from(await back.arrayBuffer()))).toBe(sha(bytes));
    }
    expect(await xet.objects.pending()).toBe(0);
  }, 180_000);

  it("dedup: a re-upload with 1 MB changed in the middle sends < 10 % of its bytes, also without the client cache", async () => {
    const size = 64 * 1024 * 1024;
    const original = randomBytes(size);
    const file = join(hub.work, "dedup.bin");
    writeFileSync(file, original);
    const upload = async (path: string) =>
      ok(
        await python(
          "2.0.0",
          hub,
          `
from huggingface_hub import HfApi
api = HfApi(endpoint="${hub.url}", token="${hub.writeToken}")
api.create_repo("alice/xet-dedup", exist_ok=True)
api.upload_file(path_or_fileobj="${file}", path_in_repo="${path}", repo_id="alice/xet-dedup")
`,
          { xet: true, home: join(hub.work, "dedup-home") },
        ),
      );
    await upload("v1.bin");
    for (const [run, dropCache] of [
      [1, false],
      [2, true],
    ] as const) {
      const changed = Buffer.from(original);
      randomBytes(1024 * 1024).copy(changed, size / 2 + run * 1024 * 1024);
      writeFileSync(file, changed);
      // Global dedup: without the client's shard cache it must ask the server (GET /v1/chunks).
      if (dropCache) rmSync(join(hub.work, "dedup-home", "xet"), { recursive: true, force: true });
      const before = xet.counters.xorbBytesReceived;
      const queries = xet.counters.dedupQueries;
      await upload(`v${run + 1}.bin`);
      const sent = xet.counters.xorbBytesReceived - before;
      expect(sent, `run ${run}: ${sent} bytes of xorbs`).toBeLessThan(size * 0.1);
      if (dropCache) expect(xet.counters.dedupQueries).toBeGreaterThan(queries);
      const back = await fetch(`${hub.url}/alice/xet-dedup/resolve/main/v${run + 1}.bin`, {
        headers: { Authorization: `Bearer ${hub.readToken}` },
      });
      expect(sha(Buffer.from(await back.arrayBuffer()))).toBe(sha(changed));
    }
  }, 240_000);
});
