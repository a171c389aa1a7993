// The fields of an access request (the card's `extra_gated_fields` as the user filled them), read from a JSON
// object or a form (urlencoded or multipart), bounded: they are stored as given and shown to the owners later.
import type { Context } from "hono";
import { ApiError } from "../api/api-error.js";
import { boundedBody } from "../api/request-body.js";
import type { RequestFields } from "./gate-store.js";

export const FIELD_LIMITS = { maxBodyBytes: 64 * 1024, maxFields: 32, maxNameLength: 100, maxValueLength: 2000 };

// A name or value with control characters (other than tab and line breaks in values) is refused: they would show
// as garbage, or hide text, in the owners' review list.
const BAD_NAME = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const BAD_VALUE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function checked(entries: Iterable<[string, unknown]>): RequestFields | null {
  const fields: RequestFields = {};
  let count = 0;
  for (const [name, value] of entries) {
    if (++count > FIELD_LIMITS.maxFields)
      throw new ApiError(400, `An access request has at most ${FIELD_LIMITS.maxFields} fields`);
    if (name.length === 0 || name.length > FIELD_LIMITS.maxNameLength || BAD_NAME.test(name))
      throw new ApiError(400, `Field names are 1 to ${FIELD_LIMITS.maxNameLength} printable characters`);
    if (name === "__proto__" || name === "constructor" || name === "prototype")
      throw new ApiError(400, `Invalid field name ${JSON.stringify(name)}`);
    if (typeof value === "string") {
      if (value.length > FIELD_LIMITS.maxValueLength || BAD_VALUE.test(value))
        throw new ApiError(
          400,
          `The value of "${name}" must be at most ${FIELD_LIMITS.maxValueLength} printable characters`,
        );
      fields[name] = value;
    } else if (typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) {
      fields[name] = value;
    } else throw new ApiError(400, `The value of "${name}" must be a string, a number or a boolean`);
  }
  return count === 0 ? null : fields;
}

/** The request's fields (null when there are none); 400 on anything else, 413 over the byte cap. */
export async function readRequestFields(c: Context): Promise<RequestFields | null> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const bytes = await boundedBody(c, FIELD_LIMITS.maxBodyBytes);
  if (bytes.length === 0) return null;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, "The request body is not valid UTF-8");
  }
  if (type === "application/x-www-form-urlencoded") return checked(new URLSearchParams(text).entries());
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Request("http://form.invalid/", {
        method: "POST",
        headers: { "content-type": c.req.header("content-type") ?? "" },
        body: bytes,
      }).formData();
    } catch {
      throw new ApiError(400, "The form could not be read");
    }
    const entries: [string, unknown][] = [];
    for (const [name, value] of form.entries()) {
      if (typeof value !== "string") throw new ApiError(400, "An access request takes no files");
      entries.push([name, value]);
    }
    return checked(entries);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body must be a JSON object or form fields");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ApiError(400, "The request body must be a JSON object or form fields");
  return checked(Object.entries(value));
}
