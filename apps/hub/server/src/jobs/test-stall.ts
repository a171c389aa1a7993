// A test-only hook for test/multi-server-jobs.test.ts: with HUBKIT_TEST_STALL_SEED_MS=<ms> a server that is about to
// write a seed (the models seed into the index, or the seed repositories: it found no marker, inside the start-up
// lock) waits that long first, so the other server starting beside it certainly reaches the same point meanwhile:
// with the lock it waits and then finds the marker, without it both write the seed (the one-model fixture alone
// is written in milliseconds, so the race showed seldom or never). Unset (always, outside that test) it costs one
// env read.
const MAX_STALL_MS = 60_000;

export async function testStallSeed(what: string, log: (line: string) => void): Promise<void> {
  const raw = process.env.HUBKIT_TEST_STALL_SEED_MS;
  if (raw === undefined || raw === "") return;
  const ms = Math.min(Number(raw), MAX_STALL_MS);
  if (!Number.isFinite(ms) || ms <= 0) return;
  log(`[hub] test stall: ${what} waits ${ms} ms`);
  await new Promise((done) => setTimeout(done, ms));
}
