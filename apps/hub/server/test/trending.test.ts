// Trending (issue 20 point 3): recent downloads and likes with decay as the hub's `trendingScore`, a curated order
// (the seed's download figures) when nothing happened, page views of the site never counting as downloads, and the
// 30-day downloads series of GET /api/web/downloads. The store part runs on every test database with a moved clock;
// the API part against a real hub on 127.0.0.1 (plain HTTP requests, both huggingface_hub majors).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DbRepoIndex } from "../src/store/db-repo-index.js";
import { sitePageRequest } from "../src/store/download-rules.js";
import { type ModelSearch, ModelStore } from "../src/store/model-store.js";
import { applyCuratedOrder } from "../src/trending/curated-order.js";
import { TRENDING_MIGRATIONS } from "../src/trending/schema.js";
import { TrendingStore, utcDay } from "../src/trending/trending-store.js";
import { testDatabases } from "./backends.js";
import { createRepoWithFiles, python, startTestHub, type TestHub } from "./hub-harness.js";
import { rawRequest } from "./raw-http.js";

const DAY = 86_400_000;
const START = Date.parse("2026-11-20T12:00:00Z");
const trendingQuery: ModelSearch = { sort: "trendingScore", direction: -1, limit: 50 };

for (const database of testDatabases()) {
  describe(`trending on ${database.name}`, () => {
    let store: ModelStore;
    let trending: TrendingStore;
    let now = START;
    const dayAgo = (days: number) => utcDay(new Date(now - days * DAY));
    const order = async (query: Partial<ModelSearch> = {}) =>
      (await store.searchRows("model", { ...trendingQuery, ...query }, false)).rows.map((row) => row.id);
    const score = async (id: string) => (await store.getRow("model", id))?.trendingScore;

    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      trending = new TrendingStore(store.db, () => new Date(now));
      // Scores decay when read: the store reads them on the same moved clock.
      store.now = () => new Date(now);
      // Alphabetical order would be aaa, bbb, ccc, ddd; the seed's figures say ccc, aaa, ddd, bbb.
      await store.upsert([
        { id: "org/aaa", downloads: 500, likes: 1 },
        { id: "org/bbb", downloads: 5, likes: 90 },
        { id: "org/ccc", downloads: 9000, likes: 3 },
        { id: "org/ddd", downloads: 50, likes: 0 },
      ]);
    });
    afterAll(async () => {
      await store.close();
      await database.cleanup();
    });

    it("lists by the curated popularity when nothing happened, never by the alphabet", async () => {
      await trending.ensureFresh();
      expect(await order()).toEqual(["org/ccc", "org/aaa", "org/ddd", "org/bbb"]);
      expect(await order({ direction: 1 })).toEqual(["org/bbb", "org/ddd", "org/aaa", "org/ccc"]);
      expect(await score("org/ccc")).toBe(0);
    });

    it("puts recent downloads first, weighed by their age, old ones not at all", async () => {
      // bbb: 10 downloads 20 days ago (weight 10 × 0.5^(20/7) ≈ 1.4); ddd: 3 today; aaa: 500 downloads 40 days ago.
      await trending.addDownloads("model", "org/bbb", 10, dayAgo(20));
      await trending.addDownloads("model", "org/ddd", 3, dayAgo(0));
      await trending.addDownloads("model", "org/aaa", 500, dayAgo(40));
      expect(await score("org/ddd")).toBe(3);
      expect(await score("org/bbb")).toBe(1);
      expect(await score("org/aaa")).toBe(0);
      expect(await order()).toEqual(["org/ddd", "org/bbb", "org/ccc", "org/aaa"]);
      // Keyset pages of one row walk the same order.
      const paged: string[] = [];
      let cursor: ModelSearch["cursor"];
      do {
        const page = await store.searchRows(
          "model",
          { ...trendingQuery, limit: 1, ...(cursor ? { cursor } : {}) },
          false,
        );
        paged.push(...page.rows.map((row) => row.id));
        cursor = page.next;
      } while (cursor !== undefined);
      expect(paged).toEqual(["org/ddd", "org/bbb", "org/ccc", "org/aaa"]);
    });

    it("decays by half a week later and to nothing past the window, on the day's first read", async () => {
      await trending.addDownloads("model", "org/ccc", 400, dayAgo(0));
      expect(await score("org/ccc")).toBe(400);
      now += 7 * DAY;
      await trending.ensureFresh();
      expect(await score("org/ccc")).toBe(200);
      expect(await score("org/ddd")).toBe(2); // 3 × 0.5 = 1.5, rounded
      now += 30 * DAY;
      await trending.ensureFresh();
      expect(await score("org/ccc")).toBe(0);
      expect(await order()).toEqual(["org/ccc", "org/aaa", "org/ddd", "org/bbb"]);
    });

    it("falls back on the seed's curated order (then downloads) once activity has decayed", async () => {
      expect(await applyCuratedOrder(store.db, [["model", ["org/ddd", "org/bbb"]]])).toBe(true);
      expect(await order()).toEqual(["org/ddd", "org/bbb", "org/ccc", "org/aaa"]);
      expect(await applyCuratedOrder(store.db, [["model", ["org/ddd", "org/bbb"]]])).toBe(false);
      expect(await applyCuratedOrder(store.db, [["model", ["org/bbb"]]])).toBe(true);
      expect(await order()).toEqual(["org/bbb", "org/ccc", "org/aaa", "org/ddd"]);
      // Activity still comes first.
      await trending.addDownloads("model", "org/aaa", 1);
      expect(await order()).toEqual(["org/aaa", "org/bbb", "org/ccc", "org/ddd"]);
    });

    it("counts likes with their time", async () => {
      const like = async (id: string, user: string, daysAgo: number) => {
        await store.db.query(
          "INSERT INTO hub_likes (repo_type, repo_key, user_key, created_at) VALUES ('model', lower($1), $2, $3::timestamptz)",
          [id, user, new Date(now - daysAgo * DAY).toISOString()],
        );
        await trending.rescore("model", id);
      };
      await like("org/bbb", "u1", 0);
      await like("org/bbb", "u2", 0);
      await like("org/ddd", "u1", 60);
      expect(await score("org/bbb")).toBe(10);
      expect(await score("org/ddd")).toBe(0);
      expect((await order())[0]).toBe("org/bbb");
    });

    it("keeps 90 days of day rows and gives 30 days oldest first, zeros included", async () => {
      await trending.addDownloads("model", "org/aaa", 7, dayAgo(0));
      await trending.addDownloads("model", "org/aaa", 2, dayAgo(29));
      await trending.addDownloads("model", "org/aaa", 4, dayAgo(30));
      await trending.addDownloads("model", "org/aaa", 1, dayAgo(95));
      const series = await trending.series("model", "org/aaa");
      expect(series).toHaveLength(30);
      expect(series[0]).toEqual({ date: dayAgo(29), downloads: 2 });
      expect(series[29]).toEqual({ date: dayAgo(0), downloads: 8 });
      expect(series.slice(1, 29).every((day) => day.downloads === 0)).toBe(true);
      now += DAY;
      await trending.ensureFresh();
      const rows = await store.db.query<{ n: number }>(
        "SELECT count(*)::float8 AS n FROM hub_download_days WHERE repo_key = 'org/aaa' AND day < $1::date",
        [dayAgo(90)],
      );
      expect(Number(rows[0]?.n)).toBe(0);
    });
  });

  describe(`trending scores on ${database.name}: no daily rewrite, no write of the repository row`, () => {
    let store: ModelStore;
    let trending: TrendingStore;
    let now = START;
    const dayAgo = (days: number) => utcDay(new Date(now - days * DAY));
    const order = async (query: Partial<ModelSearch> = {}) =>
      (await store.searchRows("model", { ...trendingQuery, ...query }, false)).rows.map((row) => row.id);
    const score = async (id: string) => (await store.getRow("model", id))?.trendingScore;
    const scoreRows = () =>
      store.db.query<{ repo_key: string; sort_key: string; version: string }>(
        "SELECT repo_key, sort_key::text AS sort_key, xmin::text AS version FROM hub_trending ORDER BY repo_key",
      );
    /** The row's version: any write of a row, even of the same values, gives it a new xmin. */
    const repoVersion = async (id: string) =>
      (await store.db.query<{ v: string }>("SELECT xmin::text AS v FROM hub_models WHERE id = $1", [id]))[0]?.v;
    /** Every page of `limit` rows, through the cursors. */
    async function paged(query: Partial<ModelSearch>, limit: number): Promise<string[]> {
      const ids: string[] = [];
      let cursor: ModelSearch["cursor"];
      for (let page = 0; page < 20; page += 1) {
        const found = await store.searchRows(
          "model",
          { ...trendingQuery, ...query, limit, ...(cursor ? { cursor } : {}) },
          false,
        );
        ids.push(...found.rows.map((row) => row.id));
        cursor = found.next;
        if (cursor === undefined) return ids;
      }
      throw new Error("more than 20 pages");
    }

    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      trending = new TrendingStore(store.db, () => new Date(now));
      store.now = () => new Date(now);
      // Without activity: by downloads (no curated order here), p1, p2, p3, p4, p5, p6.
      await store.upsert(
        ["p1", "p2", "p3", "p4", "p5", "p6"].map((name, index) => ({
          id: `org/${name}`,
          downloads: 600 - index * 100,
          pipeline_tag: index % 2 === 0 ? "text-generation" : "fill-mask",
          lastModified: "2026-01-02T03:04:05.000Z",
        })),
      );
    });
    afterAll(async () => {
      await store.close();
      await database.cleanup();
    });

    it("does not write the repository's row for a download or a like", async () => {
      const before = await repoVersion("org/p6");
      const modified = (await store.getRow("model", "org/p6"))?.lastModified;
      await trending.addDownloads("model", "org/p6", 2);
      await store.db.query(
        "INSERT INTO hub_likes (repo_type, repo_key, user_key, created_at) VALUES ('model', 'org/p6', 'u1', $1::timestamptz)",
        [new Date(now).toISOString()],
      );
      await trending.rescore("model", "org/p6");
      expect(await score("org/p6")).toBe(7);
      expect(await repoVersion("org/p6")).toBe(before);
      expect((await store.getRow("model", "org/p6"))?.lastModified).toBe(modified);
    });

    it("keeps the order, and rewrites nothing, while days pass without events", async () => {
      await trending.addDownloads("model", "org/p5", 9, dayAgo(0));
      // p4: 20 × 0.5^(10/7) + 1 × 0.5^(3/7) ≈ 8.2
      await trending.addDownloads("model", "org/p4", 20, dayAgo(10));
      await trending.addDownloads("model", "org/p4", 1, dayAgo(3));
      const first = await order();
      expect(first).toEqual(["org/p5", "org/p4", "org/p6", "org/p1", "org/p2", "org/p3"]);
      const rows = await scoreRows();
      expect(await score("org/p5")).toBe(9);
      for (const days of [1, 5, 18]) {
        now = START + days * DAY;
        await trending.ensureFresh();
        expect(await order()).toEqual(first);
        expect(await scoreRows()).toEqual(rows);
        expect(await score("org/p5")).toBe(Math.round(9 * 0.5 ** (days / 7)));
      }
      now = START;
    });

    it("no longer counts an event once it is 30 days old", async () => {
      // p3: 10 downloads today and 4 in 20 days; p2: 12 downloads today only.
      await trending.addDownloads("model", "org/p3", 10, dayAgo(0));
      await trending.addDownloads("model", "org/p2", 12, dayAgo(0));
      now = START + 20 * DAY;
      await trending.addDownloads("model", "org/p3", 4, dayAgo(0));
      now = START + 29 * DAY;
      await trending.ensureFresh();
      expect(await score("org/p2")).toBe(Math.round(12 * 0.5 ** (29 / 7))); // 1
      expect(await score("org/p3")).toBe(Math.round(10 * 0.5 ** (29 / 7) + 4 * 0.5 ** (9 / 7))); // 2
      expect((await order()).slice(0, 2)).toEqual(["org/p3", "org/p2"]);
      now = START + 30 * DAY;
      await trending.ensureFresh();
      // p2's only event left the window: no score, back among the inactive by downloads; p3 keeps the later one.
      expect(await score("org/p2")).toBe(0);
      expect(await score("org/p3")).toBe(Math.round(4 * 0.5 ** (10 / 7)));
      const keys = (await scoreRows()).map((row) => row.repo_key);
      expect(keys).toContain("org/p3");
      expect(keys).not.toContain("org/p2");
      expect(await order()).toEqual(["org/p3", "org/p1", "org/p2", "org/p4", "org/p5", "org/p6"]);
    });

    it("pages through both stretches with filters, searches and either direction", async () => {
      now = START + 31 * DAY;
      await trending.addDownloads("model", "org/p4", 3, dayAgo(0));
      await trending.addDownloads("model", "org/p6", 5, dayAgo(1));
      const all = await order();
      expect(all).toEqual(["org/p6", "org/p4", "org/p3", "org/p1", "org/p2", "org/p5"]);
      for (const limit of [1, 2, 4]) {
        expect(await paged({}, limit)).toEqual(all);
        expect(await paged({ direction: 1 }, limit)).toEqual([...all].reverse());
        expect(await paged({ pipelineTag: "fill-mask" }, limit)).toEqual(["org/p6", "org/p4", "org/p2"]);
        expect(await paged({ pipelineTag: "text-generation", direction: 1 }, limit)).toEqual([
          "org/p5",
          "org/p1",
          "org/p3",
        ]);
        expect(await paged({ search: "org" }, limit)).toEqual(all);
      }
      expect(await order({ search: "p4" })).toEqual(["org/p4"]);
    });

    it("keeps a download recorded while its score is counted again", async () => {
      await Promise.all([
        ...Array.from({ length: 20 }, () => trending.addDownloads("model", "org/p1", 1, dayAgo(0))),
        ...Array.from({ length: 5 }, () => trending.rescore("model", "org/p1")),
      ]);
      expect(await score("org/p1")).toBe(20);
    });

    it("needs no re-basing however far the clock goes", async () => {
      now = START + 20 * 365 * DAY;
      await trending.ensureFresh();
      await trending.addDownloads("model", "org/p2", 3, dayAgo(0));
      expect(await score("org/p2")).toBe(3);
      const page = await store.searchRows("model", { ...trendingQuery, limit: 1 }, false);
      expect(page.rows.map((row) => row.id)).toEqual(["org/p2"]);
      // A cursor's value is at most 18 digits (api/model-query.ts decodeCursor).
      expect(page.next?.value).toMatch(/^\d{16,18}$/);
      expect(await paged({}, 2)).toEqual(["org/p2", "org/p1", "org/p3", "org/p4", "org/p5", "org/p6"]);
    });

    it("pages a filter many rows meet through the bounded walks of both stretches", async () => {
      // 250 more fill-mask models (a filter with 200 rows or more is walked, not read match-first), 40 downloaded.
      await store.upsert(
        Array.from({ length: 250 }, (_, index) => ({
          id: `bulk/m${index}`,
          downloads: index % 7,
          pipeline_tag: "fill-mask",
        })),
      );
      for (let index = 0; index < 250; index += 6)
        await trending.addDownloads("model", `bulk/m${index}`, 1 + (index % 5), dayAgo(index % 20));
      const expected = (
        await store.db.query<{ id: string }>(
          `SELECT m.id FROM hub_models m LEFT JOIN hub_trending t ON t.repo_type = 'model' AND t.repo_key = lower(m.id)
           WHERE m.pipeline_tag = 'fill-mask' AND NOT m.private
           ORDER BY t.sort_key IS NULL, t.sort_key DESC, t.repo_key, m.trending_sort DESC, m.id`,
        )
      ).map((row) => row.id);
      expect(expected.length).toBeGreaterThan(250);
      const pages = async (direction: 1 | -1) => {
        const ids: string[] = [];
        let cursor: ModelSearch["cursor"];
        for (let page = 0; page < 100; page += 1) {
          const found = await store.searchRows(
            "model",
            { ...trendingQuery, direction, pipelineTag: "fill-mask", limit: 17, ...(cursor ? { cursor } : {}) },
            false,
          );
          ids.push(...found.rows.map((row) => row.id));
          cursor = found.next;
          if (cursor === undefined) break;
        }
        return ids;
      };
      expect(await pages(-1)).toEqual(expected);
      expect(await pages(1)).toEqual([...expected].reverse());
    });

    it("converts the scores kept on repository rows before migration 142", async () => {
      const conversion = TRENDING_MIGRATIONS.find((migration) => migration.version === 142)?.statements.find(
        (statement) => statement.startsWith("INSERT INTO hub_trending"),
      );
      expect(conversion).toBeDefined();
      // The migration counts as of the real day.
      const today = new Date();
      const realDayAgo = (days: number) => utcDay(new Date(today.getTime() - days * DAY));
      await store.db.query("DELETE FROM hub_trending");
      await store.db.query("DELETE FROM hub_download_days");
      await store.db.query("DELETE FROM hub_likes");
      for (const [key, day, n] of [
        ["org/p5", realDayAgo(3), 7],
        ["org/p5", realDayAgo(40), 100],
        ["org/p1", realDayAgo(35), 9],
      ] as const)
        await store.db.query(
          "INSERT INTO hub_download_days (repo_type, repo_key, day, downloads) VALUES ('model', $1, $2::date, $3)",
          [key, day, n],
        );
      await store.db.query(
        "INSERT INTO hub_likes (repo_type, repo_key, user_key, created_at) VALUES ('model', 'org/p5', 'u1', $1::timestamptz)",
        [new Date(today.getTime() - DAY).toISOString()],
      );
      await store.db.query(conversion as string);
      now = today.getTime();
      expect((await scoreRows()).map((row) => row.repo_key)).toEqual(["org/p5"]);
      expect(await score("org/p5")).toBe(Math.round(7 * 0.5 ** (3 / 7) + 5 * 0.5 ** (1 / 7)));
    });
  });
}

