// One hub API request the way the tests make them: an optional bearer token and an optional JSON body. The
// answer helpers differ only in how they read the body, so each test file keeps exactly the parsing it relied on.

export interface CallOptions {
  /** Send a string body as written (for malformed-JSON tests) instead of JSON-encoding it. */
  stringAsIs?: boolean;
}

export function apiFetch(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Response> {
  const encoded = typeof body === "string" && options.stringAsIs === true ? body : JSON.stringify(body);
  return fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(token !== undefined ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: encoded } : {}),
  });
}

/** Status and the body as text. */
export async function apiText(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const response = await apiFetch(base, method, path, token, body);
  return { status: response.status, text: await response.text() };
}

/** Status and the JSON body; a body that is not JSON comes back as `{ text }` so assertions can still read it. */
export async function apiJson<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<{ status: number; body: T | { text: string } }> {
  const response = await apiFetch(base, method, path, token, body, options);
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as T };
  } catch {
    return { status: response.status, body: { text } };
  }
}
