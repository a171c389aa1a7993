// Text-to-speech and audio generation models: ChatTTS, MARS5, Stable Audio Tools, VoiceCraft, CosyVoice, Moshi (per backend),
// Parler-TTS, Dia, Zonos, Kokoro, F5-TTS.
import type { ModelData } from "../../model-data.js";
import { pyStr, shWord } from "../../snippets/quote.js";

export function chattts(): string[] {
  return [
    `import ChatTTS
import torch
import torchaudio

chat = ChatTTS.Chat()
chat.load(compile=False)  # Set to True for better performance

texts = ["PUT YOUR TEXT HERE"]

wavs = chat.infer(texts)

torchaudio.save("output1.wav", torch.from_numpy(wavs[0]).unsqueeze(0), 24000)`,
  ];
}

export function mars5_tts(model: ModelData): string[] {
  return [
    `# Install from https://github.com/Camb-ai/MARS5-TTS
from inference import Mars5TTS

mars5 = Mars5TTS.from_pretrained(${pyStr(model.id)})`,
  ];
}

export function stable_audio_tools(model: ModelData): string[] {
  return [
    `import torch
import torchaudio
from einops import rearrange
from stable_audio_tools import get_pretrained_model
from stable_audio_tools.inference.generation import generate_diffusion_cond

device = "cuda" if torch.cuda.is_available() else "cpu"

# Download model
model, model_config = get_pretrained_model(${pyStr(model.id)})
sample_rate = model_config["sample_rate"]
sample_size = model_config["sample_size"]

model = model.to(device)

# Set up text and timing conditioning
conditioning = [{
    "prompt": "128 BPM tech house drum loop",
}]

# Generate stereo audio
output = generate_diffusion_cond(
    model,
    conditioning=conditioning,
    sample_size=sample_size,
    device=device
)

# Rearrange audio batch to a single sequence
output = rearrange(output, "b d n -> d (b n)")

# Peak normalize, clip, convert to int16, and save to file
output = output.to(torch.float32).div(torch.max(torch.abs(output))).clamp(-1, 1).mul(32767).to(torch.int16).cpu()
torchaudio.save("output.wav", output, sample_rate)`,
  ];
}

export function voicecraft(model: ModelData): string[] {
  return [
    `# Install from https://github.com/jasonppy/VoiceCraft (run from a clone of the repository)
from models import voicecraft

model = voicecraft.VoiceCraft.from_pretrained(${pyStr(model.id)})`,
  ];
}

export function cosyvoice(model: ModelData): string[] {
  const cls = model.id.toLowerCase().includes("cosyvoice2") ? "CosyVoice2" : "CosyVoice";
  return [
    `# Install from https://github.com/FunAudioLLM/CosyVoice (run from a clone of the repository)
import sys
sys.path.append("third_party/Matcha-TTS")

import torchaudio
from huggingface_hub import snapshot_download
from cosyvoice.cli.cosyvoice import ${cls}

model_dir = snapshot_download(${pyStr(model.id)})
cosyvoice = ${cls}(model_dir, load_jit=False, load_trt=False, fp16=False)
print(cosyvoice.list_available_spks())`,
  ];
}

/** Moshi ships one package per backend; the repository name says which one a checkpoint is for. */
export function moshi(model: ModelData): string[] {
  const repo = shWord(model.id);
  if (model.id.includes("-mlx")) {
    const quantize = model.id.includes("-q4") ? " -q 4" : model.id.includes("-q8") ? " -q 8" : "";
    return [
      `# pip install moshi_mlx
# Talk to the model in the terminal
python -m moshi_mlx.local${quantize} --hf-repo ${repo}
# or from a web UI
python -m moshi_mlx.local_web${quantize} --hf-repo ${repo}`,
    ];
  }
  if (model.id.includes("-candle")) {
    return [MOSHI_CANDLE];
  }
  return [
    `# pip install moshi
python -m moshi.server --hf-repo ${repo}
# then open https://localhost:8998 in your browser`,
    `import torch
from moshi.models import loaders

checkpoint = loaders.CheckpointInfo.from_hf_repo(${pyStr(model.id)})
mimi = checkpoint.get_mimi(device="cuda")
mimi.set_num_codebooks(8)  # up to 32 for Mimi, but limited to 8 for Moshi

wav = torch.randn(1, 1, 24000 * 10, device="cuda")  # 10 s of audio at 24 kHz: [B, C=1, T]
with torch.no_grad():
    codes = mimi.encode(wav)  # [B, K = 8, T]
    decoded = mimi.decode(codes)`,
  ];
}

