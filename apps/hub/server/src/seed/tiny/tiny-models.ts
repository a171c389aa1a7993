// The seed's real tiny models (issue 20 point 9): written by our own code at seed time, no network, no Python, the
// same bytes on every hub. server/seed/tiny-models.jsonl holds their seed records (the index's hub-only facts);
// here is each one's file generator, by id.
import { defaultGitattributes } from "../../repos/default-gitattributes.js";
import type { SeedFile } from "../seed-files.js";
import { TINY_BERT_ID, tinyBertFiles } from "./bert.js";
import { TINY_GGUF_ID, tinyGgufFiles } from "./gguf-model.js";
import { TINY_GPT2_ID, tinyGpt2Files } from "./gpt2.js";

export const TINY_MODEL_FILES: ReadonlyMap<string, () => SeedFile[]> = new Map([
  [TINY_GPT2_ID, tinyGpt2Files],
  [TINY_BERT_ID, tinyBertFiles],
  [
    TINY_GGUF_ID,
    // The hub's default .gitattributes has no *.gguf: without the line a clone would leave a pointer file.
    () => [
      ...tinyGgufFiles(),
      {
        path: ".gitattributes",
        content: Buffer.from(`${defaultGitattributes("model")}*.gguf filter=lfs diff=lfs merge=lfs -text\n`),
      },
    ],
  ],
]);

/** The files of the tiny model `id`, or undefined when `id` is not one. */
export function tinyModelFiles(id: string): SeedFile[] | undefined {
  return TINY_MODEL_FILES.get(id)?.();
}
