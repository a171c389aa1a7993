// A test-only hook for the crash tests (test/faults-crash.test.ts, test/dataset-viewer-crash.test.ts): with
// HUBKIT_TEST_PAUSE=<phase> the server prints one line when a commit or a dataset conversion reaches that phase and
// holds it there for up to a minute, so a test can kill -9 the process at an exact point. HUBKIT_TEST_PAUSE_MS (also
// test-only, at most a minute) makes the hold shorter and the phase then goes on: test/multi-server.test.ts widens
// a commit's window between reading its parent and moving the ref that way. Unset (always, outside those tests)
// it costs one env read.
export type PausePhase =
  | "commit-objects-written"
  | "commit-ref-moved"
  // a dataset conversion has written its Parquet files but not yet its ref
  | "dataset-converted";

const PAUSE_MS = 60_000;

export async function testPause(phase: PausePhase): Promise<void> {
  if (process.env.HUBKIT_TEST_PAUSE !== phase) return;
  const asked = Number(process.env.HUBKIT_TEST_PAUSE_MS);
  const ms = Number.isFinite(asked) && asked > 0 ? Math.min(asked, PAUSE_MS) : PAUSE_MS;
  console.log(`[hub] test pause: ${phase}`);
  await new Promise((done) => setTimeout(done, ms));
}
