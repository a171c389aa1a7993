// Speech models of the newest catalogue beyond plain TTS: Kimi-Audio, Supertonic, VibeVoice, VoxCPM, Vui.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";

export function kimi_audio(model: ModelData): string[] {
  return [
    `# Example usage for KimiAudio
# pip install git+https://github.com/MoonshotAI/Kimi-Audio.git
import soundfile as sf
from kimia_infer.api.kimia import KimiAudio

model = KimiAudio(model_path=${pyStr(model.id)}, load_detokenizer=True)

sampling_params = {
    "audio_temperature": 0.8,
    "audio_top_k": 10,
    "text_temperature": 0.0,
    "text_top_k": 5,
}

# Speech recognition
asr_messages = [
    {"role": "user", "message_type": "text", "content": "Please transcribe the following audio:"},
    {"role": "user", "message_type": "audio", "content": "asr_example.wav"},
]
_, text = model.generate(asr_messages, **sampling_params, output_type="text")
print(text)

# Spoken question answering: an audio answer and its text
qa_messages = [{"role": "user", "message_type": "audio", "content": "qa_example.wav"}]
wav, text = model.generate(qa_messages, **sampling_params, output_type="both")
sf.write("output_audio.wav", wav.detach().cpu().view(-1).numpy(), 24000)
print(text)`,
  ];
}

/** Supertonic downloads its one model itself (`auto_download=True`): there is no repository argument. */
export function supertonic(): string[] {
  return [
    `# pip install supertonic
from supertonic import TTS

tts = TTS(auto_download=True)
style = tts.get_voice_style(voice_name="M1")

text = "The train delay was announced at 4:45 PM on Wed, Apr 3, 2024 due to track maintenance."
wav, duration = tts.synthesize(text, voice_style=style)
tts.save_audio(wav, "output.wav")`,
  ];
}

export function vibevoice(model: ModelData): string[] {
  const id = pyStr(model.id);
  return [
    `import librosa
import numpy as np
import soundfile as sf
import torch
from vibevoice.modular.modeling_vibevoice_inference import VibeVoiceForConditionalGenerationInference
from vibevoice.processor.vibevoice_processor import VibeVoiceProcessor

# A voice sample for each speaker: mono, 24 kHz
wav, sr = sf.read("voice_sample.wav")
if wav.ndim > 1:
    wav = np.mean(wav, axis=1)
if sr != 24000:
    wav = librosa.resample(wav, orig_sr=sr, target_sr=24000)

processor = VibeVoiceProcessor.from_pretrained(${id})
model = VibeVoiceForConditionalGenerationInference.from_pretrained(${id}, torch_dtype=torch.bfloat16).to("cuda").eval()
model.set_ddpm_inference_steps(num_steps=5)

script = "Speaker 0: Hello!\\nSpeaker 1: Hi there!"
inputs = processor(text=[script], voice_samples=[[wav, wav]], padding=True, return_tensors="pt").to("cuda")
outputs = model.generate(**inputs, cfg_scale=1.3, tokenizer=processor.tokenizer)
processor.save_audio(outputs.speech_outputs[0], output_path="output.wav")`,
  ];
}

export function voxcpm(model: ModelData): string[] {
  return [
    `# pip install voxcpm
import soundfile as sf
from voxcpm import VoxCPM

model = VoxCPM.from_pretrained(${pyStr(model.id)})

wav = model.generate(
    text="VoxCPM is an innovative end-to-end TTS model from ModelBest, designed to generate highly expressive speech.",
    prompt_wav_path=None,  # optional: path to a prompt speech for voice cloning
    prompt_text=None,  # optional: reference text
    cfg_value=2.0,
    inference_timesteps=10,
    normalize=True,
    denoise=True,
    retry_badcase=True,
    retry_badcase_max_times=3,
    retry_badcase_ratio_threshold=6.0,
)

sf.write("output.wav", wav, 16000)
print("saved: output.wav")`,
  ];
}

/** Vui's `from_pretrained()` loads the library's default checkpoint: there is no repository argument. */
export function vui(): string[] {
  return [
    `# !pip install git+https://github.com/fluxions-ai/vui
import torchaudio
from vui.inference import render
from vui.model import Vui

model = Vui.from_pretrained().cuda()
waveform = render(
    model,
    "Hey, here is some random stuff, usually something quite long as the shorter the text the less likely the model can cope!",
)
print(waveform.shape)
torchaudio.save("out.opus", waveform[0], 22050)`,
  ];
}
