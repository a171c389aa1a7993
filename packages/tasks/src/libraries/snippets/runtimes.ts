// Runtimes and CLIs that load a repository by name: Kernels, LiteRT-LM, OpenASR.
import type { ModelData } from "../../model-data.js";
import { pyStr, shWord } from "../../snippets/quote.js";

export function kernels(model: ModelData): string[] {
  return [
    `# !pip install kernels
from kernels import get_kernel

kernel = get_kernel(${pyStr(model.id)})`,
  ];
}

export function litert_lm(model: ModelData): string[] {
  return [
    `# LiteRT-LM runs on Android, iOS, macOS, Linux, Windows and the web, with C++, Kotlin, Swift and Python APIs:
# https://ai.google.dev/edge/litert-lm
pip install -U litert-lm
litert-lm run \\
  --from-huggingface-repo=${shWord(model.id)} \\
  --prompt="Write me a poem"`,
  ];
}

/** The openasr CLI names its models by the last segment of the repository id (`OpenASR/xasr-zh-en` → `xasr-zh-en`). */
export function openasr(model: ModelData): string[] {
  const short = shWord(model.id.slice(model.id.lastIndexOf("/") + 1));
  return [
    `# Install the openasr CLI: https://github.com/QuintinShaw/openasr/releases
openasr pull ${short}
openasr transcribe audio.wav --model ${short}`,
  ];
}
