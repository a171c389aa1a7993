// Language-model runtimes: llama-cpp-python, MLX, mamba-ssm, Cartesia, MLC LLM, SAELens, Unsloth, CTranslate2,
// mistral-inference.
import type { ModelData } from "../../model-data.js";
import { stringifyMessages } from "../../snippets/common.js";
import { getModelInputSnippet } from "../../snippets/inputs.js";
import { pyStr, shWord } from "../../snippets/quote.js";
import { hasTag, pipelineTag, repoName } from "./model-fields.js";

/** Placeholder the site replaces with the GGUF file the user picks. */
export const GGUF_FILE_PLACEHOLDER = "{{GGUF_FILE}}";

/** The chat example of the model's task (text chat unless the model is image-text-to-text). */
function chatMessages(model: ModelData): string {
  const task = pipelineTag(model) === "image-text-to-text" ? "image-text-to-text" : "text-generation";
  const example = getModelInputSnippet({ ...model, pipeline_tag: task, tags: ["conversational"] });
  const messages = Array.isArray(example) ? example : [{ role: "user", content: "What is the capital of France?" }];
  return stringifyMessages(messages, { attributeKeyQuotes: true, indent: "\t" });
}

export function llama_cpp_python(model: ModelData): string[] {
  const load = `# pip install llama-cpp-python

from llama_cpp import Llama

llm = Llama.from_pretrained(
\trepo_id=${pyStr(model.id)},
\tfilename=${pyStr(GGUF_FILE_PLACEHOLDER)},
)
`;
  if (hasTag(model, "conversational")) {
    return [`${load}\nllm.create_chat_completion(\n\tmessages = ${chatMessages(model)}\n)`];
  }
  return [`${load}\noutput = llm(\n\t"Once upon a time,",\n\tmax_tokens=512,\n\techo=True\n)\nprint(output)`];
}

/** mlx-vlm for vision-language models, mlx-lm for text generation (chat or plain), else a download to run locally. */
export function mlx(model: ModelData): string[] {
  const tag = pipelineTag(model);
  const id = pyStr(model.id);
  if (tag === "image-text-to-text") {
    return [
      `# pip install mlx-vlm
from mlx_vlm import generate, load
from mlx_vlm.prompt_utils import apply_chat_template
from mlx_vlm.utils import load_config

model, processor = load(${id})
config = load_config(${id})

image = ["http://images.cocodataset.org/val2017/000000039769.jpg"]
prompt = "Describe this image."

formatted_prompt = apply_chat_template(processor, config, prompt, num_images=len(image))
output = generate(model, processor, formatted_prompt, image)
print(output)`,
    ];
  }
  if (tag === "text-generation" || hasTag(model, "conversational")) {
    if (hasTag(model, "conversational")) {
      return [
        `# pip install mlx-lm
from mlx_lm import generate, load

model, tokenizer = load(${id})

prompt = "Write a story about Einstein"
messages = [{"role": "user", "content": prompt}]
prompt = tokenizer.apply_chat_template(messages, add_generation_prompt=True)

text = generate(model, tokenizer, prompt=prompt, verbose=True)`,
      ];
    }
    return [
      `# pip install mlx-lm
from mlx_lm import generate, load

model, tokenizer = load(${id})

text = generate(model, tokenizer, prompt="Once upon a time in", verbose=True)`,
    ];
  }
  return [
    `pip install huggingface_hub
hf download ${shWord(model.id)} --local-dir ${shWord(repoName(model))}`,
  ];
}

export function mamba_ssm(model: ModelData): string[] {
  return [
    `from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel

model = MambaLMHeadModel.from_pretrained(${pyStr(model.id)})`,
  ];
}

