#!/usr/bin/env node
// hubkit-jinja: render a template file with a JSON context, e.g.
//   hubkit-jinja render examples/chatml.jinja --context examples/chatml.json
import { readFileSync, realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { TemplateError } from "./errors.js";
import { parseJSON } from "./runtime/json.js";
import { Template } from "./template.js";

const USAGE = `Usage: hubkit-jinja render <template.jinja> [--context <context.json>]

Renders the template like Python Jinja2 configured for chat templates (trim_blocks, lstrip_blocks,
sandboxed) and prints the output. The context is JSON (floats and key order are kept exactly).`;

interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => string;
}

/** Runs the CLI and returns its exit code (0 ok, 1 template or input error, 2 usage error). */
export function runCli(argv: string[], io: CliIo): number {
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h" || command === "help") {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (command !== "render") {
    io.stderr(`${USAGE}\n`);
    return 2;
  }
  let templatePath: string | undefined;
  let contextPath: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === "--context" || arg === "-c") contextPath = rest[++i];
    else if (arg.startsWith("--context=")) contextPath = arg.slice("--context=".length);
    else if (templatePath === undefined && !arg.startsWith("-")) templatePath = arg;
    else {
      io.stderr(`Unknown argument: ${arg}\n${USAGE}\n`);
      return 2;
    }
  }
  if (templatePath === undefined || (rest.includes("--context") && contextPath === undefined)) {
    io.stderr(`${USAGE}\n`);
    return 2;
  }
  let source: string;
  let context: unknown = new Map();
  try {
    source = io.readFile(templatePath);
  } catch (e) {
    io.stderr(`Cannot read template ${templatePath}: ${(e as Error).message}\n`);
    return 1;
  }
  if (contextPath !== undefined) {
    try {
      context = parseJSON(io.readFile(contextPath));
    } catch (e) {
      io.stderr(`Cannot read context ${contextPath}: ${(e as Error).message}\n`);
      return 1;
    }
    if (!(context instanceof Map)) {
      io.stderr(`The context in ${contextPath} must be a JSON object\n`);
      return 1;
    }
  }
  try {
    io.stdout(new Template(source).render(context as Map<string, unknown>));
    return 0;
  } catch (e) {
    if (e instanceof TemplateError) {
      io.stderr(`${templatePath}: ${e.kind} error: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

function invokedDirectly(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === import.meta.url;
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  process.exitCode = runCli(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    readFile: (p) => readFileSync(p, "utf8"),
  });
}
