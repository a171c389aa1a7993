// Which database errors are "unreachable, retry" (503) and which stay the statement's own error (store/db.ts).
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../src/store/db-unavailable.js";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("knows a database that cannot be reached", () => {
    for (const error of [
      withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      withCode("ECONNRESET"),
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P03", "the database system is starting up"),
      withCode("53300", "sorry, too many clients already"),
      withCode("08006", "connection failure"),
      withCode("55000", 'database "hub" is not currently accepting connections'),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it("leaves a statement's own errors alone", () => {
    for (const error of [
      withCode("23505", "duplicate key value violates unique constraint"),
      withCode("42P01", 'relation "x" does not exist'),
      withCode("55000", "object not in prerequisite state"),
      withCode("RepoNotFound", "Repository not found"),
      new Error("a README that says: Connection terminated unexpectedly"),
      "ECONNREFUSED",
      undefined,
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
