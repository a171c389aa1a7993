// Libraries that load compute kernels published on the hub (catalogue-newest.json `other_exports_added`), with the
// snippet shown on a kernel repository's page. The kernel id is untrusted: it enters the code JSON-encoded.
import { pyStr } from "./snippets/quote.js";

export interface KernelLibraryUiElement {
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl?: string;
  /** Code blocks that load the kernel `kernelId`, at a given major `version` when one is passed. */
  snippets: (kernelId: string, version?: number) => string[];
}

function kernelsSnippets(kernelId: string, version?: number): string[] {
  if (typeof kernelId !== "string" || kernelId === "") {
    throw new TypeError("kernels snippet: kernelId must be a non-empty string");
  }
  // Only a plain non-negative integer is written as code; anything else would not be a valid keyword argument.
  const versionArg = Number.isSafeInteger(version) && (version as number) >= 0 ? `, version=${version}` : "";
  return [
    [
      "# !pip install kernels",
      "from kernels import get_kernel",
      `kernel = get_kernel(${pyStr(kernelId)}${versionArg})`,
    ].join("\n"),
  ];
}

export const KERNEL_LIBRARIES_UI_ELEMENTS = {
  kernels: {
    prettyLabel: "Kernels",
    repoName: "Kernels",
    repoUrl: "https://github.com/huggingface/kernels",
    docsUrl: "https://huggingface.co/docs/kernels",
    snippets: kernelsSnippets,
  },
} satisfies Record<string, KernelLibraryUiElement>;

export type KernelLibraryKey = keyof typeof KERNEL_LIBRARIES_UI_ELEMENTS;
