// The Web Worker that renders chat templates, so that a slow or endless render never freezes the page: the page
// terminates this worker when a render overruns its deadline (worker-renderer.ts).
import { type ChatTemplateInputs, type RenderResult, renderChatTemplate } from "./render-chat-template";

export interface RenderRequest {
  id: number;
  inputs: ChatTemplateInputs;
}

export interface RenderAnswer {
  id: number;
  result: RenderResult;
}

// The app's TypeScript setup knows the DOM, not the worker scope: this is the part of it used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RenderRequest>) => void) | null;
  postMessage(answer: RenderAnswer): void;
};

scope.onmessage = (event) => {
  const { id, inputs } = event.data;
  scope.postMessage({ id, result: renderChatTemplate(inputs) });
};
