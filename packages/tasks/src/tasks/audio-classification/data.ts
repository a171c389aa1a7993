import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Short spoken commands (yes, no, up, down, …) for training keyword spotters.",
      id: "google/speech_commands",
    },
    {
      description: "2,000 five-second environmental recordings in 50 classes such as dog bark, rain and siren.",
      id: "ashraq/esc50",
    },
    {
      description: "Spoken requests to an e-banking assistant in 14 languages, labelled with their intent.",
      id: "PolyAI/minds14",
    },
  ],
  demo: {
    inputs: [{ type: "audio", filename: "speech.wav" }],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "Speech", score: 0.82 },
          { label: "Male speech, man speaking", score: 0.09 },
          { label: "Narration, monologue", score: 0.04 },
          { label: "Music", score: 0.02 },
        ],
      },
    ],
  },
  metrics: [
    { description: "The share of clips whose predicted label is the true one.", id: "accuracy" },
    { description: "The harmonic mean of precision and recall; useful when some classes are rare.", id: "f1" },
    { description: "Of the clips predicted as a class, the share that truly belong to it.", id: "precision" },
    { description: "Of the clips that belong to a class, the share the model finds.", id: "recall" },
  ],
  models: [
    {
      description: "Audio Spectrogram Transformer fine-tuned on AudioSet's 527 sound event classes.",
      id: "MIT/ast-finetuned-audioset-10-10-0.4593",
    },
    { description: "Spoken language identification for 107 languages.", id: "speechbrain/lang-id-voxlingua107-ecapa" },
    {
      description: "HuBERT model that recognises emotions (neutral, happy, angry, sad) in speech.",
      id: "superb/hubert-large-superb-er",
    },
    { description: "Keyword spotting model fine-tuned on Speech Commands.", id: "superb/hubert-base-superb-ks" },
  ],
  spaces: [],
  summary:
    "Audio classification assigns one or more labels to a whole audio clip: which sound event it contains, which keyword was spoken, which language, speaker or emotion is heard.",
  widgetModels: ["MIT/ast-finetuned-audioset-10-10-0.4593"],
};

export default taskData;
