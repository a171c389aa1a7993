// The one answer to "does this account have a public face?", asked by the overview API, the site's account API and
// the owner page's HTTP status alike: a valid name of an existing account (of `kind`, when given) that is not a
// disabled user. Anything else is a 404 everywhere, so the page and the API never disagree about an account.
import type { Account } from "../auth/accounts.js";
import type { HubContext } from "../hub-context.js";
import { isValidNamespace } from "../repos/repo-ref.js";

export async function visibleAccount(
  ctx: HubContext,
  name: string,
  kind?: Account["kind"],
): Promise<Account | undefined> {
  if (!isValidNamespace(name)) return undefined;
  const account = await ctx.accounts.account(name);
  if (account === undefined || (kind !== undefined && account.kind !== kind)) return undefined;
  if (account.kind === "user" && (await ctx.accounts.isDisabled(account.name))) return undefined;
  return account;
}
