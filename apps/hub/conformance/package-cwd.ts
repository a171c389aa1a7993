// Setup file of the conformance workers: the specs read a few files relative to the working directory their
// maintainers run them in, the package's root (`./tsconfig.json` in commit.spec.ts), so the workers run there.
// They only read there; everything they write goes to the OS's temporary folder or the hub.
import { HUB_PACKAGE } from "./project.js";

process.chdir(HUB_PACKAGE);
