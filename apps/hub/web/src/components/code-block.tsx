// A highlighted, copyable code block. The copy button copies exactly the text shown.
import { useMemo, useState } from "react";
import { type HighlightLanguage, highlight } from "../lib/highlight";

export function CodeBlock({
  code,
  language,
  label,
}: {
  code: string;
  language: HighlightLanguage;
  /** Accessible name of the block, e.g. "python snippet". */
  label?: string;
}) {
  const tokens = useMemo(() => highlight(code, language), [code, language]);
  return (
    <figure className="code-block" aria-label={label ?? `${language} code`}>
      <CopyButton text={code} />
      <pre>
        <code data-language={language}>
          {tokens.map((token, index) =>
            token.kind === "plain" ? (
              token.text
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: tokens are a static list for this code
              <span key={index} className={`tok-${token.kind}`}>
                {token.text}
              </span>
            ),
          )}
        </code>
      </pre>
    </figure>
  );
}

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 1500);
  };
  return (
    <button type="button" className="copy-button" onClick={copy} aria-live="polite">
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
    </button>
  );
}
