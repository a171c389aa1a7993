#!/usr/bin/env node
// Entry point of the `hubkit` command (package.json "bin").
import { main } from "./main.js";

const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = code;
