// The pre-receive hook of every push. It holds no rules itself: it hands the ref updates and the location of the
// quarantined objects to the running server (git-http/push-check-server.ts), which applies the commit API's own
// rules (push-rules.ts), and relays the verdict. The server points git at this hook for every push it serves
// (`core.hooksPath`, set in the environment of `git http-backend`), so repositories made before a change of rules
// need no migration; each repository also gets a copy at creation, which refuses pushes that do not come through
// the server (no token in the environment).
//
// The client is plain JavaScript run by the server's own node (`HUBKIT_NODE`): no compile step, ~40 ms to start.
// It talks to a loopback port with a token made for this one push; both reach it only through the environment git
// passes to its hooks.

/** Longest wait for the server's verdict; the server bounds each git process it runs for the check. */
const CHECK_TIMEOUT_MS = 10 * 60 * 1000;
/** Most bytes of ref updates read from git (the server takes at most 1 000 refs per push). */
const MAX_UPDATES_BYTES = 1024 * 1024;

const CLIENT = `
const http = require("http");
const env = process.env;
const chunks = [];
let size = 0;
const refuse = (text) => { process.stderr.write(text + "\\n"); process.exit(1); };
process.stdin.on("data", (chunk) => {
  size += chunk.length;
  if (size > ${MAX_UPDATES_BYTES}) refuse("Your push was rejected: it updates too many refs");
  chunks.push(chunk);
});
process.stdin.on("end", () => {
  const body = JSON.stringify({
    updates: Buffer.concat(chunks).toString("utf8"),
    objects: env.GIT_OBJECT_DIRECTORY || "",
    alternates: env.GIT_ALTERNATE_OBJECT_DIRECTORIES || "",
  });
  const request = http.request({
    host: "127.0.0.1",
    port: Number(env.HUBKIT_PUSH_CHECK_PORT),
    path: "/push-check",
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer " + env.HUBKIT_PUSH_CHECK_TOKEN },
  }, (response) => {
    let text = "";
    response.setEncoding("utf8");
    response.on("data", (part) => { if (text.length < 65536) text += part; });
    response.on("end", () => {
      if (response.statusCode === 200) process.exit(0);
      refuse(text.trim() || "Your push was rejected by the server");
    });
  });
  request.setTimeout(${CHECK_TIMEOUT_MS}, () => request.destroy(new Error("no answer in time")));
  request.on("error", (error) => refuse("Your push was rejected: the server could not check it (" + error.message + ")"));
  request.end(body);
});
`;

if (CLIENT.includes("'")) throw new Error("the hook client must not contain a single quote (it is quoted for sh)");

export const PRE_RECEIVE_HOOK = `#!/bin/sh
# Installed by Hubkit: the server that serves the push checks it (repos/pre-receive-hook.ts in the server's source).
if [ -z "$HUBKIT_PUSH_CHECK_TOKEN" ] || [ -z "$HUBKIT_PUSH_CHECK_PORT" ] || [ -z "$HUBKIT_NODE" ]; then
  echo "Your push was rejected: this repository takes pushes only through the Hubkit server (git over HTTP)" >&2
  exit 1
fi
exec "$HUBKIT_NODE" -e '${CLIENT}'
`;
