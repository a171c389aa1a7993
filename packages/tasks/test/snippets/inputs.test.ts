import { describe, expect, it } from "vitest";
import type { ModelDataMinimal } from "../../src/model-data.js";
import { PIPELINE_TYPES, type PipelineType } from "../../src/pipelines.js";
import { getModelInputSnippet } from "../../src/snippets/inputs.js";
import { HOSTILE_IDS, pythonSyntaxErrors } from "../helpers/syntax.js";

const FALLBACK = "No input example has been defined for this model task.";

function model(pipeline_tag: PipelineType | undefined, extra: Partial<ModelDataMinimal> = {}): ModelDataMinimal {
  return { id: "org/model", inference: "warm", tags: [], pipeline_tag, ...extra };
}

const example = (tag: PipelineType, noWrap = false, noQuotes = false, extra: Partial<ModelDataMinimal> = {}) =>
  getModelInputSnippet(model(tag, extra), noWrap, noQuotes);

const TABULAR = `'{"Height":[11.52,12.48],"Length1":[23.2,24.0],"Length2":[25.4,26.3],"Species": ["Bream","Bream"]}'`;

describe("getModelInputSnippet: the established examples (catalogue.md §7)", () => {
  it.each<[PipelineType, string]>([
    ["text-classification", `"I like you. I love you"`],
    ["token-classification", `"My name is Sarah Jessica Parker but you can call me Jessica"`],
    ["translation", `"Меня зовут Вольфганг и я живу в Берлине"`],
    ["text-to-image", `"Astronaut riding a horse"`],
    ["text-to-video", `"A young man walking on the street"`],
    ["image-classification", `"cats.jpg"`],
    ["image-to-text", `"cats.jpg"`],
    ["image-segmentation", `"cats.jpg"`],
    ["object-detection", `"cats.jpg"`],
    ["zero-shot-image-classification", `"cats.jpg"`],
    ["audio-classification", `"sample1.flac"`],
    ["audio-to-audio", `"sample1.flac"`],
    ["automatic-speech-recognition", `"sample1.flac"`],
    ["tabular-classification", TABULAR],
    ["tabular-regression", TABULAR],
    [
      "zero-shot-classification",
      `"Hi, I recently bought a device from your company but it is not working as advertised and I would like to get reimbursed!"`,
    ],
    ["feature-extraction", `"Today is a sunny day and I will get some ice cream."`],
    ["text2text-generation", `"The answer to the universe is"`],
    ["text-to-speech", `"The answer to the universe is 42"`],
    ["text-to-audio", `"liquid drum and bass, atmospheric synths, airy sounds"`],
    ["text-generation", `"Can you please let us know more details about your "`],
    ["image-text-to-text", `"Can you please let us know more details about your "`],
  ])("%s → %s", (tag, expected) => {
    expect(example(tag)).toBe(expected);
  });

  it("lays out the JSON-object examples exactly", () => {
    expect(example("image-to-image")).toBe('{\n    "image": "cat.png",\n    "prompt": "Turn the cat into a tiger."\n}');
    // the three examples of the newest catalogue (catalogue-newest.json `example_inputs`), same layout
    expect(example("image-text-to-image")).toBe(example("image-to-image"));
    const dance = '{\n    "image": "cat.png",\n    "prompt": "The cat starts to dance"\n}';
    expect(example("image-to-video")).toBe(dance);
    expect(example("image-text-to-video")).toBe(dance);
    expect(JSON.parse(example("video-to-video") as string)).toEqual({
      video: "video.mp4",
      prompt: "Turn the video into a watercolour painting.",
    });
    const imageQuestion = '{\n        "image": "cat.png",\n        "question": "What is in this image?"\n    }';
    expect(example("document-question-answering")).toBe(imageQuestion);
    expect(example("visual-question-answering")).toBe(imageQuestion);
    expect(example("question-answering")).toBe(
      '{\n    "question": "What is my name?",\n    "context": "My name is Clara and I live in Berkeley."\n}',
    );
    expect(example("table-question-answering")).toBe(
      [
        "{",
        '    "query": "How many stars does the transformers repository have?",',
        '    "table": {',
        '        "Repository": ["Transformers", "Datasets", "Tokenizers"],',
        '        "Stars": ["36542", "4512", "3934"],',
        '        "Contributors": ["651", "77", "34"],',
        '        "Programming language": [',
        '            "Python",',
        '            "Python",',
        '            "Rust, Python and NodeJS"',
        "        ]",
        "    }",
        "}",
      ].join("\n"),
    );
    expect(example("sentence-similarity")).toBe(
      [
        "{",
        '    "source_sentence": "That is a happy person",',
        '    "sentences": [',
        '        "That is a happy dog",',
        '        "That is a very happy person",',
        '        "Today is a sunny day"',
        "    ]",
        "}",
      ].join("\n"),
    );
    expect(JSON.parse(example("table-question-answering") as string)).toEqual({
      query: "How many stars does the transformers repository have?",
      table: {
        Repository: ["Transformers", "Datasets", "Tokenizers"],
        Stars: ["36542", "4512", "3934"],
        Contributors: ["651", "77", "34"],
        "Programming language": ["Python", "Python", "Rust, Python and NodeJS"],
      },
    });
  });

  it("summarization is a quoted paragraph of a few hundred characters", () => {
    const text = example("summarization") as string;
    expect(text.startsWith('"') && text.endsWith('"')).toBe(true);
    const sentence = JSON.parse(text) as string;
    expect(sentence.length).toBeGreaterThan(300);
    expect(sentence.length).toBeLessThan(1000);
  });

  it("chat examples for conversational models", () => {
    expect(example("text-generation", false, false, { tags: ["conversational"] })).toEqual([
      { role: "user", content: "What is the capital of France?" },
    ]);
    const vision = [
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
    expect(example("image-text-to-text", false, false, { tags: ["conversational"] })).toEqual(vision);
    expect(example("video-text-to-text", false, false, { tags: ["conversational"] })).toEqual(vision);
    expect(example("any-to-any", false, false, { tags: ["conversational"] })).toEqual(vision);
    // each call returns a fresh array: callers may mutate it
    const first = example("text-generation", false, false, { tags: ["conversational"] }) as Array<{ role: string }>;
    first[0].role = "mutated";
    expect(example("text-generation", false, false, { tags: ["conversational"] })).toEqual([
      { role: "user", content: "What is the capital of France?" },
    ]);
  });
});

describe("getModelInputSnippet: fill-mask (catalogue.md §13)", () => {
  it("uses the mask token, JSON-encoded as a whole sentence", () => {
    expect(example("fill-mask", false, false, { mask_token: "<mask>" })).toBe(
      '"The answer to the universe is <mask>."',
    );
    expect(example("fill-mask", false, false, { mask_token: "[MASK]" })).toBe(
      '"The answer to the universe is [MASK]."',
    );
  });

  it("defaults to [MASK] and never prints undefined", () => {
    expect(example("fill-mask")).toBe('"The answer to the universe is [MASK]."');
  });

  it("escapes hostile mask tokens so the literal stays one string", () => {
    const tokens = ['"); import os; os.system("id', "a\\", "x\ny", '"""', "$&$'$`", "\u2028"];
    const literals = tokens.map((token) => example("fill-mask", false, false, { mask_token: token }) as string);
    literals.forEach((literal, i) => {
      expect(JSON.parse(literal)).toBe(`The answer to the universe is ${tokens[i]}.`);
    });
    expect(pythonSyntaxErrors(literals.map((literal) => `x = ${literal}`))).toEqual([]);
  });
});

describe("getModelInputSnippet: noWrap and noQuotes", () => {
  it("noQuotes strips one pair of surrounding double quotes", () => {
    expect(example("text-classification", false, true)).toBe("I like you. I love you");
    expect(example("image-classification", false, true)).toBe("cats.jpg");
    expect(example("tabular-classification", false, true)).toBe(TABULAR);
    expect(example("question-answering", false, true)).toBe(example("question-answering"));
  });

  it("noWrap replaces line breaks (and the tabs after them) with one space", () => {
    expect(example("image-to-image", true)).toBe(
      '{     "image": "cat.png",     "prompt": "Turn the cat into a tiger." }',
    );
    expect(example("text-classification", true)).toBe(`"I like you. I love you"`);
    for (const tag of PIPELINE_TYPES) {
      const value = example(tag, true);
      if (typeof value === "string") expect(value).not.toMatch(/[\r\n\t]/);
    }
  });

  it("noWrap and noQuotes together", () => {
    expect(example("translation", true, true)).toBe("Меня зовут Вольфганг и я живу в Берлине");
  });
});

describe("getModelInputSnippet: coverage and fallback", () => {
  const WITHOUT_EXAMPLE = ["unconditional-image-generation", "other"];

  it("has an example for every task that takes an input", () => {
    const missing = PIPELINE_TYPES.filter((tag) => example(tag) === FALLBACK);
    expect(missing).toEqual(WITHOUT_EXAMPLE);
  });

  it("falls back without a tag, for unknown tags and for prototype keys", () => {
    expect(getModelInputSnippet(model(undefined))).toBe(FALLBACK);
    for (const tag of ["not-a-task", "__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(getModelInputSnippet(model(tag as PipelineType))).toBe(FALLBACK);
    }
    expect(example("other", true, true)).toBe(FALLBACK);
  });

  it("every string example is a literal Python and JSON read back (objects as dicts)", () => {
    const literals = PIPELINE_TYPES.map((tag) => example(tag)).filter(
      (value): value is string => typeof value === "string" && value !== FALLBACK,
    );
    expect(literals.length).toBe(56); // 58 tasks minus the two without an example
    expect(pythonSyntaxErrors(literals.map((literal) => `x = ${literal}\n`))).toEqual([]);
    for (const literal of literals) {
      const inner = literal.startsWith("'") ? literal.slice(1, -1) : literal;
      expect(() => JSON.parse(inner), literal).not.toThrow();
    }
  });

  it("does not depend on the model id (ids are never interpolated into examples)", () => {
    for (const id of HOSTILE_IDS) {
      for (const tag of PIPELINE_TYPES) {
        expect(getModelInputSnippet({ ...model(tag), id })).toEqual(example(tag));
      }
    }
  });

  it("validates its input", () => {
    expect(() => getModelInputSnippet(null as unknown as ModelDataMinimal)).toThrow(TypeError);
    expect(() => getModelInputSnippet({ id: "a", tags: "x" } as unknown as ModelDataMinimal)).toThrow(TypeError);
  });
});
