// Renders chat templates off the main thread with a hard deadline. One render at a time: a new request replaces
// a render still running (its worker is terminated, nobody wants that result any more), and a render past the
// deadline is terminated and reported as an error. Without Worker support (tests in jsdom) it renders inline.
import { type ChatTemplateInputs, type RenderResult, renderChatTemplate } from "./render-chat-template";
import type { RenderAnswer, RenderRequest } from "./render-worker";

/** Longest a render may run before its worker is terminated. */
export const RENDER_DEADLINE_MS = 2_000;

export function timedOutResult(deadlineMs: number): RenderResult {
  return {
    ok: false,
    source: "template",
    message: `Rendering took longer than ${deadlineMs / 1000} s and was stopped. The template may loop or build something huge.`,
  };
}

interface Running {
  id: number;
  settle(result: RenderResult | undefined): void;
  timer: ReturnType<typeof setTimeout>;
}

export class WorkerRenderer {
  private worker: Worker | undefined;
  private running: Running | undefined;
  private nextId = 1;

  constructor(private readonly deadlineMs = RENDER_DEADLINE_MS) {}

  /** The result, or undefined when a newer render replaced this one. */
  render(inputs: ChatTemplateInputs): Promise<RenderResult | undefined> {
    if (typeof Worker === "undefined") return Promise.resolve(renderChatTemplate(inputs));
    if (this.running !== undefined) this.stop(undefined); // superseded: its worker may be stuck, drop it
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((settle) => {
      this.running = {
        id,
        settle,
        timer: setTimeout(() => this.stop(timedOutResult(this.deadlineMs)), this.deadlineMs),
      };
      const request: RenderRequest = { id, inputs };
      worker.postMessage(request);
    });
  }

  dispose(): void {
    this.stop(undefined);
    this.worker?.terminate();
    this.worker = undefined;
  }

  private ensureWorker(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(new URL("./render-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<RenderAnswer>) => {
      const running = this.running;
      if (running === undefined || running.id !== event.data.id) return;
      clearTimeout(running.timer);
      this.running = undefined;
      running.settle(event.data.result);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.stop({ ok: false, source: "template", message: `The renderer failed: ${event.message || "unknown error"}` });
    };
    this.worker = worker;
    return worker;
  }

  /** Ends the running render with `result` and terminates its worker (a fresh one is made on the next render). */
  private stop(result: RenderResult | undefined): void {
    const running = this.running;
    this.running = undefined;
    this.worker?.terminate();
    this.worker = undefined;
    if (running === undefined) return;
    clearTimeout(running.timer);
    running.settle(result);
  }
}
