// Default widget inputs per language (catalogue.md §7.2): what a model page's widget offers when the model card gives
// no examples. Fill-mask texts use the placeholder `<mask>`, replaced by the model's own mask token.
import type { WidgetType } from "./pipelines.js";
import type { WidgetExample } from "./widget-example.js";

export type LanguageCode =
  | "en"
  | "zh"
  | "fr"
  | "es"
  | "ru"
  | "uk"
  | "it"
  | "fa"
  | "ar"
  | "bn"
  | "mn"
  | "si"
  | "de"
  | "dv";

export type PerLanguageMapping = Map<WidgetType, string[] | WidgetExample[]>;

type PerLanguageTable = Partial<Record<WidgetType, string[] | WidgetExample[]>>;

const EN: PerLanguageTable = {
  "text-classification": ["I like you. I love you", "This film was a complete waste of two hours."],
  "token-classification": [
    "My name is Sarah and I live in London",
    "My name is Clara and I live in Berkeley, California.",
    "Ada Lovelace worked with Charles Babbage in London.",
  ],
  "table-question-answering": [
    {
      text: "How many stars does the transformers repository have?",
      table: {
        Repository: ["Transformers", "Datasets", "Tokenizers"],
        Stars: ["36542", "4512", "3934"],
        Contributors: ["651", "77", "34"],
        "Programming language": ["Python", "Python", "Rust, Python and NodeJS"],
      },
    },
  ],
  "question-answering": [
    { text: "Where do I live?", context: "My name is Sarah and I live in London" },
    { text: "What is my name?", context: "My name is Clara and I live in Berkeley." },
  ],
  "zero-shot-classification": [
    {
      text: "I have a problem with my iphone that needs to be resolved asap!!",
      candidate_labels: "urgent, not urgent, phone, tablet, computer",
      multi_class: true,
    },
    {
      text: "Last week I upgraded my iOS version and ever since then my phone has been overheating.",
      candidate_labels: "mobile, website, billing, account access",
      multi_class: false,
    },
  ],
  translation: ["My name is Sarah and I live in London", "The weather is lovely today, let us go for a walk."],
  summarization: [
    "The Amazon rainforest covers about six million square kilometres across nine countries of South America. It is home to roughly one tenth of all species known on Earth, many of which live nowhere else. Its trees store vast amounts of carbon and release water vapour that shapes rainfall far beyond the basin. Since the 1970s, logging, cattle ranching and fires have cleared close to a fifth of the original forest.",
  ],
  conversational: [
    "Hi, what can you help me with?",
    "What is 84 * 3 / 2?",
    "Tell me an interesting fact about the universe!",
  ],
  "text-generation": [
    "My name is Sarah and I like to",
    "Once upon a time,",
    "The three most important inventions of the last century are",
  ],
  "fill-mask": ["Paris is the <mask> of France.", "The goal of life is <mask>."],
  "sentence-similarity": [
    {
      source_sentence: "That is a happy person",
      sentences: ["That is a happy dog", "That is a very happy person", "Today is a sunny day"],
    },
  ],
  "automatic-speech-recognition": [
    { example_title: "Sample 1", src: "https://cdn-media.huggingface.co/speech_samples/sample1.flac" },
    { example_title: "Sample 2", src: "https://cdn-media.huggingface.co/speech_samples/sample2.flac" },
  ],
  "text-to-speech": ["I love audio models on the Hub!", "The quick brown fox jumps over the lazy dog."],
};

const ZH: PerLanguageTable = {
  "text-classification": ["我喜欢你。我爱你"],
  "token-classification": ["我叫王小明，我住在北京。", "我叫李华，在上海工作。"],
  "question-answering": [{ text: "我住在哪里？", context: "我叫王小明，我住在北京。" }],
  translation: ["我叫王小明，我住在北京。"],
  "text-generation": ["我叫王小明，我喜欢"],
  "fill-mask": ["巴黎是<mask>国的首都。"],
  "sentence-similarity": [
    { source_sentence: "那是一个快乐的人", sentences: ["那是一只快乐的狗", "那是一个非常快乐的人", "今天是晴天"] },
  ],
};

