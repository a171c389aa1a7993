// The rendered prompt for the playground's inputs: debounced (no render per keystroke) and rendered in a worker
// with a deadline (worker-renderer.ts), so typing stays smooth and no template can freeze the tab.
import { useEffect, useRef, useState } from "react";
import type { ChatTemplateInputs, RenderResult } from "./render-chat-template";
import { WorkerRenderer } from "./worker-renderer";

export const RENDER_DEBOUNCE_MS = 200;

export interface RenderState {
  result: RenderResult;
  /** A render for the current inputs is pending or running (the result shown is the previous one). */
  rendering: boolean;
}

export function useRenderedTemplate(inputs: ChatTemplateInputs, debounceMs = RENDER_DEBOUNCE_MS): RenderState {
  const renderer = useRef<WorkerRenderer | undefined>(undefined);
  const [state, setState] = useState<RenderState>({ result: { ok: true, text: "" }, rendering: true });
  const { template, messagesJson, toolsJson, addGenerationPrompt, bosToken, eosToken } = inputs;

  useEffect(() => {
    renderer.current = new WorkerRenderer();
    return () => {
      renderer.current?.dispose();
      renderer.current = undefined;
    };
  }, []);

  useEffect(() => {
    let current = true;
    setState((previous) => (previous.rendering ? previous : { ...previous, rendering: true }));
    const timer = setTimeout(() => {
      renderer.current
        ?.render({ template, messagesJson, toolsJson, addGenerationPrompt, bosToken, eosToken })
        .then((result) => {
          if (current && result !== undefined) setState({ result, rendering: false });
        });
    }, debounceMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [template, messagesJson, toolsJson, addGenerationPrompt, bosToken, eosToken, debounceMs]);

  return state;
}