export function cartesia_pytorch(model: ModelData): string[] {
  return [
    `# pip install --no-binary :all: cartesia-pytorch
from cartesia_pytorch import ReneLMHeadModel
from transformers import AutoTokenizer

model = ReneLMHeadModel.from_pretrained(${pyStr(model.id)})
tokenizer = AutoTokenizer.from_pretrained("allenai/OLMo-1B-hf")

in_message = ["Rene Descartes was"]
inputs = tokenizer(in_message, return_tensors="pt")

outputs = model.generate(inputs.input_ids, max_length=50, top_k=100, top_p=0.99)
out_message = tokenizer.batch_decode(outputs, skip_special_tokens=True)[0]

print(out_message)`,
  ];
}

export function cartesia_mlx(model: ModelData): string[] {
  return [
    `import mlx.core as mx
import cartesia_mlx as cmx

model = cmx.from_pretrained(${pyStr(model.id)})
model.set_dtype(mx.float32)

prompt = "Rene Descartes was"

for text in model.generate(
    prompt,
    max_tokens=500,
    eval_every_n=5,
    verbose=True,
    top_p=0.99,
    temperature=0.85,
):
    print(text, end="", flush=True)`,
  ];
}

export function mlc_llm(model: ModelData): string[] {
  const uri = `HF://${model.id}`;
  return [
    `# Chat with the model in the terminal
mlc_llm chat ${shWord(uri)}`,
    `from mlc_llm import MLCEngine

model = ${pyStr(uri)}
engine = MLCEngine(model)

for response in engine.chat.completions.create(
    messages=[{"role": "user", "content": "What is the meaning of life?"}],
    model=model,
    stream=True,
):
    for choice in response.choices:
        print(choice.delta.content, end="", flush=True)

engine.terminate()`,
  ];
}

/** SAELens loads sparse autoencoders by release and SAE id (listed in its pretrained_saes.yaml), not by repository. */
export function saelens(): string[] {
  return [
    `# pip install sae-lens
from sae_lens import SAE

sae = SAE.from_pretrained(
    release="RELEASE_ID",  # e.g., "gpt2-small-res-jb". See other options in https://github.com/jbloomAus/SAELens/blob/main/sae_lens/pretrained_saes.yaml
    sae_id="SAE_ID",  # e.g., "blocks.8.hook_resid_pre". Won't always be a hook point
)`,
  ];
}

export function unsloth(model: ModelData): string[] {
  return [
    `# pip install unsloth
from unsloth import FastLanguageModel

model, tokenizer = FastLanguageModel.from_pretrained(
    model_name=${pyStr(model.id)},
    max_seq_length=2048,
    load_in_4bit=True,
)
FastLanguageModel.for_inference(model)  # faster generation`,
  ];
}

export function ctranslate2(model: ModelData): string[] {
  const id = pyStr(model.id);
  if (hasTag(model, "automatic-speech-recognition") || pipelineTag(model) === "automatic-speech-recognition") {
    return [
      `# pip install faster-whisper
from faster_whisper import WhisperModel

model = WhisperModel(${id}, device="auto", compute_type="default")

segments, info = model.transcribe("audio.mp3", beam_size=5)
for segment in segments:
    print("[%.2fs -> %.2fs] %s" % (segment.start, segment.end, segment.text))`,
    ];
  }
  const translator = pipelineTag(model) === "translation" || pipelineTag(model) === "text2text-generation";
  return [
    `# pip install ctranslate2
import ctranslate2
from huggingface_hub import snapshot_download

model_path = snapshot_download(${id})
${translator ? 'translator = ctranslate2.Translator(model_path, device="auto")' : 'generator = ctranslate2.Generator(model_path, device="auto")'}
# Inputs are token lists: tokenize with the tokenizer the model was converted from`,
  ];
}

export function mistral_inference(model: ModelData): string[] {
  return [
    `# pip install mistral-inference
from pathlib import Path

from huggingface_hub import snapshot_download
from mistral_inference.transformer import Transformer

models_path = Path.home().joinpath("mistral_models", "model")
models_path.mkdir(parents=True, exist_ok=True)

snapshot_download(
    repo_id=${pyStr(model.id)},
    allow_patterns=["params.json", "consolidated.safetensors", "tekken.json", "tokenizer.model*"],
    local_dir=models_path,
)

model = Transformer.from_folder(models_path)`,
  ];
}
