// Issue 21: datasets that exist before the viewer runs (the seed's, or changed while no server ran) are converted
// after start without anyone opening them: the start-up scan queues every dataset whose conversion is missing or
// of another head. Checked through the file API only (a viewer request would queue the dataset by itself).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { faultHub } from "./faults-harness.js";

const hub = faultHub("dataset-viewer-seed");

it("the seed's datasets get their refs/convert/parquet after start, with no viewer request", async () => {
  // A dataset seed beside the models seed (store/open-index.ts seedSourcesBeside): its repository holds a CSV sample.
  writeFileSync(
    join(hub.work, "datasets.jsonl"),
    `${JSON.stringify({ id: "seedorg/tiny-table", description: "A tiny table." })}\n`,
  );
  await hub.start();
  const deadline = Date.now() + 90_000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await hub.authed("/api/datasets/seedorg/tiny-table/revision/refs%2Fconvert%2Fparquet")).status;
    if (status === 200) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  expect(status).toBe(200);
  const tree = (await (
    await hub.authed("/api/datasets/seedorg/tiny-table/tree/refs%2Fconvert%2Fparquet?recursive=true")
  ).json()) as { path: string }[];
  expect(tree.some((entry) => /^default\/[a-z]+\/0000\.parquet$/.test(entry.path))).toBe(true);
}, 180_000);
