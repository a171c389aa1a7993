// The hubkit-jinja CLI, driven through runCli with in-memory files.
import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli.js";

function run(argv: string[], files: Record<string, string>) {
  let stdout = "";
  let stderr = "";
  const code = runCli(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readFile: (p) => {
      if (!(p in files)) throw new Error(`ENOENT: ${p}`);
      return files[p];
    },
  });
  return { code, stdout, stderr };
}

describe("hubkit-jinja render", () => {
  test("renders a template with a JSON context (floats kept)", () => {
    const r = run(["render", "t.jinja", "--context", "c.json"], {
      "t.jinja": "{% for m in messages %}<|{{ m.role }}|>{{ m.content }}\n{% endfor %}{{ temperature }}",
      "c.json": '{"messages": [{"role": "user", "content": "hi"}], "temperature": 1.0}',
    });
    expect(r).toEqual({ code: 0, stdout: "<|user|>hi\n1.0", stderr: "" });
  });

  test("template errors exit 1 with line, column and excerpt", () => {
    const r = run(["render", "t.jinja"], { "t.jinja": "ok\n{{ x|nope }}" });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("syntax error: No filter named 'nope'. (line 2, column 6)");
    expect(r.stderr).toContain("  2 | {{ x|nope }}");
  });

  test("bad input and usage errors", () => {
    expect(run(["render", "missing.jinja"], {}).code).toBe(1);
    expect(run(["render", "t.jinja", "--context", "c.json"], { "t.jinja": "x", "c.json": "[1]" }).code).toBe(1);
    expect(run(["render", "t.jinja", "--context", "c.json"], { "t.jinja": "x", "c.json": "{oops" }).code).toBe(1);
    expect(run([], {}).code).toBe(2);
    expect(run(["render"], {}).code).toBe(2);
    expect(run(["--help"], {}).stdout).toContain("Usage: hubkit-jinja render");
  });
});
