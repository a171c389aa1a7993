// GGUF: the quantization types (id, bits per weight, description), a file name → quant label checker, and an
// inspector that reads a local GGUF file's header in the browser (nothing is uploaded).
import {
  describeGGUFQuantLabel,
  GGMLQuantizationType,
  GGUF_QUANT_DESCRIPTIONS,
  parseGGUFQuantLabel,
} from "@hubkit/tasks";
import { useState } from "react";
import { type GGUFHeader, parseGGUFHeader } from "../../../../shared/gguf-header";
import { GgufMetadataTable } from "./gguf-metadata-table";

const QUANTS = Object.entries(GGUF_QUANT_DESCRIPTIONS).map(([name, info]) => ({
  name,
  id: GGMLQuantizationType[name as keyof typeof GGMLQuantizationType],
  ...info,
}));
// The first bytes hold the header; vocabularies of big models need a few tens of MB.
const HEADER_BYTES = 48 * 1024 * 1024;

export default function GgufPage() {
  const [fileName, setFileName] = useState("Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf");
  const label = parseGGUFQuantLabel(fileName);
  const described = label ? describeGGUFQuantLabel(label) : undefined;
  const description = described ? describeInWords(described) : undefined;
  const labelType = described?.type;
  return (
    <section>
      <h1>GGUF quantization</h1>
      <section aria-labelledby="checker-heading">
        <h2 id="checker-heading">File name checker</h2>
        <label className="field">
          <span>GGUF file name</span>
          <input value={fileName} onChange={(event) => setFileName(event.target.value)} spellCheck={false} />
        </label>
        <p aria-live="polite" data-testid="quant-result">
          {label ? (
            <>
              Quantization: <strong>{label}</strong>
              {description ? ` — ${description}` : ""}
            </>
          ) : (
            "No quantization label found in this name."
          )}
        </p>
      </section>
      <GgufInspector />
      <section aria-labelledby="types-heading">
        <h2 id="types-heading">Quantization types</h2>
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Id</th>
                <th scope="col">Bits per weight</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {QUANTS.map((quant) => (
                <tr key={quant.name} className={quant.name === labelType ? "highlight" : undefined}>
                  <th scope="row">
                    <code>{quant.name}</code>
                  </th>
                  <td>{quant.id}</td>
                  <td>{quant.bitsPerWeight}</td>
                  <td>{quant.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </section>
  );
}

function describeInWords(described: NonNullable<ReturnType<typeof describeGGUFQuantLabel>>): string {
  const variation = described.sizeVariation ? ` (size variant ${described.sizeVariation} of ${described.type})` : "";
  return `${described.bitsPerWeight} bits per weight${variation}. ${described.description}`;
}

function GgufInspector() {
  const [header, setHeader] = useState<GGUFHeader>();
  const [error, setError] = useState<string>();
  const inspect = async (file: File | undefined) => {
    setHeader(undefined);
    setError(undefined);
    if (!file) return;
    try {
      const bytes = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
      setHeader(parseGGUFHeader(bytes));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <section aria-labelledby="inspector-heading">
      <h2 id="inspector-heading">Inspect a local GGUF file</h2>
      <label className="field">
        <span>GGUF file (read in your browser, never uploaded)</span>
        <input type="file" accept=".gguf" onChange={(event) => void inspect(event.target.files?.[0])} />
      </label>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {header ? (
        <div>
          <p>
            GGUF version {header.version}, {header.tensorCount.toString()} tensors, {header.metadata.length} metadata
            entries{header.truncated ? " (the header continues past the part read)" : ""}.
          </p>
          <GgufMetadataTable entries={header.metadata} />
        </div>
      ) : null}
    </section>
  );
}
