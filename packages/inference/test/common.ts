// Assertion helpers shared by the unit and integration tests.

/** Collects a stream's items. */
export async function collect<T>(gen: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of gen) out.push(item);
  return out;
}

/** The rejection of a promise (fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection, but the call resolved");
}

/** The spec's wrapped InferenceOutputError message (§2.5). */
export const outputMessage = (message: string) =>
  `Invalid inference output: ${message}. Use the 'request' method with the same parameters to do a custom call with no type checking.`;
