// Issue 21: the viewer page's "Use this dataset" snippets (web/src/features/datasets/dataset-snippets.ts) run as a
// user would paste them, in a clean environment (no HF_ENDPOINT or token set outside the snippet), against a real
// hub: `datasets` (HF_ENDPOINT set in the code), pandas (hf:// through HfFileSystem with the `endpoint` storage
// option) and Polars (the resolve URL over HTTP) read the converted split, for a public and a private dataset (the
// snippet's "hf_…" placeholder replaced by a real token). DuckDB's snippet is not run here: DuckDB fetches its
// httpfs extension from the network on first use, which this machine does not have.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { datasetSnippets } from "../../web/src/features/datasets/dataset-snippets.js";
import { HUB_DIR } from "../src/config.js";
import { commitFiles, createDataset, viewer, waitConverted } from "./dataset-viewer-harness.js";
import { startTestHub, type TestHub } from "./hub-harness.js";
import { run } from "./run-command.js";

const VENV = join(HUB_DIR, "..", "..", "node_modules", ".cache", "hubkit-venvs", "viewer-snippets");
const PYTHON = join(VENV, "bin", "python");
const PACKAGES = ["datasets", "pandas", "pyarrow", "polars"];

/** A venv with the snippets' libraries, from the machine's local package index (made once, reused). */
async function snippetsPython(): Promise<string> {
  const ready = existsSync(PYTHON) && (await run(PYTHON, ["-c", `import ${PACKAGES.join(", ")}`])).code === 0;
  if (ready) return PYTHON;
  const made = await run("python3", ["-m", "venv", "--clear", VENV]);
  if (made.code !== 0) throw new Error(`venv: ${made.stderr}`);
  const pip = await run(
    join(VENV, "bin", "pip"),
    ["install", "--quiet", "--disable-pip-version-check", "--retries", "0", "--timeout", "30", ...PACKAGES],
    { timeoutMs: 900_000 },
  );
  if (pip.code !== 0) throw new Error(`pip install ${PACKAGES.join(" ")}: ${pip.stderr}`);
  return PYTHON;
}

let hub: TestHub;
let python: string;
const rows = Array.from({ length: 30 }, (_, i) => `${i},row ${i}`);
const CSV = Buffer.from(`id,text\n${rows.join("\n")}\n`);

beforeAll(async () => {
  [hub, python] = await Promise.all([startTestHub("dataset-viewer-snippets"), snippetsPython()]);
  await createDataset(hub, "open");
  await createDataset(hub, "closed", true);
  for (const name of ["open", "closed"]) {
    await commitFiles(hub, `alice/${name}`, [{ path: "data/train.csv", content: CSV }]);
    expect((await waitConverted(hub, `alice/${name}`)).status).toBe(200);
  }
}, 900_000);
afterAll(async () => {
  await hub?.close();
});

/** The snippets the page shows for `alice/<name>`, with the split's files from /parquet as the page gets them. */
async function snippetsFor(name: string, isPrivate: boolean) {
  const parquet = await viewer(hub, "parquet", { dataset: `alice/${name}` }, hub.writeToken);
  expect(parquet.status).toBe(200);
  const files = (parquet.body.parquet_files as Array<{ config: string; split: string; filename: string }>)
    .filter((file) => file.split === "train")
    .map((file) => `${file.config}/${file.split}/${file.filename}`);
  expect(files).toEqual(["default/train/0000.parquet"]);
  return datasetSnippets({
    endpoint: hub.url,
    dataset: `alice/${name}`,
    config: "default",
    split: "train",
    files,
    private: isPrivate,
  });
}

/** Runs a Python snippet plus a line that prints what it read, with nothing pointing at the hub from outside. */
async function runSnippet(code: string, show: string, home: string) {
  mkdirSync(home, { recursive: true });
  return run(python, ["-c", `${code}\n${show}`], {
    timeoutMs: 300_000,
    env: { HF_HOME: home, HF_HUB_DISABLE_TELEMETRY: "1", HF_HUB_OFFLINE: "0" },
  });
}

const SHOW: Record<string, string> = {
  datasets: 'print(ds.num_rows, ds[29]["text"])',
  pandas: 'print(len(df), df["text"].iloc[29])',
  polars: 'print(df.height, df["text"][29])',
};

describe("the snippets read the split from this hub", () => {
  for (const [name, isPrivate] of [
    ["open", false],
    ["closed", true],
  ] as const)
    test(`${name === "open" ? "a public" : "a private"} dataset: datasets, pandas, Polars`, async () => {
      const snippets = await snippetsFor(name, isPrivate);
      for (const snippet of snippets.filter((s) => s.language === "python")) {
        const code = isPrivate ? snippet.code.replaceAll("hf_…", hub.readToken) : snippet.code;
        if (isPrivate) expect(code, snippet.tool).toContain(hub.readToken);
        const result = await runSnippet(code, SHOW[snippet.tool] ?? "", join(hub.work, `home-${name}-${snippet.tool}`));
        expect(result.code, `${snippet.tool}: ${result.stderr.slice(-2000)}`).toBe(0);
        expect(result.stdout.trim().split("\n").at(-1), snippet.tool).toBe("30 row 29");
      }
    }, 600_000);

  test("a private dataset's snippet without its token is refused (the token line is what opens it)", async () => {
    const pandas = (await snippetsFor("closed", true)).find((s) => s.tool === "pandas");
    const code = (pandas?.code ?? "").replace(', "token": "hf_…"', "");
    const result = await runSnippet(code, SHOW.pandas ?? "", join(hub.work, "home-closed-anonymous"));
    expect(result.code).not.toBe(0);
  }, 300_000);
});
