// `npm start`: build the packages, then serve the Hubkit site on its embedded default (no network, no token).
// Until the site's server exists, it renders a real chat template with the @hubkit/jinja CLI instead.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run("npm", ["run", "build", "--silent"]);
if (existsSync("apps/hub/server/src/main.ts")) {
  run("npm", ["run", "start", "--silent", "-w", "apps/hub"]);
} else {
  run("node", [
    "packages/jinja/dist/cli.js",
    "render",
    "packages/jinja/examples/chatml.jinja",
    "--context",
    "packages/jinja/examples/chatml.json",
  ]);
}
