import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    { description: "50,000 movie reviews labelled positive or negative (IMDB).", id: "stanfordnlp/imdb" },
    {
      description:
        "GLUE: nine sentence and sentence-pair classification tasks (acceptability, sentiment, entailment…).",
      id: "nyu-mll/glue",
    },
    { description: "English tweets labelled with six emotions.", id: "dair-ai/emotion" },
    {
      description: "News articles in four topics: world, sports, business, science/technology.",
      id: "fancyzhx/ag_news",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Input",
        content: "The battery lasts all day and the screen is gorgeous. I love this phone!",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "POSITIVE", score: 0.998 },
          { label: "NEGATIVE", score: 0.002 },
        ],
      },
    ],
  },
  metrics: [
    { description: "Share of texts whose predicted label is correct.", id: "accuracy" },
    { description: "Harmonic mean of precision and recall; macro-averaged F1 treats every class equally.", id: "f1" },
    { description: "Of the texts predicted as a class, the share that truly belong to it.", id: "precision" },
    { description: "Of the texts that belong to a class, the share the model finds.", id: "recall" },
  ],
  models: [
    {
      description: "DistilBERT fine-tuned on SST-2 for English sentiment (positive/negative).",
      id: "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
    },
    {
      description: "Sentiment of tweets (negative, neutral, positive) with RoBERTa.",
      id: "cardiffnlp/twitter-roberta-base-sentiment-latest",
    },
    { description: "Financial sentiment analysis with FinBERT.", id: "ProsusAI/finbert" },
    { description: "Multi-label classification of 28 emotions (GoEmotions).", id: "SamLowe/roberta-base-go_emotions" },
    {
      description: "Detects the language of a text among 20 languages.",
      id: "papluca/xlm-roberta-base-language-detection",
    },
  ],
  spaces: [],
  summary:
    "Text classification assigns one or more labels to a piece of text, such as its sentiment, topic, language, intent or whether it is spam or toxic; sentence-pair variants decide whether one sentence entails another.",
  widgetModels: ["distilbert/distilbert-base-uncased-finetuned-sst-2-english"],
};

export default taskData;
