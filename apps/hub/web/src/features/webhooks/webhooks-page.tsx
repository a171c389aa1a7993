// `/settings/webhooks`: the signed-in user's webhooks (webhooks/README.md on the server): create one, enable or
// disable it, delete it, and read its recent deliveries. Visitors are asked to sign in.
import { useRef, useState } from "react";
import { AsyncView, FormProblem, Loading } from "../../components/status";
import { useSession } from "../../lib/session";
import { SignInFirst } from "../account/sign-in-first";
import { useFocusAfterRemoval } from "../settings/focus-after-removal";
import { SettingsLayout } from "../settings/settings-layout";
import { useRefreshed } from "../settings/use-refreshed";
import { NewWebhookForm } from "./new-webhook-form";
import { WebhookItem } from "./webhook-item";
import { loadWebhooks } from "./webhooks-api";
import "./webhooks.css";

export default function WebhooksPage() {
  const session = useSession();
  if (session === undefined) return <Loading what="your session" />;
  if (session === null) return <SignInFirst title="Webhooks" what="manage your webhooks" />;
  return <Webhooks me={session.user.name} />;
}

function Webhooks({ me }: { me: string }) {
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [problem, showProblem] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const state = useRefreshed("webhooks", version, loadWebhooks);
  const expectRemoval = useFocusAfterRemoval(state.status === "ready" ? state.data : undefined, heading);
  // A refusal replaces the last success message (it would otherwise read as if the failed change had worked).
  const setProblem = (next: string | undefined) => {
    showProblem(next);
    if (next !== undefined) setNotice(undefined);
  };
  const reload = (message: string) => {
    setNotice(message);
    setVersion((v) => v + 1);
  };

  return (
    <SettingsLayout>
      <h1>Webhooks</h1>
      <p className="muted">
        The hub POSTs a JSON payload to your URL when a watched repository changes or its discussions move, and retries
        with backoff when your receiver fails.
      </p>
      {notice !== undefined ? (
        <p className="ok" role="status">
          {notice}
        </p>
      ) : null}
      <FormProblem problem={problem} />
      <NewWebhookForm me={me} onCreated={reload} setProblem={setProblem} />
      <section className="settings-section" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading" tabIndex={-1} ref={heading}>
          Your webhooks
        </h2>
        <AsyncView
          state={state}
          what="your webhooks"
          render={(webhooks) =>
            webhooks.length === 0 ? (
              <p className="muted">No webhooks yet.</p>
            ) : (
              <ul className="webhook-list">
                {webhooks.map((webhook) => (
                  <WebhookItem
                    key={webhook.id}
                    webhook={webhook}
                    onChanged={reload}
                    onDeleted={(message) => {
                      expectRemoval();
                      reload(message);
                    }}
                    setProblem={setProblem}
                  />
                ))}
              </ul>
            )
          }
        />
      </section>
    </SettingsLayout>
  );
}
