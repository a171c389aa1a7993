import { describe, expect, test } from "vitest";
import { readCommitMessage } from "./commit-fields";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("the commit message of a publish form", () => {
  test("the typed summary (trimmed) and description", () => {
    expect(readCommitMessage(form({ summary: "  Fix typo \n", description: " why\n" }), "Update a")).toEqual({
      summary: "Fix typo",
      description: " why\n",
    });
  });

  test("a blank or missing summary takes the page's default; a missing description is empty", () => {
    expect(readCommitMessage(form({ summary: "   " }), "Delete a.txt")).toEqual({
      summary: "Delete a.txt",
      description: "",
    });
    expect(readCommitMessage(form({}), "Upload 2 files").summary).toBe("Upload 2 files");
  });
});
