import { getInferenceSnippets } from "../../src/snippets/index.js";

const [id, tag, provider, token, extra] = process.argv.slice(2);
const m = {
  id,
  pipeline_tag: tag,
  tags: extra?.includes("conv") ? ["conversational"] : [],
  inference: "",
  library_name: extra?.includes("tf") ? "transformers" : undefined,
};
const opts = {
  streaming: extra?.includes("stream"),
  directRequest: extra?.includes("direct"),
  billTo: extra?.includes("bill") ? "acme" : undefined,
  temperature: extra?.includes("temp") ? 0 : undefined,
};
for (const s of getInferenceSnippets(m as never, token === "-" ? "" : token, provider as never, undefined, opts))
  console.log(`---- ${s.language}/${s.client}\n${s.content}`);
