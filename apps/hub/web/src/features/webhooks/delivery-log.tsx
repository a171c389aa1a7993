// A webhook's recent deliveries, newest first: the event, the repository, the outcome (delivered, retrying, failed),
// the attempts and the receiver's answer. Loaded when the user opens it.
import { AsyncView } from "../../components/status";
import { useAsync } from "../../lib/use-async";
import { type Delivery, loadDeliveries } from "./webhooks-api";

const when = (iso: string) => new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "medium" });

function outcome(delivery: Delivery): string {
  if (delivery.status === "delivered") return `Delivered (HTTP ${delivery.responseStatus ?? "?"})`;
  const why = delivery.error ?? "not sent yet";
  if (delivery.status === "failed") return `Failed: ${why}`;
  return delivery.attempts === 0 ? "Queued" : `Retrying (${why})`;
}

export function DeliveryLog({ webhookId, version }: { webhookId: string; version: number }) {
  const state = useAsync(`deliveries:${webhookId}:${version}`, (signal) => loadDeliveries(webhookId, signal));
  return (
    <AsyncView
      state={state}
      what="the deliveries"
      render={(deliveries) =>
        deliveries.length === 0 ? (
          <p className="muted small">No deliveries yet.</p>
        ) : (
          <div className="table-scroll">
            <table className="delivery-table">
              <caption className="visually-hidden">Recent deliveries</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Event</th>
                  <th scope="col">Repository</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Attempts</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => (
                  <tr key={delivery.id} className={`delivery-${delivery.status}`}>
                    <td>
                      <time dateTime={delivery.createdAt}>{when(delivery.createdAt)}</time>
                    </td>
                    <td>
                      {delivery.event.scope} · {delivery.event.action}
                    </td>
                    <td className="wrap">{delivery.repo.name}</td>
                    <td className="wrap">{outcome(delivery)}</td>
                    <td>{delivery.attempts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    />
  );
}
