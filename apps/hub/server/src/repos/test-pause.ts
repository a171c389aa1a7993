// A test-only hook for the crash tests (test/faults-crash.test.ts, test/dataset-viewer-crash.test.ts): with
// HUBKIT_TEST_PAUSE=<phase> the server prints one line when a commit or a dataset conversion reaches that phase and
// holds it there for up to a minute, so a test can kill -9 the process at an exact point. Unset (always, outside
// those tests) it costs one env read.
export type PausePhase =
  | "commit-objects-written"
  | "commit-ref-moved"
  // a dataset conversion has written its Parquet files but not yet its ref
  | "dataset-converted";

const PAUSE_MS = 60_000;

export async function testPause(phase: PausePhase): Promise<void> {
  if (process.env.HUBKIT_TEST_PAUSE !== phase) return;
  console.log(`[hub] test pause: ${phase}`);
  await new Promise((done) => setTimeout(done, PAUSE_MS));
}
