import { describe, expect, test } from "vitest";
import { matchRoute } from "./routes";

describe("matchRoute", () => {
  test.each([
    ["/tasks", "/tasks", {}],
    ["/tasks/text-generation", "/tasks/:taskId", { taskId: "text-generation" }],
    [
      "/models/meta-llama/Llama-3.1-8B-Instruct",
      "/models/:namespace/:name",
      { namespace: "meta-llama", name: "Llama-3.1-8B-Instruct" },
    ],
    ["/models/a%2Fb/c", "/models/:namespace/:name", { namespace: "a/b", name: "c" }],
    ["/gguf/", "/gguf", {}],
    // A single segment that is not a site section is a user or organization page (issue 12's `/{name}`).
    ["/nope", "/:name", { name: "nope" }],
    ["/login", "/login", {}],
    [
      "/alice/model/upload/main/docs",
      "/:owner/:name/upload/*rest",
      { owner: "alice", name: "model", rest: "main/docs" },
    ],
    ["/datasets/alice/data/settings", "/datasets/:owner/:name/settings", { owner: "alice", name: "data" }],
  ])("%s matches %s", (path, pattern, params) => {
    const match = matchRoute(path);
    expect(match?.route.pattern).toBe(pattern);
    expect(match?.params).toEqual(params);
  });

  test.each(["/api", "/Settings", "/tasks/a/b", "/models/only-one", "/models/%E0%A4%A/x"])(
    "%s is not found",
    (path) => {
      expect(matchRoute(path)).toBeUndefined();
    },
  );
});
