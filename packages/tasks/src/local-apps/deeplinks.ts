// Deeplinks of the desktop and web apps (catalogue.md §9), built with `URL` from percent-encoded ids.
import type { ModelData } from "../model-data.js";
import { assertModel, isLlamaCppGgufModel, isLoraModel } from "./predicates.js";
import { idPath, idQuery } from "./urls.js";

type Deeplink = (model: ModelData, filepath?: string) => URL;

/** `<prefix><id as path>` */
const pathLink =
  (name: string, prefix: string): Deeplink =>
  (model) => {
    assertModel(model, `${name} deeplink`);
    return new URL(`${prefix}${idPath(model.id)}`);
  };

/** `<prefix><id as query value>` (the prefix ends with `param=`) */
const queryLink =
  (name: string, prefix: string): Deeplink =>
  (model) => {
    assertModel(model, `${name} deeplink`);
    return new URL(`${prefix}${idQuery(model.id)}`);
  };

export const deeplinkLmStudio: Deeplink = (model, filepath) => {
  assertModel(model, "lmstudio deeplink");
  const file = filepath ? `&file=${idQuery(filepath)}` : "";
  return new URL(`lmstudio://open_from_hf?model=${idQuery(model.id)}${file}`);
};

export const deeplinkJan = pathLink("jan", "jan://models/huggingface/");
export const deeplinkAtomicChat = pathLink("atomic-chat", "atomic-chat://models/huggingface/");
export const deeplinkBackyard = pathLink("backyard", "https://backyard.ai/hf/model/");
export const deeplinkSanctum = queryLink("sanctum", "sanctum://open_from_hf?model=");
export const deeplinkMsty = pathLink("msty", "msty://models/search/hf/");
export const deeplinkRecurseChat = queryLink("recursechat", "recursechat://new-hf-gguf-model?hf-model-id=");
export const deeplinkDiffusionBee = queryLink("diffusionbee", "https://diffusionbee.com/huggingface_import?model_id=");
export const deeplinkJoyFusion = queryLink("joyfusion", "https://joyfusion.app/import_from_hf?repo_id=");
export const deeplinkInvoke = pathLink("invoke", "https://models.invoke.ai/huggingface/");

export const deeplinkJellybox: Deeplink = (model) => {
  assertModel(model, "jellybox deeplink");
  const kind = isLlamaCppGgufModel(model)
    ? "llm/models/huggingface/LLM"
    : isLoraModel(model)
      ? "image/models/huggingface/ImageLora"
      : "image/models/huggingface/Image";
  return new URL(`jellybox://${kind}/${idPath(model.id)}`);
};

export const deeplinkDrawThings: Deeplink = (model) => {
  assertModel(model, "drawthings deeplink");
  const method = isLoraModel(model) ? "load_lora_weights" : "from_pretrained";
  return new URL(`https://drawthings.ai/import/diffusers/pipeline.${method}?repo_id=${idQuery(model.id)}`);
};
