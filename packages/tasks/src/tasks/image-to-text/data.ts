import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "31,000 images each described by five human-written captions (Flickr30k).",
      id: "nlphuji/flickr30k",
    },
    {
      description: "Lines of handwritten English text from the IAM database, for handwriting recognition.",
      id: "Teklia/IAM-line",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "street.svg" }],
    outputs: [
      { type: "text", label: "Caption", content: "a red car parked on a road in front of a small house and a tree" },
    ],
  },
  metrics: [
    { description: "n-gram precision of the generated caption against reference captions.", id: "bleu" },
    {
      description:
        "Consensus-based metric that weights n-grams by how informative they are across the reference captions.",
      id: "cider",
    },
    { description: "Recall-oriented n-gram overlap with the references.", id: "rouge" },
    { description: "Character error rate, for text recognition (OCR) models.", id: "cer" },
  ],
  models: [
    {
      description: "BLIP captioning model; can also continue a caption prefix you provide.",
      id: "Salesforce/blip-image-captioning-large",
    },
    {
      description: "Florence-2: captioning at several levels of detail, OCR and grounding from task prompts.",
      id: "microsoft/Florence-2-large",
    },
    {
      description: "TrOCR: transformer OCR for single lines of handwritten text.",
      id: "microsoft/trocr-base-handwritten",
    },
    {
      description: "Lightweight ViT + GPT-2 captioner, a simple baseline.",
      id: "nlpconnect/vit-gpt2-image-captioning",
    },
  ],
  spaces: [{ description: "Captioning, OCR and detection with Florence-2.", id: "gokaygokay/Florence-2" }],
  summary:
    "Image-to-text models generate text from an image: a caption describing it, or the text written in it (optical character recognition).",
  widgetModels: ["Salesforce/blip-image-captioning-large"],
};

export default taskData;
