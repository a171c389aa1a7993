// Example inputs per task, as data (catalogue.md §7). Each string is a SOURCE LITERAL: it carries its own quotes
// (`"cats.jpg"`) or is a JSON object laid out one member per line, 4 spaces per level. Consumers decode it before
// writing it into their own language (inference.md §10.8).
import type { ChatCompletionInputMessage } from "../inference-types/chat-completion.js";
import type { PipelineType } from "../pipelines.js";

export const NO_INPUT_EXAMPLE = "No input example has been defined for this model task.";

const IMAGE_QUESTION = `{
        "image": "cat.png",
        "question": "What is in this image?"
    }`;

const IMAGE_DANCE = `{
    "image": "cat.png",
    "prompt": "The cat starts to dance"
}`;

/** The established examples (29 tasks + visual-question-answering, + 3 of the newest catalogue), exact texts and layouts of catalogue.md §7. */
export const INPUT_EXAMPLES: Partial<Record<PipelineType, string>> = {
  "text-classification": `"I like you. I love you"`,
  "token-classification": `"My name is Sarah Jessica Parker but you can call me Jessica"`,
  translation: `"Меня зовут Вольфганг и я живу в Берлине"`,
  "text-to-image": `"Astronaut riding a horse"`,
  "text-to-video": `"A young man walking on the street"`,
  "image-classification": `"cats.jpg"`,
  "image-to-text": `"cats.jpg"`,
  "image-segmentation": `"cats.jpg"`,
  "object-detection": `"cats.jpg"`,
  "zero-shot-image-classification": `"cats.jpg"`,
  "audio-classification": `"sample1.flac"`,
  "audio-to-audio": `"sample1.flac"`,
  "automatic-speech-recognition": `"sample1.flac"`,
  "image-to-image": `{
    "image": "cat.png",
    "prompt": "Turn the cat into a tiger."
}`,
  "document-question-answering": IMAGE_QUESTION,
  "visual-question-answering": IMAGE_QUESTION,
  "question-answering": `{
    "question": "What is my name?",
    "context": "My name is Clara and I live in Berkeley."
}`,
  "table-question-answering": `{
    "query": "How many stars does the transformers repository have?",
    "table": {
        "Repository": ["Transformers", "Datasets", "Tokenizers"],
        "Stars": ["36542", "4512", "3934"],
        "Contributors": ["651", "77", "34"],
        "Programming language": [
            "Python",
            "Python",
            "Rust, Python and NodeJS"
        ]
    }
}`,
  "sentence-similarity": `{
    "source_sentence": "That is a happy person",
    "sentences": [
        "That is a happy dog",
        "That is a very happy person",
        "Today is a sunny day"
    ]
}`,
  "tabular-classification": `'{"Height":[11.52,12.48],"Length1":[23.2,24.0],"Length2":[25.4,26.3],"Species": ["Bream","Bream"]}'`,
  "tabular-regression": `'{"Height":[11.52,12.48],"Length1":[23.2,24.0],"Length2":[25.4,26.3],"Species": ["Bream","Bream"]}'`,
  "zero-shot-classification": `"Hi, I recently bought a device from your company but it is not working as advertised and I would like to get reimbursed!"`,
  "feature-extraction": `"Today is a sunny day and I will get some ice cream."`,
  "text2text-generation": `"The answer to the universe is"`,
  "text-to-speech": `"The answer to the universe is 42"`,
  "text-to-audio": `"liquid drum and bass, atmospheric synths, airy sounds"`,
  // Established in the newest catalogue (catalogue-newest.json `task_library_maps_changed.example_inputs`).
  "image-to-video": IMAGE_DANCE,
  "image-text-to-video": IMAGE_DANCE,
  "image-text-to-image": `{
    "image": "cat.png",
    "prompt": "Turn the cat into a tiger."
}`,
  summarization: `"The Amazon rainforest covers about six million square kilometres across nine countries of South America. It is home to roughly one tenth of all species known on Earth, many of which live nowhere else. Its trees store vast amounts of carbon and release water vapour that shapes rainfall far beyond the basin. Since the 1970s, logging, cattle ranching and fires have cleared close to a fifth of the original forest. Scientists warn that further losses could push parts of it past a tipping point, turning rainforest into dry savanna."`,
};

