// The listing bench's 7 request kinds (bench/multi-server.ts, bench/listing-ab.ts), on a database filled by
// bench/multi-server-fill.ts: the plain list, a common word, one generated id searched exactly, a tag filter, the
// downloads order, one owner's models and the second page of the list (its cursor from the first page's Link).
import pg from "pg";

export async function listingPaths(databaseUrl: string, base: string, repos: number): Promise<[string, string][]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let id: string;
  try {
    const { rows } = await client.query<{ id: string }>(
      "SELECT id FROM hub_models WHERE sha IS NULL ORDER BY id LIMIT 1 OFFSET $1",
      [Math.floor(repos / 3)],
    );
    id = String(rows[0]?.id);
  } finally {
    await client.end();
  }
  const first = await fetch(`${base}/api/models?limit=20`);
  await first.arrayBuffer();
  const next = /<([^>]+)>/.exec(first.headers.get("link") ?? "")?.[1];
  if (next === undefined) throw new Error("the first listing page has no Link to a next page");
  return [
    ["list", "/api/models?limit=20"],
    ["search word", "/api/models?search=llama&limit=20"],
    ["search exact id", `/api/models?search=${encodeURIComponent(id)}&limit=20`],
    ["filter tag", "/api/models?filter=conversational&limit=20"],
    ["sort downloads", "/api/models?sort=downloads&limit=20"],
    ["author", "/api/models?author=org17&limit=20"],
    ["cursor page 2", `${new URL(next).pathname}${new URL(next).search}`],
  ];
}
