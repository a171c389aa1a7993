// The setup the push tests share: a repository of alice's made through the API, and git pointed at the hub with
// her write token in the push URL, so `git push` goes through the server's pre-receive rules.
import { gitClientEnv, run, type TestHub } from "./hub-harness.js";

/** Creates the model `alice/<name>` with the hub's write token; resolves with the answer's status. */
export async function createAliceRepo(hub: TestHub, name: string): Promise<number> {
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, organization: null }),
  });
  return created.status;
}

/** The push URL of `repo` carrying alice's write token. */
export function alicePushUrl(hub: TestHub, repo: string): string {
  return `${hub.url.replace("http://", `http://alice:${hub.writeToken}@`)}/${repo}`;
}

/** git as a client of `hub`, bounded by `timeoutMs`. */
export function hubGit(hub: TestHub, timeoutMs: number, cwd: string, ...args: string[]) {
  return run("git", args, { cwd, env: gitClientEnv(hub.work), timeoutMs });
}
