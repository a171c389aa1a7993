import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "About 1,000 hours of read English audiobooks with transcripts, the classic speech benchmark.",
      id: "openslr/librispeech_asr",
    },
    {
      description:
        "Crowd-sourced read speech in more than 100 languages, used to train and test spoken-language understanding.",
      id: "mozilla-foundation/common_voice_17_0",
    },
    {
      description: "About 400,000 audio clips paired with weakly-labelled captions for audio-language training.",
      id: "cvssp/WavCaps",
    },
  ],
  demo: {
    inputs: [
      { type: "audio", filename: "speech.wav" },
      { type: "text", label: "Prompt", content: "What does the speaker ask for, and in which tone?" },
    ],
    outputs: [
      {
        type: "text",
        label: "Answer",
        content: "The speaker calmly asks to book a table for two at seven tonight; the tone is polite and relaxed.",
      },
    ],
  },
  metrics: [
    { description: "Word error rate of transcripts produced when the model is asked to transcribe.", id: "wer" },
    { description: "Share of correctly answered questions on audio question-answering benchmarks.", id: "accuracy" },
  ],
  models: [
    {
      description: "Large audio-language model that follows voice or text instructions about speech, sounds and music.",
      id: "Qwen/Qwen2-Audio-7B-Instruct",
    },
    {
      description:
        "Speech LLM built on Llama 3.1 8B that understands spoken input directly, without a separate ASR step.",
      id: "fixie-ai/ultravox-v0_5-llama-3_1-8b",
    },
    {
      description: "Compact audio-text model with transcription, translation and audio understanding.",
      id: "mistralai/Voxtral-Mini-3B-2507",
    },
    {
      description: "Small multimodal model that accepts text, images and audio.",
      id: "microsoft/Phi-4-multimodal-instruct",
    },
  ],
  spaces: [
    {
      description: "Chat with Qwen2-Audio using a recorded question or an uploaded clip.",
      id: "Qwen/Qwen2-Audio-Instruct-Demo",
    },
  ],
  summary:
    "Audio-text-to-text models take audio together with a text prompt and answer in text: they transcribe, translate, summarise or answer questions about speech, sounds and music.",
  widgetModels: ["Qwen/Qwen2-Audio-7B-Instruct"],
};

export default taskData;
