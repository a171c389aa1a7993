// The files each seed repository gets, built from its seed record (pure functions: record in, files out).
// Models: a README whose front matter carries the record's card facts, config.json / tokenizer_config.json /
// model_index.json / adapter_config.json from the record's `config`, and header-only GGUF stand-ins for the GGUF
// files the record lists; the card opens with a "placeholder: metadata only, no weights" notice. Datasets: a card and a small CSV sample. Spaces: a `sdk: static` card and index.html.
// Every file says it is a Hubkit stand-in: the weights and the data live on the real hub.
import { stringify } from "yaml";
import { defaultGitattributes } from "../repos/default-gitattributes.js";

export interface SeedFile {
  path: string;
  content: Buffer;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function readme(frontMatter: Json, body: string): SeedFile {
  const yaml = Object.keys(frontMatter).length > 0 ? `---\n${stringify(frontMatter, { lineWidth: 0 })}---\n\n` : "";
  return { path: "README.md", content: Buffer.from(`${yaml}${body}`) };
}

const json = (path: string, value: unknown): SeedFile => ({
  path,
  content: Buffer.from(`${JSON.stringify(value, null, 2)}\n`),
});

// GGUF v3 value types used by the stand-ins.
const GGUF_UINT32 = 4;
const GGUF_STRING = 8;

function ggufString(text: string): Buffer {
  const bytes = Buffer.from(text);
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(bytes.length));
  return Buffer.concat([length, bytes]);
}

/** A GGUF v3 file with metadata and no tensors: what the hub and the local-app snippets read, and nothing else. */
export function ggufHeaderOnly(metadata: readonly [string, string | number][]): Buffer {
  const head = Buffer.alloc(24);
  head.write("GGUF", 0, "latin1");
  head.writeUInt32LE(3, 4);
  head.writeBigUInt64LE(0n, 8);
  head.writeBigUInt64LE(BigInt(metadata.length), 16);
  const parts: Buffer[] = [head];
  for (const [key, value] of metadata) {
    const type = Buffer.alloc(4);
    if (typeof value === "number") {
      type.writeUInt32LE(GGUF_UINT32);
      const number = Buffer.alloc(4);
      number.writeUInt32LE(value >>> 0);
      parts.push(ggufString(key), type, number);
    } else {
      type.writeUInt32LE(GGUF_STRING);
      parts.push(ggufString(key), type, ggufString(value));
    }
  }
  return Buffer.concat(parts);
}

const MODEL_CARD_KEYS = [
  "license",
  "language",
  "pipeline_tag",
  "library_name",
  "base_model",
  "datasets",
  "instance_prompt",
];

/** The first line of every stand-in's card: what the repository is, before anything else. */
export const PLACEHOLDER_NOTICE = "> **Placeholder: metadata only, no weights.**";

export function modelFiles(record: Json): SeedFile[] {
  const id = String(record.id);
  const hasGguf =
    isObject(record.gguf) &&
    Array.isArray(record.siblings) &&
    record.siblings.some((sibling) => isObject(sibling) && String(sibling.rfilename).endsWith(".gguf"));
  const cardData = isObject(record.cardData) ? record.cardData : {};
  const frontMatter: Json = {};
  for (const key of MODEL_CARD_KEYS) {
    const value = cardData[key] ?? record[key];
    if (value !== undefined && value !== null) frontMatter[key] = value;
  }
  if (Array.isArray(record.tags) && record.tags.length > 0) frontMatter.tags = record.tags;
  const files = [
    readme(
      frontMatter,
      `# ${id}\n\n${PLACEHOLDER_NOTICE}\n\nA Hubkit seed stand-in for [${id}](https://huggingface.co/${id}): its card ` +
        `facts and configuration, no weights${hasGguf ? " (its GGUF files are headers only: metadata, no tensors)" : ""}. ` +
        "Download the model itself from its home repository; for a model that runs here, try `hubkit/tiny-random-gpt2`.\n",
    ),
  ];
  const config = isObject(record.config) ? record.config : {};
  const { tokenizer_config, peft, diffusers, keras_hub: _kerasHub, ...main } = config;
  if (Object.keys(main).length > 0) files.push(json("config.json", main));
  if (isObject(tokenizer_config) && Object.keys(tokenizer_config).length > 0)
    files.push(json("tokenizer_config.json", tokenizer_config));
  if (isObject(diffusers)) files.push(json("model_index.json", diffusers));
  if (isObject(peft)) files.push(json("adapter_config.json", peft));
  const gguf = isObject(record.gguf) ? record.gguf : undefined;
  const siblings = Array.isArray(record.siblings) ? record.siblings : [];
  for (const sibling of siblings) {
    const name = isObject(sibling) && typeof sibling.rfilename === "string" ? sibling.rfilename : "";
    if (!name.endsWith(".gguf") || gguf === undefined) continue;
    const metadata: [string, string | number][] = [["general.name", id]];
    if (typeof gguf.architecture === "string") {
      metadata.push(["general.architecture", gguf.architecture]);
      if (typeof gguf.context_length === "number")
        metadata.push([`${gguf.architecture}.context_length`, gguf.context_length]);
    }
    if (typeof gguf.chat_template === "string") metadata.push(["tokenizer.chat_template", gguf.chat_template]);
    files.push({ path: name, content: ggufHeaderOnly(metadata) });
  }
  // The hub's default .gitattributes has no *.gguf; without the line a git clone would leave pointer files.
  if (files.some((file) => file.path.endsWith(".gguf")))
    files.push({
      path: ".gitattributes",
      content: Buffer.from(`${defaultGitattributes("model")}*.gguf filter=lfs diff=lfs merge=lfs -text\n`),
    });
  return files;
}

