// Issue 21: image and audio folders converted as the hub's folder builders (ImageFolder / AudioFolder) read them —
// metadata.jsonl / metadata.csv joined on `file_name`, class labels from parent folders — checked through the
// viewer API (features, image bytes identical to the source files, audio sources) and with `datasets`: the converted
// ref loaded with `load_dataset(…, revision="refs/convert/parquet")` equals `datasets`' own reading of the source
// folders through HF_ENDPOINT, cell by cell. Hostile files (a "png" that is not one, a file over the per-file
// limit) end in a clear error state.
import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  commitFiles,
  createDataset,
  datasetsPython,
  runDatasetsPython,
  viewer,
  waitConverted,
} from "./dataset-viewer-harness.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

/** The per-value limit (a media file is one value): the "huge" file below is over it, the others under. */
const MAX_FILE_BYTES = 3 * 1024 * 1024;
/** media-cells.ts: larger files are not inlined in row answers. */
const MAX_INLINE_BYTES = 2 * 1024 * 1024;

let hub: TestHub;
let python: string;

beforeAll(async () => {
  process.env.HUBKIT_DATASETS_MAX_LINE_BYTES = String(MAX_FILE_BYTES);
  [hub, python] = await Promise.all([startTestHub("dataset-viewer-folders"), datasetsPython()]);
  delete process.env.HUBKIT_DATASETS_MAX_LINE_BYTES;
}, 600_000);
afterAll(async () => {
  await hub?.close();
});

// --- small media files, built by hand ---

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** An RGB PNG of `width`×`height` whose pixels derive from `seed`. */
function png(width: number, height: number, seed: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, RGB
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width * 3; x++) raw[y * (1 + width * 3) + 1 + x] = (seed * 37 + x * 11 + y * 7) & 0xff;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
/** A mono 16-bit PCM WAV of `samples` samples at 8 kHz. */
function wav(samples: number, seed: number): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((i + seed) / 3) * 10_000), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const jsonl = (rows: unknown[]) => Buffer.from(rows.map((row) => JSON.stringify(row)).join("\n"));

async function dataset(name: string, files: Record<string, Buffer>) {
  await createDataset(hub, name);
  await commitFiles(
    hub,
    `alice/${name}`,
    Object.entries(files).map(([path, content]) => ({ path, content })),
  );
  return waitConverted(hub, `alice/${name}`);
}

function py(code: string): Promise<unknown> {
  return runDatasetsPython(hub, python, code);
}

/**
 * Python: both readings of `repo` (datasets' folder builder on the source, the converted ref), every split, every
 * cell made JSON: an image as its size, mode and pixels' hash, audio as its bytes' hash; plus the features' types.
 */
const COMPARE = `
import json, hashlib, sys
from datasets import load_dataset, Audio, Image, ClassLabel
def cell(value, feature):
    if isinstance(feature, Image): return [value.size, value.mode, hashlib.sha256(value.tobytes()).hexdigest()]
    if isinstance(feature, Audio):
        data = value["bytes"] if value["bytes"] is not None else open(value["path"], "rb").read()
        return hashlib.sha256(data).hexdigest()
    return value
def reading(repo, **kw):
    out = {}
    for split, ds in load_dataset(repo, **kw).items():
        for name, feature in list(ds.features.items()):
            if isinstance(feature, Audio): ds = ds.cast_column(name, Audio(decode=False))
        features = ds.features
        out[split] = {"features": {k: type(f).__name__ + (str(f.names) if isinstance(f, ClassLabel) else "") for k, f in features.items()},
                      "rows": [{k: cell(v, features[k]) for k, v in row.items()} for row in ds]}
    return out
print(json.dumps({"source": reading(REPO) if SOURCE else None, "converted": reading(REPO, revision="refs/convert/parquet")}))
`;

type Reading = Record<string, { features: Record<string, string>; rows: Record<string, unknown>[] }>;

/** The converted ref as `datasets` loads it (its Audio features need no audio library to be read undecoded). */
async function loadConverted(repo: string): Promise<Reading> {
  return ((await py(`REPO = ${JSON.stringify(repo)}\nSOURCE = False\n${COMPARE}`)) as { converted: Reading }).converted;
}

async function compareWithDatasets(repo: string) {
  const answer = (await py(`REPO = ${JSON.stringify(repo)}\nSOURCE = True\n${COMPARE}`)) as {
    source: Reading;
    converted: Reading;
  };
  expect(Object.keys(answer.converted).sort()).toEqual(Object.keys(answer.source).sort());
  for (const split of Object.keys(answer.source)) {
    expect(answer.converted[split]?.features).toEqual(answer.source[split]?.features);
    expect(answer.converted[split]?.rows).toEqual(answer.source[split]?.rows);
  }
  return answer.converted;
}

