// URL-safe pieces for deeplinks. A model id is `owner/name`; the slash stays a path separator, everything else that
// could change the URL's meaning (`?`, `#`, `&`, `=`, `%`, spaces, line breaks, …) is percent-encoded.

/** The id as path segments. An id with an empty, `.` or `..` segment is encoded as ONE segment (`/` → %2F), so URL
 * normalisation can never climb out of the intended path. */
export function idPath(id: string): string {
  const segments = id.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
    return encodeURIComponent(id);
  }
  return segments.map(encodeURIComponent).join("/");
}

/** The id as a query value: `/` kept readable (it has no meaning in a query), the rest percent-encoded. */
export function idQuery(id: string): string {
  return encodeURIComponent(id).replace(/%2F/g, "/");
}
