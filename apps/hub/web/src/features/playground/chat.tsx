// Streaming chat with a model: the answer appears as it is generated; Stop aborts the request.
import { useRef, useState } from "react";
import { loadInference } from "../../lib/inference-loader";
import { baseArgs, callOptions, describeError, type Target } from "./run-task";

interface Message {
  role: "user" | "assistant" | "system";
  content: string;
}

type StreamChunk = { choices?: Array<{ delta?: { content?: string | null } }> };

export function ChatWidget({
  target,
  model,
  disabledReason,
}: {
  target: Target;
  model: string;
  disabledReason?: string;
}) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);

  const send = async () => {
    const text = draft.trim();
    if (text === "" || busy) return;
    const history: Message[] = [...messages, { role: "user", content: text }];
    setMessages([...history, { role: "assistant", content: "" }]);
    setDraft("");
    setError(undefined);
    setBusy(true);
    const abort = new AbortController();
    controller.current = abort;
    try {
      const inference = (await loadInference()) as unknown as {
        chatCompletionStream: (
          args: Record<string, unknown>,
          options: Record<string, unknown>,
        ) => AsyncGenerator<StreamChunk>;
      };
      const stream = inference.chatCompletionStream(
        { ...baseArgs(target, model), messages: history, max_tokens: 512 },
        callOptions(abort.signal),
      );
      for await (const chunk of stream) {
        const piece = chunk.choices?.[0]?.delta?.content ?? "";
        if (piece === "") continue;
        setMessages((current) => {
          const next = [...current];
          const last = next[next.length - 1];
          next[next.length - 1] = { ...last, content: last.content + piece };
          return next;
        });
      }
    } catch (failure) {
      if (!abort.signal.aborted) setError(describeError(failure));
      // Keep a partial answer; drop an answer that never started.
      setMessages((current) => (current[current.length - 1]?.content === "" ? current.slice(0, -1) : current));
    } finally {
      setBusy(false);
      controller.current = undefined;
    }
  };

  return (
    <div className="chat">
      <ol className="chat-log" aria-label="Conversation" aria-live="polite">
        {messages.map((message, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages are append-only
          <li key={index} className={`chat-message ${message.role}`}>
            <span className="chat-role">{message.role === "user" ? "You" : "Model"}</span>
            <p data-testid={message.role === "assistant" ? "assistant-message" : undefined}>
              {message.content || (busy && index === messages.length - 1 ? "…" : "")}
            </p>
          </li>
        ))}
      </ol>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <form
        className="chat-input"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className="grow">
          <span className="visually-hidden">Message</span>
          <textarea
            rows={2}
            value={draft}
            placeholder={disabledReason ?? "Ask something… (Enter to send, Shift+Enter for a new line)"}
            disabled={disabledReason !== undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) {
                event.preventDefault();
                void send();
              }
            }}
          />
        </label>
        {busy ? (
          <button type="button" onClick={() => controller.current?.abort()}>
            Stop
          </button>
        ) : (
          <button type="submit" className="primary" disabled={disabledReason !== undefined || draft.trim() === ""}>
            Send
          </button>
        )}
        {messages.length > 0 && !busy ? (
          <button type="button" onClick={() => setMessages([])}>
            Clear
          </button>
        ) : null}
      </form>
    </div>
  );
}
