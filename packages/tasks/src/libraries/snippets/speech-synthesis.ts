// Text-to-speech libraries of the newest catalogue: Chatterbox, Dia (dia-tts), Dia2, IndexTTS, KittenTTS, OuteTTS,
// Pocket TTS, Qwen3-TTS. Each block is written from the library's own README usage.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { hasTag } from "./model-fields.js";

/** Chatterbox's `from_pretrained` always loads ResembleAI's own checkpoint: it takes no repository argument. */
export function chatterbox(): string[] {
  return [
    `# pip install chatterbox-tts
import torchaudio as ta
from chatterbox.tts import ChatterboxTTS

model = ChatterboxTTS.from_pretrained(device="cuda")

text = "Ezreal and Jinx teamed up with Ahri, Yasuo, and Teemo to take down the enemy's Nexus in an epic late-game pentakill."
wav = model.generate(text)
ta.save("test-1.wav", wav, model.sr)

# To synthesize with a different voice, give a reference clip
AUDIO_PROMPT_PATH = "YOUR_FILE.wav"
wav = model.generate(text, audio_prompt_path=AUDIO_PROMPT_PATH)
ta.save("test-2.wav", wav, model.sr)`,
  ];
}

export function dia_tts(model: ModelData): string[] {
  return [
    `import soundfile as sf
from dia.model import Dia

model = Dia.from_pretrained(${pyStr(model.id)})

text = "[S1] Dia is an open weights text to dialogue model. [S2] You get full control over scripts and voices. [S1] Wow. Amazing. (laughs) [S2] Try it now on Git hub or Hugging Face."
output = model.generate(text)

sf.write("simple.mp3", output, 44100)`,
  ];
}

export function dia2(model: ModelData): string[] {
  return [
    `from dia2 import Dia2, GenerationConfig, SamplingConfig

dia = Dia2.from_repo(${pyStr(model.id)}, device="cuda", dtype="bfloat16")
config = GenerationConfig(
    cfg_scale=2.0,
    audio=SamplingConfig(temperature=0.8, top_k=50),
    use_cuda_graph=True,
)
result = dia.generate("[S1] Hello Dia2!", config=config, output_wav="hello.wav", verbose=True)`,
  ];
}

/** IndexTTS reads its checkpoint from a local folder, so the repository is downloaded there first. */
export function index_tts(model: ModelData): string[] {
  return [
    `# pip install git+https://github.com/index-tts/index-tts
from huggingface_hub import snapshot_download
from indextts.infer import IndexTTS

snapshot_download(${pyStr(model.id)}, local_dir="checkpoints")

tts = IndexTTS(model_dir="checkpoints", cfg_path="checkpoints/config.yaml")
voice = "path/to/your/reference_voice.wav"  # a short clip of the voice to clone
text = "Hello, how are you?"
tts.infer(voice, text, "output_index.wav")`,
  ];
}

export function kittentts(model: ModelData): string[] {
  return [
    `from kittentts import KittenTTS
m = KittenTTS(${pyStr(model.id)})

audio = m.generate("This high quality TTS model works without a GPU")

# Save the audio
import soundfile as sf
sf.write("output.wav", audio, 24000)`,
  ];
}

/** OuteTTS's GGUF and ONNX exports run through its llama.cpp / ONNX backends, which pick their own files. */
export const OUTETTS_EXPORT_FALLBACK =
  "# This repository holds an OuteTTS export for the llama.cpp or ONNX backend.\n# See https://github.com/edwko/OuteTTS for how to run it.";

export function outetts(model: ModelData): string[] {
  if (hasTag(model, "gguf") || hasTag(model, "onnx")) return [OUTETTS_EXPORT_FALLBACK];
  return [
    `# pip install outetts
import outetts

# OuteTTS names its models by the repository name (the part after the owner)
repo_id = ${pyStr(model.id)}
enum = outetts.Models(repo_id.split("/", 1)[-1])
cfg = outetts.ModelConfig.auto_config(enum, outetts.Backend.HF)
tts = outetts.Interface(cfg)

speaker = tts.load_default_speaker("EN-FEMALE-1-NEUTRAL")
out = tts.generate(
    outetts.GenerationConfig(
        text="Hello there, how are you doing?",
        speaker=speaker,
    )
)
out.save("output.wav")`,
  ];
}

export function pocket_tts(model: ModelData): string[] {
  return [
    `# pip install pocket-tts
import scipy.io.wavfile
from pocket_tts import TTSModel

tts_model = TTSModel.load_model(${pyStr(model.id)})
voice_state = tts_model.get_state_for_audio_prompt("hf://kyutai/tts-voices/alba-mackenna/casual.wav")
audio = tts_model.generate_audio(voice_state, "Hello world, this is a test.")
scipy.io.wavfile.write("output.wav", tts_model.sample_rate, audio.numpy())`,
  ];
}

export function qwen3_tts(model: ModelData): string[] {
  return [
    `# pip install qwen-tts
import soundfile as sf
import torch
from qwen_tts import Qwen3TTSModel

model = Qwen3TTSModel.from_pretrained(
    ${pyStr(model.id)},
    device_map="cuda:0",
    dtype=torch.bfloat16,
    attn_implementation="flash_attention_2",
)

wavs, sr = model.generate_custom_voice(
    text="Your text here.",
    language="English",
    speaker="Ryan",
    instruct="Speak in a natural tone.",
)
sf.write("output.wav", wavs[0], sr)`,
  ];
}