describe("sitePageRequest", () => {
  it("knows the site's own requests from navigations and other clients", () => {
    expect(sitePageRequest("same-origin", "no-cors")).toBe(true);
    expect(sitePageRequest("same-origin", "cors")).toBe(true);
    expect(sitePageRequest("same-origin", undefined)).toBe(true);
    expect(sitePageRequest("same-origin", "navigate")).toBe(false);
    expect(sitePageRequest("cross-site", "cors")).toBe(false);
    expect(sitePageRequest("same-site", "cors")).toBe(false);
    expect(sitePageRequest(undefined, "cors")).toBe(false);
  });
});

describe("trending through the API", () => {
  let hub: TestHub;
  const auth = () => ({ Authorization: `Bearer ${hub.writeToken}` });

  const create = (type: "model" | "dataset", name: string, files: Record<string, string>, priv = false) =>
    createRepoWithFiles(hub, type, name, files, { private: priv });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${hub.url}${path}`, { headers });
  // Plain HTTP: fetch() writes its own Sec-Fetch-Mode, which a browser's request must be free to set.
  const read = async (path: string, headers: Record<string, string> = {}) =>
    (await rawRequest(hub.url, "GET", path, headers)).status;
  async function info(path: string): Promise<{ downloads: number; trendingScore: number }> {
    return (await (await get(path, auth())).json()) as { downloads: number; trendingScore: number };
  }
  async function listed(query: string): Promise<string[]> {
    const rows = (await (await get(`/api/models?author=alice&${query}`, auth())).json()) as { id: string }[];
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    hub = await startTestHub("trending");
    await create("model", "first", { "config.json": "{}" });
    await create("model", "second", { "config.json": "{}" });
    await create("model", "hidden", { "config.json": "{}" }, true);
    await create("model", "plain", { "config.json": "{}" });
    await create("dataset", "table", { "data.csv": "a\n1\n", "picture.png": "not really a png" });
  }, 120_000);
  afterAll(async () => {
    await hub?.close();
  });

  it("a page of the site reading a file never counts; a client or a visitor's own download does", async () => {
    const site = { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image" };
    expect(await read("/datasets/alice/table/resolve/main/picture.png", site)).toBe(200);
    expect(await read("/datasets/alice/table/resolve/main/data.csv", { ...site, "Sec-Fetch-Mode": "cors" })).toBe(200);
    expect(await read("/alice/first/resolve/main/config.json", { ...site, "Sec-Fetch-Mode": "cors" })).toBe(200);
    expect((await info("/api/datasets/alice/table")).downloads).toBe(0);
    expect((await info("/api/models/alice/first")).downloads).toBe(0);
    // A visitor opening the file itself (a navigation) downloads it; so does any other client.
    const opened = { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" };
    expect(await read("/alice/first/resolve/main/config.json", opened)).toBe(200);
    expect(await read("/datasets/alice/table/resolve/main/data.csv")).toBe(200);
    expect((await info("/api/models/alice/first")).downloads).toBe(1);
    expect((await info("/api/datasets/alice/table")).downloads).toBe(1);
  });

  it("sorts listings by trendingScore and exposes it, for the API and both huggingface_hub majors", async () => {
    for (let count = 0; count < 3; count += 1)
      expect((await get("/alice/second/resolve/main/config.json")).status).toBe(200);
    const second = await info("/api/models/alice/second?expand[]=trendingScore&expand[]=downloads");
    expect(second).toMatchObject({ trendingScore: 3 });
    expect(await listed("sort=trendingScore")).toEqual(["alice/second", "alice/first", "alice/hidden", "alice/plain"]);
    expect(await listed("sort=trending_score&direction=1")).toEqual([
      "alice/plain",
      "alice/hidden",
      "alice/first",
      "alice/second",
    ]);
    // Without activity, the seed's repositories (curated order) come before the others, whatever their names.
    const everyone = (await (await get("/api/models?sort=trendingScore")).json()) as { id: string }[];
    expect(everyone.map((row) => row.id)).toEqual([
      "alice/second",
      "alice/first",
      "seed-org/seed-model",
      "alice/plain",
    ]);
    const expanded = (await (
      await get("/api/models?author=alice&sort=trendingScore&expand[]=trendingScore")
    ).json()) as {
      id: string;
      trendingScore: number;
    }[];
    expect(expanded).toEqual([
      { _id: expect.any(String), id: "alice/second", trendingScore: 3 },
      { _id: expect.any(String), id: "alice/first", trendingScore: 1 },
      { _id: expect.any(String), id: "alice/plain", trendingScore: 0 },
    ]);
    for (const version of ["2.0.0", "1.33.0"]) {
      const result = await python(
        version,
        hub,
        [
          "from huggingface_hub import HfApi",
          "for m in HfApi().list_models(author='alice', sort='trending_score', expand=['trendingScore']):",
          "    print(m.id, m.trending_score)",
        ].join("\n"),
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim().split("\n")).toEqual(["alice/second 3", "alice/first 1", "alice/plain 0"]);
    }
  }, 120_000);

  it("gives the last 30 days of downloads, only to those who may read the repository", async () => {
    expect(hub.ctx.index).toBeInstanceOf(DbRepoIndex);
    const today = utcDay(new Date());
    const response = await get("/api/web/downloads/models/alice/second");
    expect(response.status).toBe(200);
    const { days } = (await response.json()) as { days: { date: string; downloads: number }[] };
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: today, downloads: 3 });
    expect(days[0]?.date).toBe(utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY)));
    expect(days.slice(0, 29).every((day) => day.downloads === 0)).toBe(true);
    expect((await get("/api/web/downloads/datasets/alice/table")).status).toBe(200);
    // Private: the owner reads it; anyone else gets exactly the missing repository's answer (401 without a token,
    // 404 with another user's).
    expect((await get("/api/web/downloads/models/alice/hidden", auth())).status).toBe(200);
    await hub.admin("/api/admin/users", { name: "bob" });
    const bobToken = (
      (await (await hub.admin("/api/admin/tokens", { user: "bob", role: "read", name: "r" })).json()) as {
        token: string;
      }
    ).token;
    for (const headers of [{}, { Authorization: `Bearer ${bobToken}` }] as Record<string, string>[]) {
      const hidden = await get("/api/web/downloads/models/alice/hidden", headers);
      const missing = await get("/api/web/downloads/models/alice/never-was", headers);
      expect(hidden.status).toBe("Authorization" in headers ? 404 : 401);
      expect(missing.status).toBe(hidden.status);
      expect(await hidden.json()).toEqual(await missing.json());
    }
    expect((await get("/api/web/downloads/widgets/alice/second")).status).toBe(404);
  });

  it("keeps a repository's days through a move and drops them with the repository", async () => {
    await create("model", "moving", { "config.json": "{}" });
    expect(await read("/alice/moving/resolve/main/config.json")).toBe(200);
    const moved = await fetch(`${hub.url}/api/repos/move`, {
      method: "POST",
      headers: { ...auth(), "Content-Type": "application/json" },
      body: JSON.stringify({ fromRepo: "alice/moving", toRepo: "alice/moved", type: "model" }),
    });
    expect(moved.status).toBe(200);
    const series = async (name: string) =>
      (
        (await (await get(`/api/web/downloads/models/alice/${name}`, auth())).json()) as {
          days: { downloads: number }[];
        }
      ).days;
    expect((await series("moved")).at(-1)?.downloads).toBe(1);
    expect((await info("/api/models/alice/moved")).trendingScore).toBe(1);
    const deleted = await fetch(`${hub.url}/api/repos/delete`, {
      method: "DELETE",
      headers: { ...auth(), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "moved", organization: "alice", type: "model" }),
    });
    expect(deleted.status).toBe(200);
    await create("model", "moved", { "config.json": "{}" });
    expect((await series("moved")).every((day) => day.downloads === 0)).toBe(true);
    expect((await info("/api/models/alice/moved")).trendingScore).toBe(0);
    expect((await get("/api/web/downloads/models/alice/..")).status).toBe(404);
  });
});
