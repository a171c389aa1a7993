// One webhook: where it posts, what it watches, which events, whether it is active; enable/disable, delete (asked
// twice) and its recent deliveries (a disclosure, loaded when opened).
import { useState } from "react";
import { ConfirmButton } from "../settings/confirm-button";
import { DeliveryLog } from "./delivery-log";
import { deleteWebhook, setWebhookDisabled, type Webhook, watchedText } from "./webhooks-api";

const DOMAIN_LABEL = { repo: "Repository changes", discussion: "Discussions" } as const;

export function WebhookItem({
  webhook,
  onChanged,
  onDeleted,
  setProblem,
}: {
  webhook: Webhook;
  onChanged: (message: string) => void;
  onDeleted: (message: string) => void;
  setProblem: (problem: string | undefined) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  const headingId = `webhook-${webhook.id}`;

  const toggle = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await setWebhookDisabled(webhook.id, !webhook.disabled);
      onChanged(webhook.disabled ? "Webhook enabled." : "Webhook disabled.");
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setProblem(undefined);
    try {
      await deleteWebhook(webhook.id);
      onDeleted("Webhook deleted.");
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <li className="card webhook-item" aria-labelledby={headingId}>
      <h3 id={headingId} className="webhook-url">
        {webhook.url}
      </h3>
      <p className="webhook-facts">
        <span className={webhook.disabled ? "badge" : "badge badge-active"}>
          {webhook.disabled ? "Disabled" : "Active"}
        </span>
        {webhook.secret !== null ? <span className="badge">Secret set</span> : null}
      </p>
      <dl className="webhook-details">
        <dt>Watches</dt>
        <dd>
          <ul className="chips" aria-label="Watched">
            {webhook.watched.map((item) => (
              <li key={watchedText(item)} className="chip small">
                {watchedText(item)}
              </li>
            ))}
          </ul>
        </dd>
        <dt>Events</dt>
        <dd>{webhook.domains.map((domain) => DOMAIN_LABEL[domain]).join(", ")}</dd>
      </dl>
      <div className="row">
        <button
          type="button"
          onClick={toggle}
          disabled={busy}
          aria-label={`${webhook.disabled ? "Enable" : "Disable"} the webhook to ${webhook.url}`}
        >
          {webhook.disabled ? "Enable" : "Disable"}
        </button>
        <ConfirmButton
          label="Delete"
          accessibleLabel={`Delete the webhook to ${webhook.url}`}
          question="Delete this webhook and its delivery log?"
          confirmLabel="Yes, delete it"
          onConfirm={remove}
        />
      </div>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Recent deliveries</summary>
        {open ? (
          <>
            <DeliveryLog webhookId={webhook.id} version={logVersion} />
            <button type="button" className="small" onClick={() => setLogVersion((v) => v + 1)}>
              Refresh deliveries
            </button>
          </>
        ) : null}
      </details>
    </li>
  );
}