/** The Rust (Candle) server is built from the repository; there is no one-line command to show. */
export const MOSHI_CANDLE =
  "# pip install rustymimi\n# Candle backend - see https://github.com/kyutai-labs/moshi\n# for Rust installation instructions";

export function parler_tts(model: ModelData): string[] {
  const id = pyStr(model.id);
  return [
    `# pip install git+https://github.com/huggingface/parler-tts.git
import soundfile as sf
import torch
from parler_tts import ParlerTTSForConditionalGeneration
from transformers import AutoTokenizer

device = "cuda:0" if torch.cuda.is_available() else "cpu"

model = ParlerTTSForConditionalGeneration.from_pretrained(${id}).to(device)
tokenizer = AutoTokenizer.from_pretrained(${id})

prompt = "Hey, how are you doing today?"
description = "A female speaker delivers a slightly expressive and animated speech with a moderate speed and pitch."

input_ids = tokenizer(description, return_tensors="pt").input_ids.to(device)
prompt_input_ids = tokenizer(prompt, return_tensors="pt").input_ids.to(device)

generation = model.generate(input_ids=input_ids, prompt_input_ids=prompt_input_ids)
audio_arr = generation.cpu().numpy().squeeze()
sf.write("parler_tts_out.wav", audio_arr, model.config.sampling_rate)`,
  ];
}

export function dia(model: ModelData): string[] {
  return [
    `# pip install git+https://github.com/nari-labs/dia.git
from dia.model import Dia

model = Dia.from_pretrained(${pyStr(model.id)}, compute_dtype="float16")

text = "[S1] Dia is an open weights text to dialogue model. [S2] You get full control over scripts and voices."
output = model.generate(text)
model.save_audio("simple.mp3", output)`,
  ];
}

export function zonos(model: ModelData): string[] {
  return [
    `# pip install git+https://github.com/Zyphra/Zonos.git
import torchaudio
from zonos.conditioning import make_cond_dict
from zonos.model import Zonos

model = Zonos.from_pretrained(${pyStr(model.id)}, device="cuda")

wav, sampling_rate = torchaudio.load("speaker.wav")
speaker = model.make_speaker_embedding(wav, sampling_rate)

cond_dict = make_cond_dict(text="Hello, world!", speaker=speaker, language="en-us")
conditioning = model.prepare_conditioning(cond_dict)

codes = model.generate(conditioning)
wavs = model.autoencoder.decode(codes).cpu()
torchaudio.save("sample.wav", wavs[0], model.autoencoder.sampling_rate)`,
  ];
}

export function kokoro(model: ModelData): string[] {
  return [
    `# pip install kokoro soundfile
import soundfile as sf
from kokoro import KPipeline

# lang_code "a" is American English; voices are listed in the model repository
pipeline = KPipeline(lang_code="a", repo_id=${pyStr(model.id)})
generator = pipeline("Kokoro is an open-weight text-to-speech model.", voice="af_heart")
for i, (graphemes, phonemes, audio) in enumerate(generator):
    sf.write(f"{i}.wav", audio, 24000)`,
  ];
}

/** F5-TTS ships its own CLI and Python API; both download the default checkpoint from the Hub. */
export function f5_tts(): string[] {
  return [
    `pip install f5-tts
f5-tts_infer-cli --model F5TTS_v1_Base \\
  --ref_audio "ref.wav" \\
  --ref_text "The content, subtitle or transcription of the reference audio." \\
  --gen_text "Some text you want the model to say."`,
    `from f5_tts.api import F5TTS

f5tts = F5TTS()
wav, sr, spec = f5tts.infer(
    ref_file="ref.wav",
    ref_text="The content, subtitle or transcription of the reference audio.",
    gen_text="Some text you want the model to say.",
    file_wave="output.wav",
)`,
  ];
}
