import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Parliament speech in 23 languages, including simultaneous interpretations usable for speech-to-speech translation.",
      id: "facebook/voxpopuli",
    },
    {
      description:
        "Read speech in 102 languages with aligned sentences across languages, used to evaluate speech translation.",
      id: "google/fleurs",
    },
  ],
  demo: {
    inputs: [{ type: "audio", filename: "noisy-speech.wav" }],
    outputs: [
      { type: "audio", filename: "clean-speech.wav" },
      { type: "audio", filename: "noise.wav" },
    ],
  },
  metrics: [
    {
      description:
        "Scale-invariant signal-to-distortion ratio in dB between the estimated and the reference source; higher is better.",
      id: "si-sdr",
    },
    {
      description:
        "Perceptual Evaluation of Speech Quality: a standard objective estimate of how good enhanced speech sounds.",
      id: "pesq",
    },
    {
      description: "Short-Time Objective Intelligibility: predicts how intelligible the processed speech is.",
      id: "stoi",
    },
  ],
  models: [
    {
      description: "SepFormer that separates two overlapping speakers in noisy, reverberant 8 kHz audio (WHAM!).",
      id: "speechbrain/sepformer-wham",
    },
    {
      description: "MetricGAN+ speech enhancement model trained on VoiceBank-DEMAND.",
      id: "speechbrain/metricgan-plus-voicebank",
    },
    {
      description: "Conv-TasNet speech separation model from the Asteroid toolkit, trained on Libri2Mix.",
      id: "JorisCos/ConvTasNet_Libri2Mix_sepclean_16k",
    },
    {
      description: "Massively multilingual model that translates speech directly into speech in another language.",
      id: "facebook/seamless-m4t-v2-large",
    },
  ],
  spaces: [
    {
      description: "Speech-to-speech, speech-to-text and text-to-speech translation with SeamlessM4T v2.",
      id: "facebook/seamless-m4t-v2-large",
    },
  ],
  summary:
    "Audio-to-audio models take audio in and return one or more audio signals: they remove noise, separate overlapping speakers or instruments, convert voices, or translate speech into speech in another language.",
  widgetModels: ["speechbrain/sepformer-wham"],
};

export default taskData;
