// A file of the repository at a revision: highlighted text (the first MAX_TEXT_BYTES only), rendered Markdown,
// images, audio and video from `resolve`, header viewers for safetensors and GGUF weights, and raw/download links.
// Large files are never loaded whole: text beyond the bound is "too large to display", weights are read by range.
import { useMemo } from "react";
import { parseGGUFHeader } from "../../../../shared/gguf-header";
import { CodeBlock } from "../../components/code-block";
import { AsyncView } from "../../components/status";
import { useAsync } from "../../lib/use-async";
import { FileActions } from "../files-edit/file-actions";
import { browserEditable } from "../files-edit/file-editable";
import { GgufMetadataTable } from "../gguf/gguf-metadata-table";
import { CardBody } from "./card-body";
import { fileKind, looksBinary } from "./file-kind";
import { Breadcrumbs } from "./files-tab";
import { readStart } from "./read-file";
import type { TreeItem } from "./repo-data";
import { listFolder } from "./repo-tree";
import { formatBytes, markdownLinks, type RepoId, rawUrl, repoPagePath, resolveUrl } from "./repo-url";
import { RevisionPicker } from "./revision-picker";
import { readSafetensorsHeader } from "./safetensors-header";

export const MAX_TEXT_BYTES = 512 * 1024;
const GGUF_READS = [1 << 20, 8 << 20, 32 << 20];
const MAX_ROWS = 500;

async function findEntry(repo: RepoId, rev: string, path: string, signal: AbortSignal): Promise<TreeItem> {
  const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
  const { entries } = await listFolder(repo, rev, folder, signal, undefined, (page) =>
    page.some((item) => item.path === path),
  );
  const entry = entries.find((item) => item.path === path);
  if (entry === undefined || entry.type !== "file") throw new Error(`There is no file ${path} at ${rev}`);
  return entry;
}

export default function FileView({ repo, rev, path }: { repo: RepoId; rev: string; path: string }) {
  const state = useAsync(`file:${repo.type}:${repo.id}@${rev}:${path}`, (signal) => findEntry(repo, rev, path, signal));
  const name = path.slice(path.lastIndexOf("/") + 1);
  return (
    <section aria-labelledby="file-heading" className="repo-file">
      <div className="files-toolbar">
        <RevisionPicker
          repo={repo}
          rev={rev}
          pathFor={(next) => repoPagePath(repo, { kind: "blob", rev: next, path })}
        />
        <Breadcrumbs repo={repo} rev={rev} path={path} />
      </div>
      <AsyncView
        state={state}
        what={name}
        render={(entry) => {
          const size = entry.lfs?.size ?? entry.size;
          return (
            <>
              <div className="file-header">
                <h2 id="file-heading" className="break">
                  {name}
                </h2>
                <span className="muted">{formatBytes(size)}</span>
                {entry.lfs ? <span className="badge badge-lfs">LFS</span> : null}
                <a href={resolveUrl(repo, rev, path)} className="button-link small">
                  Raw
                </a>
                <a href={resolveUrl(repo, rev, path, true)} className="button-link small" download={name}>
                  Download
                </a>
                <FileActions repo={repo} rev={rev} path={path} editable={browserEditable(entry)} />
              </div>
              <FileContent repo={repo} rev={rev} entry={entry} />
            </>
          );
        }}
      />
    </section>
  );
}

function FileContent({ repo, rev, entry }: { repo: RepoId; rev: string; entry: TreeItem }) {
  const kind = fileKind(entry.path);
  const url = resolveUrl(repo, rev, entry.path);
  const name = entry.path.slice(entry.path.lastIndexOf("/") + 1);
  switch (kind.kind) {
    case "image":
      return <img className="file-media" src={url} alt={name} />;
    case "audio":
      // biome-ignore lint/a11y/useMediaCaption: a repository's audio file has no captions to offer
      return <audio className="file-media" controls preload="metadata" src={url} aria-label={name} />;
    case "video":
      // biome-ignore lint/a11y/useMediaCaption: a repository's video file has no captions to offer
      return <video className="file-media" controls preload="metadata" src={url} aria-label={name} />;
    case "safetensors":
      return <SafetensorsView url={url} />;
    case "gguf":
      return <GgufView url={url} />;
    default:
      if ((entry.lfs?.size ?? entry.size) > MAX_TEXT_BYTES)
        return (
          <p className="muted">
            This file is too large to display ({formatBytes(entry.lfs?.size ?? entry.size)}). Use the Raw or Download
            link.
          </p>
        );
      return (
        <TextView
          repo={repo}
          rev={rev}
          entry={entry}
          markdown={kind.kind === "markdown"}
          language={kind.kind === "text" ? kind.language : "text"}
        />
      );
  }
}

