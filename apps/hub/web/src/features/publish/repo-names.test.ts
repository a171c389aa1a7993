import { describe, expect, test } from "vitest";
import { repoNameProblem } from "./repo-names";

describe("repoNameProblem", () => {
  test("accepts the server's valid names", () => {
    for (const name of ["bert", "my_model.v2", "a", "_x_", "Llama-3-8B", "x".repeat(96)])
      expect(repoNameProblem(name)).toBeUndefined();
  });
  test("refuses what the server refuses, with a reason", () => {
    expect(repoNameProblem("")).toMatch(/Enter/);
    expect(repoNameProblem("x".repeat(97))).toMatch(/96/);
    for (const name of ["-x", "x-", ".x", "a b", "a/b", "é"]) expect(repoNameProblem(name)).toMatch(/letters/);
    expect(repoNameProblem("a--b")).toMatch(/--/);
    expect(repoNameProblem("a..b")).toMatch(/\.\./);
    expect(repoNameProblem("repo.git")).toMatch(/\.git/);
  });
});
