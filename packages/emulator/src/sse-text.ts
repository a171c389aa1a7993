// Builds raw SSE text for fault bodies (custom events, error events, malformed streams).

/** `data: <json>\n\n` per event, then `data: [DONE]\n\n` unless `done` is false. Strings are sent verbatim. */
export function sseText(events: unknown[], done = true): string {
  const lines = events.map((e) => `data: ${typeof e === "string" ? e : JSON.stringify(e)}\n\n`).join("");
  return done ? `${lines}data: [DONE]\n\n` : lines;
}
