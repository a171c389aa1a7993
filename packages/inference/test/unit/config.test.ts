// Base URLs (options → environment → hosted defaults) and the user agent (§1).
import { afterEach, describe, expect, test, vi } from "vitest";
import { getHubUrl, getProviderUrl, getRouterUrl, getUserAgent } from "../../src/config.js";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("base URLs", () => {
  test("defaults are the hosted service", () => {
    vi.stubEnv("HUBKIT_HUB_URL", "");
    vi.stubEnv("HF_ENDPOINT", "");
    vi.stubEnv("HUBKIT_ROUTER_URL", "");
    vi.stubEnv("HF_ROUTER_URL", "");
    expect(getHubUrl()).toBe("https://huggingface.co");
    expect(getRouterUrl()).toBe("https://router.huggingface.co");
    expect(getProviderUrl("together", "https://api.together.xyz")).toBe("https://api.together.xyz");
  });

  test("environment variables override the defaults; options override both; trailing slashes dropped", () => {
    vi.stubEnv("HUBKIT_HUB_URL", "http://127.0.0.1:1/hub/");
    vi.stubEnv("HUBKIT_ROUTER_URL", "http://127.0.0.1:1/router");
    vi.stubEnv("HUBKIT_PROVIDER_URL_FAL_AI_QUEUE", "http://127.0.0.1:1/falq");
    expect(getHubUrl()).toBe("http://127.0.0.1:1/hub");
    expect(getRouterUrl()).toBe("http://127.0.0.1:1/router");
    expect(getProviderUrl("fal-ai-queue", "https://queue.fal.run")).toBe("http://127.0.0.1:1/falq");
    expect(getHubUrl({ hubUrl: "http://h" })).toBe("http://h");
    expect(getRouterUrl({ routerUrl: "http://r/" })).toBe("http://r");
    expect(getProviderUrl("fal-ai-queue", "x", { providerUrls: { "fal-ai-queue": "http://q" } })).toBe("http://q");
  });

  test("HF_ENDPOINT is accepted for the hub", () => {
    vi.stubEnv("HUBKIT_HUB_URL", "");
    vi.stubEnv("HF_ENDPOINT", "http://mirror.example");
    expect(getHubUrl()).toBe("http://mirror.example");
  });

  test("no global process (browsers): defaults", () => {
    vi.stubGlobal("process", undefined);
    expect(getRouterUrl()).toBe("https://router.huggingface.co");
  });
});

describe("user agent", () => {
  test("package name and version, then navigator.userAgent when there is one", () => {
    vi.stubGlobal("navigator", undefined);
    expect(getUserAgent()).toBe("@hubkit/inference/0.1.0");
    vi.stubGlobal("navigator", { userAgent: "Mozilla/5.0 Test" });
    expect(getUserAgent()).toBe("@hubkit/inference/0.1.0 Mozilla/5.0 Test");
  });
});
