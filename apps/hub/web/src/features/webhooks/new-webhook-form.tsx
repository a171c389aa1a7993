// Creating a webhook: the URL deliveries are POSTed to, what it watches (one item per line), which events (changes
// to repositories, discussions) and an optional secret the receiver checks in X-Webhook-Secret.
import { type FormEvent, useState } from "react";
import { createWebhook, parseWatched, type WebhookDomain } from "./webhooks-api";

export function NewWebhookForm({
  me,
  onCreated,
  setProblem,
}: {
  me: string;
  onCreated: (message: string) => void;
  setProblem: (problem: string | undefined) => void;
}) {
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const watched = parseWatched(String(data.get("watched") ?? ""));
    if ("problem" in watched) {
      setProblem(watched.problem);
      return;
    }
    const domains = data.getAll("domains").map(String) as WebhookDomain[];
    if (domains.length === 0) {
      setProblem("Choose at least one kind of event.");
      return;
    }
    const secret = String(data.get("secret") ?? "");
    setBusy(true);
    setProblem(undefined);
    try {
      await createWebhook({
        url: String(data.get("url") ?? "").trim(),
        watched: watched.items,
        domains,
        ...(secret !== "" ? { secret } : {}),
      });
      form.reset();
      onCreated("Webhook created.");
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card settings-section" onSubmit={submit} aria-labelledby="new-webhook-heading" aria-busy={busy}>
      <h2 id="new-webhook-heading">New webhook</h2>
      <label className="field">
        <span>Target URL</span>
        <input
          name="url"
          type="url"
          required
          maxLength={2048}
          placeholder="https://ci.example.org/hooks/hub"
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <label className="field">
        <span>Watched users, organizations and repositories</span>
        <textarea
          name="watched"
          required
          rows={3}
          defaultValue={`user:${me}`}
          aria-describedby="watched-hint"
          spellCheck={false}
        />
      </label>
      <small id="watched-hint" className="hint muted">
        One per line: <code>user:name</code>, <code>org:name</code>, <code>model:owner/name</code>,{" "}
        <code>dataset:owner/name</code> or <code>space:owner/name</code>. Only repositories you can read send events.
      </small>
      <fieldset className="webhook-domains">
        <legend>Events</legend>
        <label className="check-line">
          <input type="checkbox" name="domains" value="repo" defaultChecked /> Repository changes (commits, branches,
          tags, settings)
        </label>
        <label className="check-line">
          <input type="checkbox" name="domains" value="discussion" defaultChecked /> Discussions and pull requests
        </label>
      </fieldset>
      <label className="field">
        <span>Secret (optional)</span>
        <input
          name="secret"
          type="password"
          maxLength={256}
          autoComplete="new-password"
          aria-describedby="secret-hint"
        />
      </label>
      <small id="secret-hint" className="hint muted">
        Sent as the <code>X-Webhook-Secret</code> header, so your receiver can tell the hub's calls from others.
      </small>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? "Creating…" : "Create webhook"}
      </button>
    </form>
  );
}
