// The Xet store's instance id (the casUrl's `/xet/<instance>`, xet/service.ts) kept with the xorbs in the bucket,
// at `<prefix>instance`: servers that share the bucket but not a data folder must all name the same store, or a
// client's cached casUrl would answer 404 on every server but one. Created once, atomically: a PutObject with
// If-None-Match: * (as xorbs are, s3/xet-store.ts); the servers that lose the race (412) read the winner's.
import { GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { isS3NotFound, ObjectStoreUnavailableError, s3Status, unavailable } from "./errors.js";

/** What an instance id may be: it goes into URL paths (a hand-edited or foreign object must not). */
export const XET_INSTANCE_ID = /^[0-9a-z-]{1,64}$/;
/** The object is a few bytes: more than this is not an instance id. */
const MAX_OBJECT = 256;
const TIMEOUT_MS = 30_000;
/** Rounds of "create, else read" (a 409 from a concurrent conditional write, a read before the winner is visible). */
const ATTEMPTS = 5;

/** The bucket's instance id at `key`: the one stored, or `candidate` stored now when there is none. */
export async function bucketInstanceId(client: S3Client, bucket: string, key: string, candidate: string) {
  if (!XET_INSTANCE_ID.test(candidate)) throw new Error(`invalid Xet instance id candidate ${candidate.slice(0, 80)}`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await readInstance(client, bucket, key);
    if (stored !== undefined) return stored;
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: candidate,
          ContentType: "text/plain",
          IfNoneMatch: "*",
        }),
        { abortSignal: AbortSignal.timeout(TIMEOUT_MS) },
      );
      return candidate;
    } catch (error) {
      const status = s3Status(error);
      // 412: another server created it first; 409: its conditional write is under way. Read theirs.
      if (status !== 412 && status !== 409) throw unavailable(`creating the Xet instance id ${key}`, error);
      await new Promise((done) => setTimeout(done, 50 * (attempt + 1)));
    }
  }
  throw new ObjectStoreUnavailableError(`the Xet instance id ${key} could be neither created nor read`);
}

async function readInstance(client: S3Client, bucket: string, key: string): Promise<string | undefined> {
  let text: string;
  try {
    const answer = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${MAX_OBJECT}` }),
      {
        abortSignal: AbortSignal.timeout(TIMEOUT_MS),
      },
    );
    text = (await answer.Body?.transformToString("utf8")) ?? "";
  } catch (error) {
    if (isS3NotFound(error)) return undefined;
    throw unavailable(`reading the Xet instance id ${key}`, error);
  }
  const id = text.trim();
  if (!XET_INSTANCE_ID.test(id))
    throw new ObjectStoreUnavailableError(`${key} holds no valid Xet instance id (${JSON.stringify(id.slice(0, 80))})`);
  return id;
}
