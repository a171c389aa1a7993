import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "FineWeb: 15 trillion tokens of cleaned and deduplicated English web text for pre-training.",
      id: "HuggingFaceFW/fineweb",
    },
    {
      description: "FineWeb-Edu: the educational subset of FineWeb, which improves knowledge and reasoning benchmarks.",
      id: "HuggingFaceFW/fineweb-edu",
    },
    {
      description: "UltraChat 200k: multi-turn dialogues for supervised fine-tuning of chat models.",
      id: "HuggingFaceH4/ultrachat_200k",
    },
    { description: "GSM8K: 8,500 grade-school maths word problems, a common reasoning benchmark.", id: "openai/gsm8k" },
  ],
  demo: {
    inputs: [{ type: "text", label: "Input", content: "Once upon a time, in a small village by the sea," }],
    outputs: [
      {
        type: "text",
        label: "Output",
        content:
          "Once upon a time, in a small village by the sea, there lived an old fisherman who could read the weather in the shape of the waves.",
      },
    ],
  },
  metrics: [
    {
      description: "Perplexity: how surprised the model is by held-out text; lower is better for language modelling.",
      id: "perplexity",
    },
    { description: "Share of correct answers on benchmarks such as MMLU, GSM8K or ARC.", id: "accuracy" },
    {
      description: "Share of generated answers exactly equal to the reference (e.g. final numbers in GSM8K).",
      id: "exact_match",
    },
  ],
  models: [
    {
      description: "Llama 3.1 8B Instruct: multilingual chat model with a 128k context and tool use.",
      id: "meta-llama/Llama-3.1-8B-Instruct",
    },
    {
      description: "Qwen2.5 7B Instruct: strong at coding, maths and structured output.",
      id: "Qwen/Qwen2.5-7B-Instruct",
    },
    {
      description: "SmolLM3: a 3B model with long context and an optional reasoning mode.",
      id: "HuggingFaceTB/SmolLM3-3B",
    },
    { description: "Mistral 7B Instruct v0.3 with function calling.", id: "mistralai/Mistral-7B-Instruct-v0.3" },
    {
      description: "DeepSeek-R1: large open reasoning model trained with reinforcement learning.",
      id: "deepseek-ai/DeepSeek-R1",
    },
    { description: "GPT-2, the small classic for learning and experiments.", id: "openai-community/gpt2" },
  ],
  spaces: [
    {
      description: "Leaderboard of open LLMs on standardised benchmarks.",
      id: "open-llm-leaderboard/open_llm_leaderboard",
    },
    { description: "Crowd-sourced head-to-head rankings of chat models.", id: "lmarena-ai/chatbot-arena-leaderboard" },
  ],
  summary:
    "Text generation models continue a text: given a prompt or a conversation, they predict the next tokens one at a time. Instruction-tuned chat models built this way answer questions, write, summarise, code and reason.",
  widgetModels: ["meta-llama/Llama-3.1-8B-Instruct"],
};

export default taskData;