const FR: PerLanguageTable = {
  "text-classification": ["Je t'apprécie beaucoup. Je t'aime."],
  "token-classification": ["Mon nom est Marie et je vis à Lyon"],
  "question-answering": [{ text: "Où est-ce que je vis?", context: "Mon nom est Marie et je vis à Lyon" }],
  translation: ["Mon nom est Marie et je vis à Lyon"],
  summarization: [
    "La tour Eiffel, construite pour l'Exposition universelle de 1889, mesure 330 mètres de haut. Elle fut pendant plus de quarante ans le plus haut monument du monde. Elle accueille aujourd'hui près de sept millions de visiteurs par an.",
  ],
  "text-generation": ["Mon nom est Marie et j'aime", "Il était une fois"],
  "fill-mask": ["Paris est la <mask> de la France."],
  "sentence-similarity": [
    {
      source_sentence: "C'est une personne heureuse",
      sentences: [
        "C'est un chien heureux",
        "C'est une personne très heureuse",
        "Aujourd'hui est une journée ensoleillée",
      ],
    },
  ],
};

const ES: PerLanguageTable = {
  "text-classification": ["Te quiero. Te amo."],
  "token-classification": ["Me llamo Lucía y vivo en Sevilla"],
  "question-answering": [{ text: "¿Dónde vivo?", context: "Me llamo Lucía y vivo en Sevilla" }],
  translation: ["Me llamo Lucía y vivo en Sevilla"],
  "text-generation": ["Me llamo Lucía y me gusta", "Había una vez"],
  "fill-mask": ["Madrid es la <mask> de España."],
  "sentence-similarity": [
    {
      source_sentence: "Esa es una persona feliz",
      sentences: ["Ese es un perro feliz", "Esa es una persona muy feliz", "Hoy es un día soleado"],
    },
  ],
};

const RU: PerLanguageTable = {
  "text-classification": ["Ты мне нравишься. Я тебя люблю"],
  "token-classification": ["Меня зовут Анна, и я живу в Москве"],
  "question-answering": [{ text: "Где я живу?", context: "Меня зовут Анна, и я живу в Москве" }],
  translation: ["Меня зовут Анна, и я живу в Москве"],
  "text-generation": ["Меня зовут Анна, и я люблю"],
  "fill-mask": ["Москва — <mask> России."],
  "sentence-similarity": [
    {
      source_sentence: "Это счастливый человек",
      sentences: ["Это счастливая собака", "Это очень счастливый человек", "Сегодня солнечный день"],
    },
  ],
};

const UK: PerLanguageTable = {
  translation: ["Мене звати Олена, і я живу в Києві."],
  "fill-mask": ["Київ — <mask> України."],
  "text-generation": ["Мене звати Олена, і я люблю"],
};

const IT: PerLanguageTable = {
  "text-classification": ["Mi piaci. Ti amo"],
  "token-classification": ["Mi chiamo Giulia e vivo a Torino"],
  "question-answering": [{ text: "Dove vivo?", context: "Mi chiamo Giulia e vivo a Torino" }],
  translation: ["Mi chiamo Giulia e vivo a Torino"],
  "text-generation": ["Mi chiamo Giulia e mi piace", "C'era una volta"],
  "fill-mask": ["Roma è la <mask> d'Italia."],
  "sentence-similarity": [
    {
      source_sentence: "Questa è una persona felice",
      sentences: ["Questo è un cane felice", "Questa è una persona molto felice", "Oggi è una giornata di sole"],
    },
  ],
};

const FA: PerLanguageTable = {
  "text-classification": ["پروژه به موقع تحویل شد و همه چیز خوب بود."],
  "token-classification": ["نام من سارا است و در تهران زندگی می‌کنم."],
  "question-answering": [{ text: "من کجا زندگی می‌کنم؟", context: "نام من سارا است و در تهران زندگی می‌کنم." }],
  translation: ["نام من سارا است و در تهران زندگی می‌کنم."],
  "text-generation": ["نام من سارا است و دوست دارم"],
  "fill-mask": ["تهران <mask> ایران است."],
};

