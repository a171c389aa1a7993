// Speech and audio toolkits: ESPnet, NeMo, Audiocraft, AudioSeal, Asteroid, pyannote.audio, TensorFlowTTS, WhisperKit.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { hasTag } from "./model-fields.js";

export const ESPNET_UNKNOWN_TYPE = "unknown model type (must be text-to-speech or automatic-speech-recognition)";
export const NEMO_UNKNOWN_DOMAIN = "# tag did not correspond to a valid NeMo domain.";
export const AUDIOCRAFT_UNKNOWN_TYPE = "# Type of model unknown.";

export function espnetTTS(model: ModelData): string[] {
  return [
    `from espnet2.bin.tts_inference import Text2Speech

model = Text2Speech.from_pretrained(${pyStr(model.id)})

output = model("text to generate speech from")
speech = output["wav"]`,
  ];
}

export function espnetASR(model: ModelData): string[] {
  return [
    `import soundfile
from espnet2.bin.asr_inference import Speech2Text

model = Speech2Text.from_pretrained(${pyStr(model.id)})

speech, rate = soundfile.read("speech.wav")
text, *_ = model(speech)[0]`,
  ];
}

export function espnet(model: ModelData): string[] {
  if (hasTag(model, "text-to-speech")) return espnetTTS(model);
  if (hasTag(model, "automatic-speech-recognition")) return espnetASR(model);
  return [ESPNET_UNKNOWN_TYPE];
}

export function nemo(model: ModelData): string[] {
  if (!hasTag(model, "automatic-speech-recognition")) return [NEMO_UNKNOWN_DOMAIN];
  return [
    `import nemo.collections.asr as nemo_asr

asr_model = nemo_asr.models.ASRModel.from_pretrained(${pyStr(model.id)})

transcriptions = asr_model.transcribe(["file.wav"])`,
  ];
}

/** Audiocraft's model families, by tag: the class that loads them, optional settings, and three example prompts. */
const AUDIOCRAFT_FAMILIES = [
  { tag: "musicgen", className: "MusicGen", settings: "", prompts: '"happy rock", "energetic EDM", "sad jazz"' },
  {
    tag: "audiogen",
    className: "AudioGen",
    settings: "model.set_generation_params(duration=5)  # generate 5 seconds.\n",
    prompts: '"dog barking", "siren of an emergency vehicle", "footsteps in a corridor"',
  },
  { tag: "magnet", className: "MAGNeT", settings: "", prompts: '"disco beat", "energetic EDM", "funky groove"' },
];

export function audiocraft(model: ModelData): string[] {
  const family = AUDIOCRAFT_FAMILIES.find(({ tag }) => hasTag(model, tag));
  if (family === undefined) return [AUDIOCRAFT_UNKNOWN_TYPE];
  const { className, settings, prompts } = family;
  return [
    `from audiocraft.models import ${className}

model = ${className}.get_pretrained(${pyStr(model.id)})
${settings}
descriptions = [${prompts}]
wav = model.generate(descriptions)  # generates 3 samples.`,
  ];
}

export function audioseal(model: ModelData): string[] {
  const id = pyStr(model.id);
  return [
    `# Watermark Generator
from audioseal import AudioSeal

model = AudioSeal.load_generator(${id})
# pass a tensor (tensor_wav) of shape (batch, channels, samples) and a sample rate
wav, sr = tensor_wav, 16000

watermark = model.get_watermark(wav, sr)
watermarked_audio = wav + watermark`,
    `# Watermark Detector
from audioseal import AudioSeal

detector = AudioSeal.load_detector(${id})

result, message = detector.detect_watermark(watermarked_audio, sr)`,
  ];
}

export function asteroid(model: ModelData): string[] {
  return [
    `from asteroid.models import BaseModel

model = BaseModel.from_pretrained(${pyStr(model.id)})`,
  ];
}

export function pyannote_audio_pipeline(model: ModelData): string[] {
  return [
    `from pyannote.audio import Pipeline

pipeline = Pipeline.from_pretrained(${pyStr(model.id)})

# inference on the whole file
pipeline("file.wav")

# inference on an excerpt
from pyannote.core import Segment
excerpt = Segment(start=2.0, end=5.0)

from pyannote.audio import Audio
waveform, sample_rate = Audio().crop("file.wav", excerpt)
pipeline({"waveform": waveform, "sample_rate": sample_rate})`,
  ];
}

function pyannote_audio_model(model: ModelData): string[] {
  return [
    `from pyannote.audio import Inference, Model

model = Model.from_pretrained(${pyStr(model.id)})
inference = Inference(model)

# inference on the whole file
inference("file.wav")

# inference on an excerpt
from pyannote.core import Segment
excerpt = Segment(start=2.0, end=5.0)
inference.crop("file.wav", excerpt)`,
  ];
}

export function pyannote_audio(model: ModelData): string[] {
  return hasTag(model, "pyannote-audio-pipeline") ? pyannote_audio_pipeline(model) : pyannote_audio_model(model);
}

export function tensorflowtts(model: ModelData): string[] {
  const id = pyStr(model.id);
  if (hasTag(model, "text-to-mel")) {
    return [
      `from tensorflow_tts.inference import AutoProcessor, TFAutoModel

processor = AutoProcessor.from_pretrained(${id})
model = TFAutoModel.from_pretrained(${id})`,
    ];
  }
  if (hasTag(model, "mel-to-wav")) {
    return [
      `from tensorflow_tts.inference import TFAutoModel

model = TFAutoModel.from_pretrained(${id})
audios = model.inference(mels)`,
    ];
  }
  return [
    `from tensorflow_tts.inference import TFAutoModel

model = TFAutoModel.from_pretrained(${id})`,
  ];
}

/** WhisperKit runs Core ML Whisper variants on Apple devices; its CLI picks variants by name, not by repository. */
export function whisperkit(): string[] {
  return [
    `# Install the CLI with Homebrew on a macOS device
brew install whisperkit-cli

# View all available inference options
whisperkit-cli transcribe --help

# Download and run inference using the whisper base model
whisperkit-cli transcribe --audio-path /path/to/audio.mp3

# Or use your preferred model variant
whisperkit-cli transcribe --model "large-v3" --model-prefix "distil" --audio-path /path/to/audio.mp3 --verbose`,
  ];
}
