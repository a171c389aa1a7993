// Which webhooks an event goes to: the webhook listens to the event's domain, watches the repository (a `user` or
// `org` item watches every repository of that namespace; a `model`/`dataset`/`space` item one repository), and its
// owner may read the repository right now (auth/permissions.ts `can`), so a webhook never carries a private
// repository's event to someone who could not see that repository.
import type { Authenticator } from "../auth/accounts.js";
import { can } from "../auth/permissions.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { PreparedEvent } from "./payload.js";
import type { WatchedItem, Webhook } from "./webhook-store.js";

function watchesRepo(item: WatchedItem, repo: RepoRef): boolean {
  const name = item.name.toLowerCase();
  const id = repo.id.toLowerCase();
  if (item.type === "user" || item.type === "org") return id.split("/")[0] === name;
  return item.type === repo.type && id === name;
}

export function watches(webhook: Webhook, event: PreparedEvent): boolean {
  if (!webhook.domains.includes(event.domain)) return false;
  const repos = event.formerRepo !== undefined ? [event.repo, event.formerRepo] : [event.repo];
  return webhook.watched.some((item) => repos.some((repo) => watchesRepo(item, repo)));
}

/** May the webhook's owner (with their memberships as of now) read the event's repository? */
export async function ownerMayRead(accounts: Authenticator, webhook: Webhook, event: PreparedEvent): Promise<boolean> {
  if (await accounts.isDisabled(webhook.ownerKey)) return false;
  const principal = await accounts.userPrincipal(webhook.ownerKey, "read");
  if (principal === undefined) return false;
  return can(principal, "read", { owner: event.repo.id.split("/")[0] ?? "", private: event.private });
}
