// The whole catalogue, rendered as the model page renders it: every library of @hubkit/tasks with snippets and every
// local app. A block that downloads from a hub must download from THIS hub (it names this hub's address) or say that
// the tool only reaches the hosted hub; no install line names a package of this repository (@hubkit/*), which is not
// published. Both hubs below are checked: a loopback one (Docker then needs the host's network) and a public one.
import { LOCAL_APPS, type LocalApp, MODEL_LIBRARIES_UI_ELEMENTS } from "@hubkit/tasks";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import type { ModelRecord } from "../../lib/api";
import { LibrarySnippets } from "./library-snippets";
import { LocalApps } from "./local-apps";

afterEach(cleanup);

const HUBS = ["http://127.0.0.1:5785", "https://hub.example.org"];
const HOSTED_ONLY = /hosted hub only/i;

type Library = { snippets?: (model: ModelRecord) => string[] };
const LIBRARIES = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS as unknown as Record<string, Library>).filter(
  ([, library]) => library.snippets !== undefined,
);

/** Signs that a block fetches something from a hub (docs links are not downloads). */
function reachesAHub(code: string, id: string): boolean {
  return (
    code.includes(id) ||
    /huggingface\.co\/(?!docs\b)|(^|[\s"'/])hf\.co\/|from_pretrained\(|hf_hub_download|snapshot_download|\bhf download\b/.test(
      code,
    )
  );
}

function blocksShown(container: HTMLElement): string[] {
  return [...container.querySelectorAll("figure pre")].map((pre) => pre.textContent ?? "");
}

function installLines(code: string): string[] {
  return code.split("\n").filter((line) => /\b(npm|pnpm|yarn|bun)\s+(i|install|add)\b|\bpip3?\s+install\b/.test(line));
}

/** A model the library's snippets have real code for: its tags as the hub derives them, a task and a config. */
function modelFor(library: string): ModelRecord {
  return {
    id: "acme/model",
    library_name: library,
    tags: [library],
    pipeline_tag: "text-generation",
    config: { architectures: ["LlamaForCausalLM"], model_type: "llama" },
    transformersInfo: {
      auto_model: "AutoModelForCausalLM",
      pipeline_tag: "text-generation",
      processor: "AutoTokenizer",
    },
  };
}

describe.each(HUBS)("library snippets against %s", (hub) => {
  test("every block that downloads names this hub or says it reaches the hosted hub only", () => {
    const failures: string[] = [];
    let namingThisHub = 0;
    for (const [key] of LIBRARIES) {
      const model = modelFor(key);
      const { container, unmount } = render(<LibrarySnippets model={model} hub={hub} />);
      const blocks = blocksShown(container);
      unmount();
      // Pointing never loses a block (a failure would show an error line instead of the code).
      const catalogue = LIBRARIES.find(([candidate]) => candidate === key)?.[1].snippets;
      let expected = -1;
      try {
        expected = catalogue?.(model).length ?? 0;
      } catch {
        // The catalogue itself has no snippet for this model: nothing to compare.
      }
      if (expected >= 0 && blocks.length !== expected) failures.push(`${key}: ${blocks.length} of ${expected} blocks`);
      if (blocks.some((code) => code.includes(hub))) namingThisHub++;
      for (const code of blocks) {
        for (const line of installLines(code)) if (line.includes("@hubkit/")) failures.push(`${key}: installs ${line}`);
        // huggingface_hub reads HF_ENDPOINT once, on import: it is set before anything else is imported.
        const lines = code.split("\n");
        const setAt = lines.findIndex((line) => line.startsWith('os.environ["HF_ENDPOINT"]'));
        const importAt = lines.findIndex((line) => /^\s*(from\s+\S+\s+)?import\s+(?!os\s*$)/.test(line));
        if (setAt >= 0 && importAt >= 0 && importAt < setAt) failures.push(`${key}: HF_ENDPOINT set after an import`);
        if (!reachesAHub(code, model.id)) continue;
        if (code.includes(hub) || HOSTED_ONLY.test(code) || /not downloaded from a hub/i.test(code)) continue;
        failures.push(`${key}: ${code.split("\n").slice(0, 4).join(" ⏎ ")}`);
      }
    }
    expect(failures).toEqual([]);
    // Most libraries load through huggingface_hub: they are pointed here, not just annotated.
    expect(namingThisHub).toBeGreaterThan(LIBRARIES.length * 0.75);
  }, 60_000); // ~150 renders: seconds on a loaded 2-core machine
});

/** Models each local app has something for: a GGUF repository, a Transformers one, an MLX one, a Diffusers one. */
const APP_MODELS: ModelRecord[] = [
  {
    id: "acme/model-GGUF",
    tags: ["gguf", "conversational"],
    pipeline_tag: "text-generation",
    gguf: { total: 8e9, context_length: 8192, chat_template: "{% if tools %}{{ tools }}{% endif %}" },
    siblings: [{ rfilename: "model-Q4_K_M.gguf" }, { rfilename: "model-Q8_0.gguf" }],
  } as ModelRecord,
  {
    id: "acme/model",
    tags: ["transformers", "safetensors", "conversational", "text-generation-inference"],
    library_name: "transformers",
    pipeline_tag: "text-generation",
    config: { architectures: ["LlamaForCausalLM"], model_type: "llama" },
  },
  {
    id: "acme/model-mlx",
    tags: ["mlx", "conversational"],
    library_name: "mlx",
    pipeline_tag: "text-generation",
    config: { tokenizer_config: { chat_template: "{% for tool in tools %}{{ tool }}{% endfor %}" } },
  },
  { id: "acme/model-sd", tags: ["diffusers"], library_name: "diffusers", pipeline_tag: "text-to-image" },
  { id: "acme/model-coreml", tags: ["coreml", "joyfusion"], pipeline_tag: "text-to-image" },
];

function shows(app: LocalApp, model: ModelRecord): boolean {
  try {
    return app.displayOnModelPage(model);
  } catch {
    return false;
  }
}

describe.each(HUBS)("local apps against %s", (hub) => {
  test("every app's panel names this hub or says it reaches the hosted hub only", () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    for (const model of APP_MODELS) {
      const apps = Object.entries(LOCAL_APPS as Record<string, LocalApp>).filter(([, app]) => shows(app, model));
      render(<LocalApps model={model} hub={hub} />);
      for (const [key, app] of apps) {
        seen.add(key);
        fireEvent.click(screen.getByRole("tab", { name: app.prettyLabel }));
        const panel = screen.getByRole("tabpanel");
        const text = panel.textContent ?? "";
        if (!text.includes(hub) && !HOSTED_ONLY.test(text))
          failures.push(`${key} (${model.id}): ${text.slice(0, 160)}`);
        for (const code of blocksShown(panel)) {
          for (const line of installLines(code))
            if (line.includes("@hubkit/")) failures.push(`${key}: installs ${line}`);
          // A run block that names the model downloads it (or serves it under that name after a pointed download).
          if (!reachesAHub(code, model.id) || code.includes(hub) || HOSTED_ONLY.test(code)) continue;
          if (/"model":|model\.default|--custom-model-id|"id":/.test(code)) continue;
          failures.push(`${key} (${model.id}): ${code.split("\n").slice(0, 3).join(" ⏎ ")}`);
        }
        if ("deeplink" in app) expect(within(panel).getByText(HOSTED_ONLY)).toBeTruthy();
      }
      cleanup();
    }
    expect(failures).toEqual([]);
    // The models above reach every app of the catalogue.
    expect([...seen].sort()).toEqual(Object.keys(LOCAL_APPS).sort());
  }, 60_000);
});