describe("image and audio folders", () => {
  const pets = {
    "train/a.png": png(3, 2, 1),
    "train/b.png": png(2, 2, 2),
    "train/sub/c.png": png(1, 4, 3),
    "train/metadata.jsonl": jsonl([
      { file_name: "b.png", caption: "second", n: 2 },
      { file_name: "a.png", caption: "first", n: 1 },
      { file_name: "sub/c.png", caption: "third", n: 3 },
    ]),
    "test/d.png": png(4, 1, 4),
    "test/metadata.jsonl": jsonl([{ file_name: "d.png", caption: "fourth", n: 4 }]),
  };

  test("an image folder with metadata.jsonl: splits, features, rows with the files' own bytes, load_dataset", async () => {
    const splits = await dataset("pets", pets);
    expect(splits.status).toBe(200);
    expect(splits.body.splits).toEqual([
      { dataset: "alice/pets", config: "default", split: "train" },
      { dataset: "alice/pets", config: "default", split: "test" },
    ]);
    const rows = await viewer(hub, "rows", { dataset: "alice/pets", config: "default", split: "train" });
    expect(rows.status).toBe(200);
    // The media column takes file_name's place, the other metadata columns follow in the file's order.
    expect(rows.body.features).toEqual([
      { feature_idx: 0, name: "image", type: { _type: "Image" } },
      { feature_idx: 1, name: "caption", type: { dtype: "string", _type: "Value" } },
      { feature_idx: 2, name: "n", type: { dtype: "int64", _type: "Value" } },
    ]);
    // In the metadata file's order; each image the source file's bytes, named by its base name.
    expect((rows.body.rows as { row: unknown }[]).map((row) => row.row)).toEqual([
      { image: { bytes: pets["train/b.png"].toString("base64"), path: "b.png" }, caption: "second", n: 2 },
      { image: { bytes: pets["train/a.png"].toString("base64"), path: "a.png" }, caption: "first", n: 1 },
      { image: { bytes: pets["train/sub/c.png"].toString("base64"), path: "c.png" }, caption: "third", n: 3 },
    ]);
    expect(rows.body.num_rows_total).toBe(3);
    // Statistics skip the image column and answer for the others.
    const statistics = await viewer(hub, "statistics", { dataset: "alice/pets", config: "default", split: "train" });
    expect(statistics.status).toBe(200);
    expect(
      (statistics.body.statistics as { column_name: string }[]).map((column) => column.column_name).sort(),
    ).toEqual(["caption", "n"]);
    const info = await viewer(hub, "info", { dataset: "alice/pets", config: "default" });
    expect((info.body.dataset_info as { features: unknown }).features).toEqual({
      image: { _type: "Image" },
      caption: { dtype: "string", _type: "Value" },
      n: { dtype: "int64", _type: "Value" },
    });
    const converted = await compareWithDatasets("alice/pets");
    expect(converted.train?.features).toEqual({ image: "Image", caption: "Value", n: "Value" });
    expect(converted.train?.rows.map((row) => row.caption)).toEqual(["second", "first", "third"]);
  }, 300_000);

  test("labels from parent folders (ClassLabel), across splits", async () => {
    const files = {
      "train/cat/1.png": png(2, 2, 5),
      "train/dog/2.png": png(2, 3, 6),
      "train/cat/3.png": png(3, 3, 7),
      "test/dog/4.png": png(1, 1, 8),
    };
    expect((await dataset("pets-labels", files)).status).toBe(200);
    const rows = await viewer(hub, "rows", { dataset: "alice/pets-labels", config: "default", split: "train" });
    expect(rows.body.features).toEqual([
      { feature_idx: 0, name: "image", type: { _type: "Image" } },
      { feature_idx: 1, name: "label", type: { names: ["cat", "dog"], _type: "ClassLabel" } },
    ]);
    expect((rows.body.rows as { row: { image: { path: string }; label: number } }[]).map((row) => row.row)).toEqual([
      { image: { bytes: files["train/cat/1.png"].toString("base64"), path: "1.png" }, label: 0 },
      { image: { bytes: files["train/cat/3.png"].toString("base64"), path: "3.png" }, label: 0 },
      { image: { bytes: files["train/dog/2.png"].toString("base64"), path: "2.png" }, label: 1 },
    ]);
    const statistics = await viewer(hub, "statistics", {
      dataset: "alice/pets-labels",
      config: "default",
      split: "train",
    });
    expect(statistics.body.statistics).toEqual([
      {
        column_name: "label",
        column_type: "class_label",
        column_statistics: {
          nan_count: 0,
          nan_proportion: 0,
          no_label_count: 0,
          no_label_proportion: 0,
          n_unique: 2,
          frequencies: { cat: 2, dog: 1 },
        },
      },
    ]);
    const converted = await compareWithDatasets("alice/pets-labels");
    expect(converted.test?.features).toEqual({ image: "Image", label: "ClassLabel['cat', 'dog']" });
  }, 300_000);

  test("an image folder named by the card's configs (metadata.csv among its files), beside a CSV", async () => {
    const files = {
      "README.md": Buffer.from(
        '---\nconfigs:\n- config_name: photos\n  data_files:\n  - split: train\n    path: "photos/**"\n---\n',
      ),
      "photos/x.png": png(2, 1, 9),
      "photos/y.png": png(1, 2, 10),
      "photos/metadata.csv": Buffer.from("file_name,kind\ny.png,tall\nx.png,wide\n"),
      "notes.csv": Buffer.from("a,b\n1,2\n"),
    };
    const splits = await dataset("pets-card", files);
    expect(splits.body.splits).toEqual([{ dataset: "alice/pets-card", config: "photos", split: "train" }]);
    const rows = await viewer(hub, "rows", { dataset: "alice/pets-card", config: "photos", split: "train" });
    expect((rows.body.rows as { row: unknown }[]).map((row) => row.row)).toEqual([
      { image: { bytes: files["photos/y.png"].toString("base64"), path: "y.png" }, kind: "tall" },
      { image: { bytes: files["photos/x.png"].toString("base64"), path: "x.png" }, kind: "wide" },
    ]);
    await compareWithDatasets("alice/pets-card");
  }, 300_000);

  test("an audio folder with metadata.csv: Audio feature, audio sources as the page plays them, load_dataset", async () => {
    const files = {
      "data/train/one.wav": wav(400, 1),
      "data/train/two.wav": wav(300, 2),
      "data/train/metadata.csv": Buffer.from("file_name,speaker\none.wav,ann\ntwo.wav,bob\n"),
    };
    expect((await dataset("sounds", files)).status).toBe(200);
    const rows = await viewer(hub, "first-rows", { dataset: "alice/sounds", config: "default", split: "train" });
    expect(rows.status).toBe(200);
    expect(rows.body.features).toEqual([
      { feature_idx: 0, name: "audio", type: { _type: "Audio" } },
      { feature_idx: 1, name: "speaker", type: { dtype: "string", _type: "Value" } },
    ]);
    expect((rows.body.rows as { row: unknown }[]).map((row) => row.row)).toEqual([
      {
        audio: [{ src: `data:audio/wav;base64,${files["data/train/one.wav"].toString("base64")}`, type: "audio/wav" }],
        speaker: "ann",
      },
      {
        audio: [{ src: `data:audio/wav;base64,${files["data/train/two.wav"].toString("base64")}`, type: "audio/wav" }],
        speaker: "bob",
      },
    ]);
    // datasets' AudioFolder cannot read the source here (it needs torchcodec to encode any audio): the converted
    // ref's cells are compared with the source files' own bytes instead.
    const converted = await loadConverted("alice/sounds");
    expect(converted.train).toEqual({
      features: { audio: "Audio", speaker: "Value" },
      rows: [
        { audio: sha256(files["data/train/one.wav"]), speaker: "ann" },
        { audio: sha256(files["data/train/two.wav"]), speaker: "bob" },
      ],
    });
  }, 300_000);

  test("a file over the inline size: its bytes stay in the Parquet file, its column is in truncated_cells", async () => {
    const big = Buffer.concat([png(1, 1, 11), Buffer.alloc(MAX_INLINE_BYTES + 1)]);
    const small = png(1, 1, 12);
    expect((await dataset("pets-big", { "a-big.png": big, "b-small.png": small })).status).toBe(200);
    const rows = await viewer(hub, "rows", { dataset: "alice/pets-big", config: "default", split: "train" });
    expect(rows.body.rows).toEqual([
      { row_idx: 0, row: { image: { bytes: null, path: "a-big.png" } }, truncated_cells: ["image"] },
      { row_idx: 1, row: { image: { bytes: small.toString("base64"), path: "b-small.png" } }, truncated_cells: [] },
    ]);
  }, 120_000);

  test("hostile files: a 'png' that is not one, a file over the per-file limit → a clear error state", async () => {
    const fake = await dataset("fake-png", {
      "train/a.png": png(1, 1, 1),
      "train/b.png": Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
    expect(fake.status).toBe(501);
    expect(fake.code).toBe("MalformedFileError");
    expect(String(fake.body.error)).toContain("train/b.png is not an image file");

    // A valid PNG start, then padding past the limit (sent as an LFS object).
    const huge = Buffer.concat([png(1, 1, 1), Buffer.alloc(MAX_FILE_BYTES + 1)]);
    const big = await dataset("huge-png", { "small.png": png(1, 1, 2), "huge.png": huge });
    expect(big.status).toBe(501);
    expect(big.code).toBe("DatasetTooBigError");
    expect(String(big.body.error)).toContain(`huge.png has ${huge.length} bytes`);
    // No converted ref for a failed dataset.
    const refs = await fetch(`${hub.url}/api/datasets/alice/huge-png/refs`, {
      headers: { Authorization: `Bearer ${hub.readToken}` },
    });
    expect(((await refs.json()) as { converts?: unknown[] }).converts ?? []).toEqual([]);
  }, 120_000);
});
