import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "5,521 ten-second music clips from AudioSet with rich captions written by musicians.",
      id: "google/MusicCaps",
    },
    {
      description: "About 400,000 audio clips paired with captions, used to train text-conditioned audio models.",
      id: "cvssp/WavCaps",
    },
  ],
  demo: {
    inputs: [{ type: "text", label: "Prompt", content: "A calm piano melody in C major with a slow, gentle rhythm." }],
    outputs: [{ type: "audio", filename: "music.wav" }],
  },
  metrics: [
    {
      description: "Fréchet Audio Distance between embeddings of generated and real audio; lower means more realistic.",
      id: "fad",
    },
    {
      description: "Similarity between the prompt and the generated audio measured with a CLAP text-audio model.",
      id: "clap-score",
    },
    { description: "Mean opinion score from listeners rating quality and prompt adherence.", id: "mos" },
  ],
  models: [
    {
      description: "MusicGen generates music from a text description; the small checkpoint runs on a laptop.",
      id: "facebook/musicgen-small",
    },
    {
      description: "Generates up to 47 seconds of stereo sound effects or music from text.",
      id: "stabilityai/stable-audio-open-1.0",
    },
    { description: "Latent diffusion model for sound effects, music and speech from text.", id: "cvssp/audioldm2" },
    {
      description:
        "Transformer that generates speech, music and sound effects, including laughter and non-verbal sounds.",
      id: "suno/bark",
    },
  ],
  spaces: [
    {
      description: "Generate music from a description, optionally following a reference melody.",
      id: "facebook/MusicGen",
    },
    { description: "Speak a text with Bark's voices and effects.", id: "suno/bark" },
  ],
  summary:
    "Text-to-audio models generate sound from a text prompt: music, sound effects, ambience or speech. Text-to-speech is the special case where the output is a spoken reading of the text.",
  widgetModels: ["facebook/musicgen-small"],
};

export default taskData;
