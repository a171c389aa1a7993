// Clean-up for tests that spawn real processes: nothing they started outlives the test.
import type { ChildProcess } from "node:child_process";

/** SIGKILLs each child still running and waits for its exit; empties `children` (meant for afterEach). */
export async function killChildren(children: ChildProcess[]): Promise<void> {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGKILL");
    await exited;
  }
}
