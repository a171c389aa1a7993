// Test support for the settings pages' component tests: a fake of the server's routes behind `fetch`, recording
// every request (method, path, CSRF header, JSON body), and a fresh session store per test.
import { vi } from "vitest";

export interface SeenRequest {
  method: string;
  path: string;
  csrf: string | null;
  body: unknown;
}

export type Handler = (request: SeenRequest) => Response | Promise<Response>;

export const CSRF = "csrf-test-token";

export const json = (body: unknown, status = 200) => Response.json(body, { status });
export const problem = (message: string, status: number) => Response.json({ error: message }, { status });
/** A request that never answers (the page stays in its loading state). */
export const never = () => new Promise<Response>(() => {});

export function sessionOf(name: string, orgs: string[] = []) {
  return { user: { name, fullname: name }, orgs, csrfToken: CSRF, expiresAt: "2030-01-01T00:00:00.000Z" };
}

/** Stubs fetch with `routes` ("METHOD /path" → handler); an unknown route answers 404 and is recorded. */
export function fakeServer(routes: Record<string, Handler>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const text = typeof init.body === "string" ? init.body : undefined;
    const request: SeenRequest = {
      method,
      path: url.pathname + url.search,
      csrf: new Headers(init.headers).get("X-CSRF-Token"),
      body: text === undefined ? undefined : JSON.parse(text),
    };
    seen.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(request) : problem("Not found", 404);
  });
  return seen;
}

/**
 * A fresh session store for the next import (the store is module-level), with the full page loads (reloadAt)
 * recorded instead of done. Call before importing the page; returns the recorder.
 */
export async function freshSessionModule() {
  vi.resetModules();
  vi.doMock("../../lib/session", async (importOriginal) => ({
    ...(await importOriginal<typeof import("../../lib/session")>()),
    reloadAt: vi.fn(),
  }));
  return vi.mocked((await import("../../lib/session")).reloadAt);
}
