// Small hand-made model records for store and API tests (the real seed is tested separately).
export const FIXTURE_MODELS = [
  {
    id: "meta-llama/Llama-3.1-8B-Instruct",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "llama", "conversational"],
    downloads: 5000,
    likes: 300,
    lastModified: "2024-09-25T14:00:00.000Z",
    inferenceProviderMapping: {
      together: { providerId: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo", status: "live", task: "conversational" },
      "hf-inference": { providerId: "meta-llama/Llama-3.1-8B-Instruct", status: "staging", task: "conversational" },
    },
  },
  {
    id: "Qwen/Qwen2.5-7B-Instruct",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "qwen2", "conversational"],
    downloads: 4000,
    likes: 500,
    lastModified: "2024-10-01T00:00:00.000Z",
    inferenceProviderMapping: [
      { provider: "together", providerId: "Qwen/Qwen2.5-7B-Instruct-Turbo", status: "live", task: "conversational" },
    ],
  },
  {
    id: "black-forest-labs/FLUX.1-schnell",
    pipeline_tag: "text-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "text-to-image"],
    downloads: 4000,
    likes: null,
    inferenceProviderMapping: {
      "fal-ai": { providerId: "fal-ai/flux/schnell", status: "live", task: "text-to-image" },
    },
  },
  {
    id: "openai/whisper-large-v3",
    pipeline_tag: "automatic-speech-recognition",
    library_name: "transformers",
    tags: ["transformers", "whisper"],
    downloads: null,
    likes: 10,
    lastModified: "2024-08-12T00:00:00Z",
  },
  {
    id: "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF",
    pipeline_tag: "text-generation",
    library_name: "gguf",
    tags: ["gguf", "llama", "conversational"],
    gguf: { architecture: "llama", context_length: 131072 },
  },
  { id: "gpt2", pipeline_tag: "text-generation", library_name: "transformers", tags: ["transformers"] },
];