/** Column names and one illustrative row per task family, so a sample has the shape its task reads. */
function sampleCsv(tasks: readonly string[]): string {
  const task = tasks[0] ?? "";
  if (/classification/.test(task)) return "text,label\nHubkit sample row one,0\nHubkit sample row two,1\n";
  if (/question-answering/.test(task))
    return 'question,context,answer\nWhat is this?,"A Hubkit sample row.",A sample\n';
  if (/translation|summarization|text2text|text-generation/.test(task))
    return "input,target\nHubkit sample input,Hubkit sample target\n";
  if (/speech|audio/.test(task)) return "audio,transcription\nsample.wav,Hubkit sample transcription\n";
  if (/image|video|depth|object|mask|keypoint/.test(task)) return "image,label\nsample.png,Hubkit sample label\n";
  return "text\nHubkit sample row\n";
}

/**
 * A dataset's card and sample: `samples` (committed Parquet / JSON lines in the dataset's own columns, see
 * seed-samples.ts) when it has some, else a CSV with the columns of its task.
 */
export function datasetFiles(record: Json, samples: readonly SeedFile[] = []): SeedFile[] {
  const id = String(record.id);
  const tasks = Array.isArray(record.task_categories) ? record.task_categories.map(String) : [];
  const description = typeof record.description === "string" ? record.description : "";
  const data =
    samples.length > 0 ? [...samples] : [{ path: "data/sample.csv", content: Buffer.from(sampleCsv(tasks)) }];
  const paths = data.map((file) => file.path);
  return [
    readme(
      {
        task_categories: tasks,
        pretty_name: id.split("/")[1],
        configs: [{ config_name: "default", data_files: paths.length === 1 ? paths[0] : paths }],
      },
      `# ${id}\n\n${description}\n\nA Hubkit seed stand-in for [${id}](https://huggingface.co/datasets/${id}): ` +
        `${paths.map((path) => `\`${path}\``).join(", ")} has illustrative rows written by Hubkit in the ` +
        "dataset's columns, not the dataset's data.\n",
    ),
    ...data,
  ];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function spaceFiles(record: Json): SeedFile[] {
  const id = String(record.id);
  const description = typeof record.description === "string" ? record.description : "";
  const name = id.split("/")[1] ?? id;
  return [
    readme(
      {
        title: name,
        emoji: "🤗",
        colorFrom: "yellow",
        colorTo: "red",
        sdk: "static",
        pinned: false,
        short_description: description.slice(0, 60),
      },
      `# ${id}\n\n${description}\n\nA Hubkit seed stand-in for the Space [${id}](https://huggingface.co/spaces/${id}).\n`,
    ),
    {
      path: "index.html",
      content: Buffer.from(
        `<!doctype html>\n<html lang="en">\n<meta charset="utf-8">\n<title>${escapeHtml(name)}</title>\n` +
          `<h1>${escapeHtml(id)}</h1>\n<p>${escapeHtml(description)}</p>\n` +
          `<p><a href="https://huggingface.co/spaces/${escapeHtml(id)}">The live Space</a></p>\n</html>\n`,
      ),
    },
  ];
}
