// Exit 1 if an optionalDependency is missing from package-lock.json: `npm ci` in CI would then fail
// (the registry here lacks some platform binaries; see ../shared/TOOLCHAIN.md, gotcha 2).
import { readFileSync } from "node:fs";

const packages = JSON.parse(readFileSync("package-lock.json", "utf8")).packages;
const missing = [];
for (const [path, meta] of Object.entries(packages)) {
  for (const dep of Object.keys(meta.optionalDependencies ?? {})) {
    let base = path;
    let found = false;
    for (;;) {
      if (packages[`${base ? `${base}/` : ""}node_modules/${dep}`]) {
        found = true;
        break;
      }
      const i = base.lastIndexOf("node_modules/");
      if (i < 0) break;
      base = base.slice(0, i).replace(/\/$/, "");
    }
    if (!found) missing.push(`${path || "(root)"} -> ${dep}`);
  }
}
console.log(missing.length ? missing.join("\n") : "lockfile OK");
process.exit(missing.length ? 1 : 0);