/**
 * Examples of our own for tasks the established catalogue left without one (same layout rules). Tasks with no
 * meaningful input (`unconditional-image-generation` takes none, `other` is unknown) keep the fallback text.
 */
export const EXTRA_INPUT_EXAMPLES: Partial<Record<PipelineType, string>> = {
  "audio-text-to-text": `{
    "audio": "sample1.flac",
    "prompt": "What is being said in this recording?"
}`,
  "voice-activity-detection": `"sample1.flac"`,
  "depth-estimation": `"cats.jpg"`,
  "video-classification": `"video.mp4"`,
  "reinforcement-learning": `{
    "observation": [0.02, -0.01, 0.03, 0.04]
}`,
  robotics: `{
    "image": "frame.png",
    "state": [0.0, 0.1, -0.2, 0.0, 0.3, 0.0, 1.0],
    "instruction": "Pick up the red cube and put it in the box."
}`,
  "tabular-to-text": `"Alan_Bean | occupation | Test_pilot && Alan_Bean | birthPlace | Wheeler,_Texas"`,
  "table-to-text": `{
    "table": {
        "Team": ["Lions", "Tigers"],
        "Wins": ["12", "9"],
        "Losses": ["4", "7"]
    }
}`,
  "multiple-choice": `{
    "question": "Where would you most likely find a penguin?",
    "choices": ["Desert", "Antarctica", "Rainforest", "Savanna"]
}`,
  "text-ranking": `{
    "query": "What is the capital of France?",
    "texts": [
        "Paris is the capital and largest city of France.",
        "Berlin is the capital of Germany.",
        "France is a country in Western Europe."
    ]
}`,
  "text-retrieval": `"What is the capital of France?"`,
  "time-series-forecasting": `{
    "past_values": [112, 118, 132, 129, 121, 135, 148, 148, 136, 119],
    "prediction_length": 3
}`,
  "video-text-to-text": `{
    "video": "video.mp4",
    "prompt": "Describe what happens in this video."
}`,
  "graph-ml": `{
    "edge_index": [[0, 1, 1, 2], [1, 0, 2, 1]],
    "num_nodes": 3
}`,
  "mask-generation": `"cats.jpg"`,
  "zero-shot-object-detection": `{
    "image": "cats.jpg",
    "candidate_labels": ["cat", "remote control"]
}`,
  "text-to-3d": `"A small wooden chair painted red"`,
  "image-to-3d": `"chair.png"`,
  "image-feature-extraction": `"cats.jpg"`,
  "keypoint-detection": `"cats.jpg"`,
  "visual-document-retrieval": `{
    "image": "invoice.png",
    "query": "What is the total amount due?"
}`,
  "any-to-any": `{
    "image": "cat.png",
    "prompt": "Describe this image in one sentence."
}`,
  "video-to-video": `{
    "video": "video.mp4",
    "prompt": "Turn the video into a watercolour painting."
}`,
};

/** Sentence of the fill-mask example; `<mask>` is replaced by the model's mask token. */
export const FILL_MASK_SENTENCE = "The answer to the universe is <mask>.";
export const DEFAULT_MASK_TOKEN = "[MASK]";

/** Prompt for text-generation models without a chat template. */
export const TEXT_GENERATION_PROMPT = `"Can you please let us know more details about your "`;

/** Tasks whose conversational models get a chat example (instead of, or before, their text example). */
export const CHAT_TASKS: ReadonlySet<PipelineType> = new Set<PipelineType>([
  "text-generation",
  "image-text-to-text",
  "video-text-to-text",
  "any-to-any",
]);

export function textChatExample(): ChatCompletionInputMessage[] {
  return [{ role: "user", content: "What is the capital of France?" }];
}

export function visionChatExample(): ChatCompletionInputMessage[] {
  return [
    {
      role: "user",
      content: [
        { type: "text", text: "Describe this image in one sentence." },
        {
          type: "image_url",
          image_url: {
            url: "https://cdn.britannica.com/61/93061-050-99147DCE/Statue-of-Liberty-Island-New-York-Bay.jpg",
          },
        },
      ],
    },
  ];
}
