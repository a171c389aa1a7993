import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "13,100 short clips of a single speaker reading non-fiction books, a standard single-voice TTS corpus.",
      id: "keithito/lj_speech",
    },
    {
      description: "585 hours of multi-speaker English audiobook speech prepared for speech synthesis.",
      id: "mythicinfinity/libritts",
    },
  ],
  demo: {
    inputs: [{ type: "text", label: "Input", content: "Could you book a table for two at seven tonight?" }],
    outputs: [{ type: "audio", filename: "speech.wav" }],
  },
  metrics: [
    {
      description: "Mean opinion score: listeners rate naturalness from 1 to 5 and the ratings are averaged.",
      id: "mos",
    },
    {
      description: "Word error rate of an ASR transcript of the generated speech, a proxy for intelligibility.",
      id: "wer",
    },
  ],
  models: [
    {
      description: "Small (82M parameters) yet natural-sounding multilingual TTS with many voices.",
      id: "hexgrad/Kokoro-82M",
    },
    {
      description: "Voice-cloning multilingual TTS that imitates a speaker from a few seconds of reference audio.",
      id: "coqui/XTTS-v2",
    },
    {
      description: "TTS model controlled by a text description of the voice (gender, pitch, speed, recording quality).",
      id: "parler-tts/parler-tts-mini-v1",
    },
    {
      description: "SpeechT5 fine-tuned for English speech synthesis with speaker embeddings.",
      id: "microsoft/speecht5_tts",
    },
    {
      description: "Massively Multilingual Speech: one small VITS model per language; this one speaks English.",
      id: "facebook/mms-tts-eng",
    },
  ],
  spaces: [
    { description: "Synthesise speech with Kokoro's voices.", id: "hexgrad/Kokoro-TTS" },
    { description: "Blind comparison and ranking of TTS models by listeners.", id: "TTS-AGI/TTS-Arena" },
    { description: "Clone a voice and speak in 17 languages with XTTS.", id: "coqui/xtts" },
  ],
  summary:
    "Text-to-speech (TTS) models read text aloud: they turn a sentence into natural-sounding speech, in a chosen voice and language, sometimes imitating a speaker from a short sample.",
  widgetModels: ["microsoft/speecht5_tts"],
  canonicalId: "text-to-audio",
};

export default taskData;
