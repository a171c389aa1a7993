// The operator's commands (`npm run hub -- …`) as requests to the admin API, checked before anything is opened,
// and how each answer is printed. The same request goes over the running server's admin socket or, when no
// server runs, to an in-process app on the database (src/cli.ts picks).
import { parseArgs } from "node:util";
import { isValidNamespace } from "../repos/repo-ref.js";
import { isOrgRole } from "./principal.js";

export const USAGE = `usage: npm run hub -- users create <name> [--fullname <text>]
       npm run hub -- users delete <name>                 (refused while repositories live under the name)
       npm run hub -- users disable|enable <name>
       npm run hub -- users password <name>               (the new password on stdin)
       npm run hub -- orgs create <name> [--member <user>]... [--fullname <text>]   (the first member is admin)
       npm run hub -- orgs members <org>
       npm run hub -- orgs add-member <org> <user> [--role admin|write|read]
       npm run hub -- orgs set-role <org> <user> --role admin|write|read
       npm run hub -- orgs remove-member <org> <user>
       npm run hub -- tokens create --user <name> --role read|write [--name <label>]   (prints the token alone)
       npm run hub -- tokens revoke <token>
       npm run hub -- xet gc [--grace-days <n>]           (Xet files no repository links, then unreferenced xorbs)`;

export class UsageError extends Error {}

export interface CommandRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: Record<string, unknown>;
  /** Reads the password from stdin before the request is sent. */
  passwordFromStdin?: boolean;
  /** The line printed for a successful answer. */
  print(answer: unknown): string;
}

const at = (name: string) => encodeURIComponent(name);

function field(answer: unknown, key: string): string {
  const value = typeof answer === "object" && answer !== null ? (answer as Record<string, unknown>)[key] : undefined;
  return typeof value === "string" ? value : "";
}

export function parseCommand(argv: readonly string[]): CommandRequest {
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
      "grace-days": { type: "string" },
    },
  });
  const [noun, verb, ...rest] = positionals;
  const command = `${noun ?? ""} ${verb ?? ""}`;
  if (command === "tokens revoke" && rest.length === 1)
    return { method: "POST", path: "/api/admin/tokens/revoke", body: { token: rest[0] }, print: () => "revoked" };
  // Names and roles are checked before anything is opened.
  for (const name of [...rest, ...(values.member ?? []), ...(values.user !== undefined ? [values.user] : [])])
    if (!isValidNamespace(name)) throw new UsageError(`Invalid name ${JSON.stringify(name.slice(0, 100))}`);
  const role = values.role;
  const [first = "", second = ""] = rest;
  switch (command) {
    case "xet gc": {
      // Needs the running server (it owns the xorb store); over its admin socket.
      const grace = values["grace-days"];
      if (rest.length !== 0 || (grace !== undefined && !/^\d{1,5}$/.test(grace))) break;
      return {
        method: "POST",
        path: `/api/admin/xet/gc${grace !== undefined ? `?grace_days=${grace}` : ""}`,
        print: (answer) => {
          const report = (typeof answer === "object" && answer !== null ? answer : {}) as Record<string, unknown>;
          return `deleted ${report.filesDeleted} Xet files and ${report.xorbsDeleted} xorbs (${report.bytesFreed} bytes); kept ${report.xorbsKept} xorbs`;
        },
      };
    }
    case "users create":
      if (rest.length !== 1) break;
      return {
        method: "POST",
        path: "/api/admin/users",
        body: { name: first, ...(values.fullname !== undefined ? { fullname: values.fullname } : {}) },
        print: (answer) => `created user ${field(answer, "name")}`,
      };
    case "users delete":
      if (rest.length !== 1) break;
      return { method: "DELETE", path: `/api/admin/users/${at(first)}`, print: () => `deleted user ${first}` };
    case "users disable":
    case "users enable": {
      if (rest.length !== 1) break;
      const disabled = verb === "disable";
      return {
        method: "POST",
        path: `/api/admin/users/${at(first)}/disable`,
        body: { disabled },
        print: () => `${disabled ? "disabled" : "enabled"} user ${first}`,
      };
    }
    case "users password":
      if (rest.length !== 1) break;
      return {
        method: "POST",
        path: `/api/admin/users/${at(first)}/password`,
        passwordFromStdin: true,
        print: () => `password set for ${first}; their sessions ended`,
      };
    case "orgs create": {
      if (rest.length !== 1) break;
      const members = values.member ?? [];
      return {
        method: "POST",
        path: "/api/admin/organizations",
        body: { name: first, members, ...(values.fullname !== undefined ? { fullname: values.fullname } : {}) },
        print: (answer) =>
          `created organization ${field(answer, "name")}${members.length > 0 ? ` with ${members.join(", ")}` : ""}`,
      };
    }
    case "orgs members":
      if (rest.length !== 1) break;
      return {
        method: "GET",
        path: `/api/organizations/${at(first)}/members`,
        print: (answer) =>
          (Array.isArray(answer) ? answer : [])
            .map((member) => `${field(member, "user")}\t${field(member, "role")}`)
            .join("\n"),
      };
    case "orgs add-member":
      if (rest.length !== 2) break;
      if (role !== undefined && !isOrgRole(role)) throw new UsageError('--role must be "admin", "write" or "read"');
      return {
        method: "POST",
        path: `/api/admin/organizations/${at(first)}/members`,
        body: { user: second, ...(role !== undefined ? { role } : {}) },
        print: () => `added ${second} to ${first}${role !== undefined ? ` as ${role}` : ""}`,
      };
    case "orgs set-role":
      if (rest.length !== 2) break;
      if (!isOrgRole(role)) throw new UsageError('--role must be "admin", "write" or "read"');
      return {
        method: "PUT",
        path: `/api/organizations/${at(first)}/members/${at(second)}`,
        body: { role },
        print: () => `${second} is now ${role} in ${first}`,
      };
    case "orgs remove-member":
      if (rest.length !== 2) break;
      return {
        method: "DELETE",
        path: `/api/organizations/${at(first)}/members/${at(second)}`,
        print: () => `removed ${second} from ${first}`,
      };
    case "tokens create":
      if (rest.length !== 0) break;
      if (role !== undefined && role !== "read" && role !== "write")
        throw new UsageError('--role must be "read" or "write"');
      if (values.user === undefined || role === undefined) throw new UsageError("--user and --role are required");
      return {
        method: "POST",
        path: "/api/admin/tokens",
        body: { user: values.user, role, ...(values.name !== undefined ? { name: values.name } : {}) },
        print: (answer) => field(answer, "token"),
      };
  }
  throw new UsageError(`unknown command: ${positionals.join(" ") || "(none)"}`);
}