const AR: PerLanguageTable = {
  "text-classification": ["أحبك. أهواك"],
  "token-classification": ["اسمي سارة وأعيش في القاهرة"],
  "question-answering": [{ text: "أين أعيش؟", context: "اسمي سارة وأعيش في القاهرة" }],
  translation: ["اسمي سارة وأعيش في القاهرة"],
  "text-generation": ["اسمي سارة وأحب أن"],
  "fill-mask": ["القاهرة هي <mask> مصر."],
  "sentence-similarity": [
    { source_sentence: "هذا شخص سعيد", sentences: ["هذا كلب سعيد", "هذا شخص سعيد جدا", "اليوم يوم مشمس"] },
  ],
};

const BN: PerLanguageTable = {
  "text-classification": ["বাঙালির ইতিহাস হাজার বছরের পুরোনো।"],
  "fill-mask": ["ঢাকা বাংলাদেশের <mask>।"],
  "text-generation": ["আমার নাম রহিম এবং আমি"],
};

const MN: PerLanguageTable = {
  "token-classification": ["Намайг Болд гэдэг. Би Улаанбаатарт амьдардаг."],
  "question-answering": [{ text: "Та хаана амьдардаг вэ?", context: "Намайг Болд гэдэг. Би Улаанбаатарт амьдардаг." }],
  translation: ["Намайг Болд гэдэг. Би Улаанбаатарт амьдардаг."],
  "fill-mask": ["Улаанбаатар бол Монголын <mask> юм."],
};

const SI: PerLanguageTable = {
  "fill-mask": ["මම ගෙදර <mask>."],
  "text-generation": ["මගේ නම"],
};

const DE: PerLanguageTable = {
  "text-classification": ["Ich mag dich. Ich liebe dich"],
  "token-classification": ["Mein Name ist Jonas und ich wohne in Hamburg"],
  "question-answering": [{ text: "Wo wohne ich?", context: "Mein Name ist Jonas und ich wohne in Hamburg" }],
  translation: ["Mein Name ist Jonas und ich wohne in Hamburg"],
  summarization: [
    "Der Rhein ist mit rund 1230 Kilometern einer der längsten Flüsse Europas. Er entspringt in den Schweizer Alpen, fließt durch den Bodensee und mündet in den Niederlanden in die Nordsee. Seit der Römerzeit ist er ein wichtiger Handelsweg.",
  ],
  "text-generation": ["Mein Name ist Jonas und ich mag", "Es war einmal"],
  "fill-mask": ["Berlin ist die <mask> von Deutschland."],
  "sentence-similarity": [
    {
      source_sentence: "Das ist eine glückliche Person",
      sentences: ["Das ist ein glücklicher Hund", "Das ist eine sehr glückliche Person", "Heute ist ein sonniger Tag"],
    },
  ],
};

const DV: PerLanguageTable = {
  "fill-mask": ["މާލެ އަކީ ދިވެހިރާއްޖޭގެ <mask> އެވެ."],
};

const TABLES: Record<LanguageCode, PerLanguageTable> = {
  en: EN,
  zh: ZH,
  fr: FR,
  es: ES,
  ru: RU,
  uk: UK,
  it: IT,
  fa: FA,
  ar: AR,
  bn: BN,
  mn: MN,
  si: SI,
  de: DE,
  dv: DV,
};

function toMapping(table: PerLanguageTable): PerLanguageMapping {
  return new Map(Object.entries(table) as Array<[WidgetType, string[] | WidgetExample[]]>);
}

export const MAPPING_DEFAULT_WIDGET: Map<LanguageCode, PerLanguageMapping> = /* @__PURE__ */ new Map(
  (Object.entries(TABLES) as Array<[LanguageCode, PerLanguageTable]>).map(([lang, table]) => [lang, toMapping(table)]),
);
