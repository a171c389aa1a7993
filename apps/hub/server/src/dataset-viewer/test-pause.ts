// A test-only hook for the crash test (test/dataset-viewer-crash.test.ts): with HUBKIT_TEST_PAUSE=dataset-converted
// the server prints one line when a conversion has written its Parquet files but not yet its ref, and holds there
// for up to a minute so the test can kill -9 the process at that point. Unset it costs one env read.
const PAUSE_MS = 60_000;

export async function conversionTestPause(): Promise<void> {
  if (process.env.HUBKIT_TEST_PAUSE !== "dataset-converted") return;
  console.log("[hub] test pause: dataset-converted");
  await new Promise((done) => setTimeout(done, PAUSE_MS));
}
