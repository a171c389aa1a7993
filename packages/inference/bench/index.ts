// `npm run bench -w packages/inference`: client overhead, SSE parsing throughput and bundle size.
import { runBundleBench } from "./bundle-size.js";
import { runOverheadBench } from "./overhead.js";
import { runSseBench } from "./sse.js";

process.stdout.write(`# @hubkit/inference bench — ${new Date().toISOString()} — Node ${process.version}\n`);
await runOverheadBench();
await runSseBench();
await runBundleBench();
