// The one rule for a configured origin (HUBKIT_PUBLIC_URL, HUBKIT_S3_ENDPOINT and its public twin): http or https,
// no credentials, no path, query or fragment — only scheme, host and port.
export function isBareHttpOrigin(url: URL): boolean {
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.username === "" &&
    url.password === "" &&
    url.pathname === "/" &&
    url.search === "" &&
    url.hash === ""
  );
}
