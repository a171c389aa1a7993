import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Crowd-sourced read speech in more than 100 languages.",
      id: "mozilla-foundation/common_voice_17_0",
    },
    { description: "About 1,000 hours of read English audiobooks with transcripts.", id: "openslr/librispeech_asr" },
    {
      description: "Read speech in 102 languages with parallel sentences, for multilingual evaluation.",
      id: "google/fleurs",
    },
    {
      description: "Audiobook speech in 8 languages, a multilingual counterpart of LibriSpeech.",
      id: "facebook/multilingual_librispeech",
    },
  ],
  demo: {
    inputs: [{ type: "audio", filename: "speech.wav" }],
    outputs: [{ type: "text", label: "Transcript", content: "Could you book a table for two at seven tonight?" }],
  },
  metrics: [
    {
      description:
        "Word error rate: substitutions, deletions and insertions divided by the number of reference words; lower is better.",
      id: "wer",
    },
    {
      description: "Character error rate: the same at character level, preferred for languages without spaces.",
      id: "cer",
    },
  ],
  models: [
    {
      description: "Multilingual speech recognition and translation model trained on 5 million hours of audio.",
      id: "openai/whisper-large-v3",
    },
    {
      description: "Pruned Whisper large-v3 with a 4-layer decoder: much faster at nearly the same accuracy.",
      id: "openai/whisper-large-v3-turbo",
    },
    {
      description: "Fast and accurate English transcription with word timestamps (FastConformer-TDT).",
      id: "nvidia/parakeet-tdt-0.6b-v2",
    },
    {
      description: "Distilled Whisper, about six times faster than large-v3 for English.",
      id: "distil-whisper/distil-large-v3",
    },
    {
      description: "Small CTC model fine-tuned on LibriSpeech, good for learning and low-resource devices.",
      id: "facebook/wav2vec2-base-960h",
    },
  ],
  spaces: [
    {
      description: "Transcribe microphone recordings or files with Whisper large-v3.",
      id: "hf-audio/whisper-large-v3",
    },
    {
      description: "Leaderboard comparing speech recognition models on accuracy and speed.",
      id: "hf-audio/open_asr_leaderboard",
    },
  ],
  summary:
    "Automatic speech recognition (ASR), also called speech-to-text, converts spoken audio into written text, optionally with timestamps for each segment or word.",
  widgetModels: ["openai/whisper-large-v3"],
};

export default taskData;
