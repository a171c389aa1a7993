import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    { description: "DocVQA: 50,000 questions about 12,000 scanned industry documents.", id: "lmms-lab/DocVQA" },
    {
      description: "1,200 DocVQA examples with OCR, handy for tutorials and quick fine-tuning.",
      id: "nielsr/docvqa_1200_examples",
    },
    {
      description: "Docmatix: 2.4 million document images with 9.5 million questions and answers.",
      id: "HuggingFaceM4/Docmatix",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "invoice.svg" },
      { type: "text", label: "Question", content: "What is the total amount due?" },
    ],
    outputs: [{ type: "text", label: "Answer", content: "$1,240.00" }],
  },
  metrics: [
    { description: "Average normalised Levenshtein similarity: tolerates small OCR errors in the answer.", id: "anls" },
    { description: "Share of answers exactly equal to the reference.", id: "exact_match" },
  ],
  models: [
    {
      description: "LayoutLM fine-tuned for extractive question answering on invoices and forms.",
      id: "impira/layoutlm-document-qa",
    },
    {
      description: "Donut: OCR-free document understanding, fine-tuned on DocVQA.",
      id: "naver-clova-ix/donut-base-finetuned-docvqa",
    },
    {
      description: "Vision-language model with strong document reading and reasoning.",
      id: "Qwen/Qwen2.5-VL-7B-Instruct",
    },
  ],
  spaces: [{ description: "Ask questions about PDFs and images with DocQuery.", id: "impira/docquery" }],
  summary:
    "Document question answering answers questions about document images such as invoices, forms, receipts and reports, using both the text and its layout.",
  widgetModels: ["impira/layoutlm-document-qa"],
};

export default taskData;
