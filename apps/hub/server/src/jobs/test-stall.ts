// A test-only hook for test/multi-server-jobs.test.ts: with HUBKIT_TEST_STALL_SEED_MS=<ms> a server that is about to
// import the models seed (it found no marker, inside the start-up lock) waits that long first, so a second server
// starting beside it certainly reaches the same point meanwhile: with the lock it waits and then finds the marker,
// without it both import (the one-model fixture alone imports in milliseconds, and the race never showed). Unset
// (always, outside that test) it costs one env read.
const MAX_STALL_MS = 60_000;

export async function testStallSeedImport(log: (line: string) => void): Promise<void> {
  const raw = process.env.HUBKIT_TEST_STALL_SEED_MS;
  if (raw === undefined || raw === "") return;
  const ms = Math.min(Number(raw), MAX_STALL_MS);
  if (!Number.isFinite(ms) || ms <= 0) return;
  log(`[hub] test stall: seed import waits ${ms} ms`);
  await new Promise((done) => setTimeout(done, ms));
}