function TextView({
  repo,
  rev,
  entry,
  markdown,
  language,
}: {
  repo: RepoId;
  rev: string;
  entry: TreeItem;
  markdown: boolean;
  language: Parameters<typeof CodeBlock>[0]["language"];
}) {
  // Small files live in git (raw); an LFS text file's bytes come from resolve.
  const url = entry.lfs ? resolveUrl(repo, rev, entry.path) : rawUrl(repo, rev, entry.path);
  const state = useAsync(url, async (signal) => {
    const start = await readStart(url, MAX_TEXT_BYTES, signal);
    if (looksBinary(start.bytes)) return undefined;
    return new TextDecoder("utf-8").decode(start.bytes, { stream: start.truncated });
  });
  const folder = entry.path.includes("/") ? entry.path.slice(0, entry.path.lastIndexOf("/")) : "";
  const { type, id } = repo;
  const links = useMemo(() => markdownLinks(type, id, rev, folder), [type, id, rev, folder]);
  return (
    <AsyncView
      state={state}
      what="the file"
      render={(text) =>
        text === undefined ? (
          <p className="muted">This is a binary file. Use the Raw or Download link.</p>
        ) : markdown ? (
          <CardBody markdown={text} links={links} label="Markdown file" />
        ) : (
          <CodeBlock code={text} language={language} label={entry.path} />
        )
      }
    />
  );
}

function SafetensorsView({ url }: { url: string }) {
  const state = useAsync(url, (signal) => readSafetensorsHeader(url, signal));
  return (
    <AsyncView
      state={state}
      what="the safetensors header"
      render={(header) => (
        <div className="weights-header">
          <h3>Safetensors header</h3>
          <p>
            {header.tensors.length.toLocaleString("en")} tensors, {header.total.toLocaleString("en")} parameters (
            {Object.entries(header.parametersByDtype)
              .map(([dtype, count]) => `${dtype}: ${count.toLocaleString("en")}`)
              .join(", ")}
            )
          </p>
          {Object.keys(header.metadata).length > 0 ? (
            <dl className="facts">
              {Object.entries(header.metadata).map(([key, value]) => (
                <div key={key}>
                  <dt>{key}</dt>
                  <dd className="break">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Tensor</th>
                  <th scope="col">Type</th>
                  <th scope="col">Shape</th>
                </tr>
              </thead>
              <tbody>
                {header.tensors.slice(0, MAX_ROWS).map((tensor) => (
                  <tr key={tensor.name}>
                    <th scope="row" className="break">
                      <code>{tensor.name}</code>
                    </th>
                    <td>{tensor.dtype}</td>
                    <td>[{tensor.shape.join(", ")}]</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {header.tensors.length > MAX_ROWS ? <p className="muted small">First {MAX_ROWS} tensors shown.</p> : null}
        </div>
      )}
    />
  );
}

async function readGguf(url: string, signal: AbortSignal) {
  for (const bytes of GGUF_READS) {
    const start = await readStart(url, bytes, signal);
    const header = parseGGUFHeader(start.bytes);
    if (!header.truncated || !start.truncated || bytes === GGUF_READS[GGUF_READS.length - 1]) return header;
  }
  throw new Error("unreachable");
}

function GgufView({ url }: { url: string }) {
  const state = useAsync(url, (signal) => readGguf(url, signal));
  return (
    <AsyncView
      state={state}
      what="the GGUF header"
      render={(header) => (
        <div className="weights-header">
          <h3>GGUF header</h3>
          <p>
            GGUF version {header.version},{" "}
            {header.tensorCount === 0n
              ? "header only: metadata, no tensors (a placeholder, not a model's weights)"
              : `${header.tensorCount.toLocaleString("en")} tensors`}
            {header.truncated ? " (the metadata is longer than what was read; the first entries are shown)" : ""}
          </p>
          <GgufMetadataTable entries={header.metadata.slice(0, MAX_ROWS)} valueLimit={2000} />
        </div>
      )}
    />
  );
}
