// The card's access form (`extra_gated_prompt`, `extra_gated_fields`, `extra_gated_button_content`, hub card
// metadata) read defensively: the card is the repository owner's text, so only known field types are kept, every
// list is bounded, and anything odd falls back to a plain text field.

export type GateField =
  | { name: string; kind: "text" | "date" | "checkbox" }
  | { name: string; kind: "select"; options: string[] };

/** The server keeps at most 32 fields, names up to 100 characters. */
const MAX_FIELDS = 32;
const MAX_OPTIONS = 300;

export function gateFields(cardData: Record<string, unknown> | undefined): GateField[] {
  const raw = cardData?.extra_gated_fields;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return [];
  const fields: GateField[] = [];
  for (const [name, spec] of Object.entries(raw as Record<string, unknown>).slice(0, MAX_FIELDS)) {
    const label = name.slice(0, 100);
    if (label.trim() === "") continue;
    if (spec === "checkbox") fields.push({ name: label, kind: "checkbox" });
    else if (spec === "date_picker") fields.push({ name: label, kind: "date" });
    else if (spec !== null && typeof spec === "object" && (spec as { type?: unknown }).type === "select") {
      const options = (spec as { options?: unknown }).options;
      const values = Array.isArray(options)
        ? options
            .slice(0, MAX_OPTIONS)
            .map((option) =>
              typeof option === "string"
                ? option
                : option !== null && typeof option === "object" && "value" in option
                  ? String((option as { value: unknown }).value)
                  : String(option),
            )
        : [];
      fields.push(values.length > 0 ? { name: label, kind: "select", options: values } : { name: label, kind: "text" });
    } else fields.push({ name: label, kind: "text" });
  }
  return fields;
}

export function gatePrompt(cardData: Record<string, unknown> | undefined): string | undefined {
  const prompt = cardData?.extra_gated_prompt;
  return typeof prompt === "string" && prompt.trim() !== "" ? prompt.slice(0, 20_000) : undefined;
}

export function gateButton(cardData: Record<string, unknown> | undefined): string {
  const label = cardData?.extra_gated_button_content;
  return typeof label === "string" && label.trim() !== "" ? label.slice(0, 100) : "Ask for access";
}
