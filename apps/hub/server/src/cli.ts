// `npm run hub -w apps/hub -- <command>`: the operator's account commands, on the same database the server uses
// (DATABASE_URL, or PGlite in HUBKIT_DATA_DIR). PGlite is locked by a running server: then use the admin API.
//   users create <name> [--fullname <text>]
//   orgs create <name> [--member <user>]… [--fullname <text>]
//   orgs add-member <org> <user>
//   tokens create --user <name> --role read|write [--name <label>]   (prints the token alone on stdout)
//   tokens revoke <token>
import { parseArgs } from "node:util";
import { ApiError } from "./api/api-error.js";
import { AccountStore } from "./auth/account-store.js";
import { loadConfig } from "./config.js";
import { isValidNamespace } from "./repos/repo-ref.js";
import { openDatabase } from "./server.js";
import type { Db } from "./store/db.js";
import { migrate } from "./store/migrations.js";

const USAGE = `usage: npm run hub -- users create <name> [--fullname <text>]
       npm run hub -- orgs create <name> [--member <user>]... [--fullname <text>]
       npm run hub -- orgs add-member <org> <user>
       npm run hub -- tokens create --user <name> --role read|write [--name <label>]
       npm run hub -- tokens revoke <token>`;

class UsageError extends Error {}

type Run = (accounts: AccountStore) => Promise<string>;

/** The command line → the work to do, checked before the database is opened. */
function parseCommand(argv: readonly string[]): Run {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      fullname: { type: "string" },
      member: { type: "string", multiple: true },
      user: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
    },
  });
  const [noun, verb, ...rest] = positionals;
  const command = `${noun ?? ""} ${verb ?? ""}`;
  if (command === "tokens revoke" && rest.length === 1)
    return async (accounts) => {
      if (!(await accounts.revokeToken(rest[0] ?? ""))) throw new ApiError(404, "No active token matches");
      return "revoked";
    };
  // Names and the role are checked before the database is opened (which takes seconds on PGlite).
  for (const name of [...rest, ...(values.member ?? []), ...(values.user !== undefined ? [values.user] : [])])
    if (!isValidNamespace(name)) throw new UsageError(`Invalid name ${JSON.stringify(name.slice(0, 100))}`);
  if (values.role !== undefined && values.role !== "read" && values.role !== "write")
    throw new UsageError('--role must be "read" or "write"');
  if (command === "users create" && rest.length === 1)
    return async (accounts) => {
      const user = await accounts.createUser(rest[0], values.fullname);
      return `created user ${user.name}`;
    };
  if (command === "orgs create" && rest.length === 1)
    return async (accounts) => {
      const org = await accounts.createOrganization(rest[0], values.member ?? [], values.fullname);
      const members = values.member ?? [];
      return `created organization ${org.name}${members.length > 0 ? ` with ${members.join(", ")}` : ""}`;
    };
  if (command === "orgs add-member" && rest.length === 2)
    return async (accounts) => {
      await accounts.addMember(rest[0], rest[1]);
      return `added ${rest[1]} to ${rest[0]}`;
    };
  if (command === "tokens create" && rest.length === 0) {
    if (values.user === undefined || values.role === undefined) throw new UsageError("--user and --role are required");
    return async (accounts) => (await accounts.createToken(values.user, values.role, values.name)).token;
  }
  throw new UsageError(`unknown command: ${positionals.join(" ") || "(none)"}`);
}

async function main(argv: readonly string[]): Promise<number> {
  let run: Run;
  try {
    run = parseCommand(argv.filter((arg) => arg !== "--"));
  } catch (error) {
    console.error(`[hub] ${error instanceof Error ? error.message : String(error)}`);
    console.error(USAGE);
    return 2;
  }
  let db: Db;
  try {
    db = await openDatabase(loadConfig());
    await migrate(db);
  } catch (error) {
    // One line (e.g. the folder is locked by a running server), not a stack trace.
    console.error(`[hub] cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    console.log(await run(new AccountStore(db)));
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[hub] ${error instanceof ApiError ? message : `failed: ${message}`}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
