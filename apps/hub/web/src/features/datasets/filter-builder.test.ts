import { describe, expect, it } from "vitest";
import { columnKind, typeLabel } from "./feature-types";
import {
  addCondition,
  buildCondition,
  buildOrderBy,
  operatorsFor,
  quoteIdentifier,
  quoteString,
} from "./filter-builder";

describe("quoting", () => {
  it("double-quotes identifiers and single-quotes text, doubling inner quotes", () => {
    expect(quoteIdentifier("score")).toBe('"score"');
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
    expect(quoteString("it's")).toBe("'it''s'");
    // A value trying to close the literal and stack a statement stays one literal.
    expect(quoteString("x'; DROP TABLE t; --")).toBe("'x''; DROP TABLE t; --'");
  });
});

describe("buildCondition", () => {
  it("compares numbers as numbers and refuses what is not one", () => {
    expect(buildCondition({ column: "n", kind: "number", operator: ">=", value: " 2.5 " })).toEqual({
      ok: true,
      clause: '"n" >= 2.5',
    });
    expect(buildCondition({ column: "n", kind: "number", operator: "=", value: "-1e3" })).toEqual({
      ok: true,
      clause: '"n" = -1e3',
    });
    for (const value of ["", "abc", "1; DROP", "1 OR 1=1", "0x10"]) {
      const built = buildCondition({ column: "n", kind: "number", operator: "=", value });
      expect(built.ok, value).toBe(false);
    }
  });

  it("quotes text values and builds contains as LIKE", () => {
    expect(buildCondition({ column: "text", kind: "string", operator: "=", value: "O'Brien" })).toEqual({
      ok: true,
      clause: `"text" = 'O''Brien'`,
    });
    expect(buildCondition({ column: "text", kind: "string", operator: "contains", value: "cat" })).toEqual({
      ok: true,
      clause: `"text" LIKE '%cat%'`,
    });
    expect(buildCondition({ column: "text", kind: "string", operator: "contains", value: " " }).ok).toBe(false);
  });

  it("accepts only true/false for booleans, and null tests for any column", () => {
    expect(buildCondition({ column: "ok", kind: "bool", operator: "=", value: "TRUE" })).toEqual({
      ok: true,
      clause: '"ok" = true',
    });
    expect(buildCondition({ column: "ok", kind: "bool", operator: "=", value: "yes" }).ok).toBe(false);
    expect(buildCondition({ column: "img", kind: "other", operator: "is null", value: "ignored" })).toEqual({
      ok: true,
      clause: '"img" IS NULL',
    });
    expect(buildCondition({ column: "img", kind: "other", operator: "is not null", value: "" })).toEqual({
      ok: true,
      clause: '"img" IS NOT NULL',
    });
  });

  it("refuses an operator the column kind does not have", () => {
    expect(operatorsFor("bool")).not.toContain("<");
    expect(buildCondition({ column: "ok", kind: "bool", operator: "<", value: "true" }).ok).toBe(false);
    expect(buildCondition({ column: "n", kind: "number", operator: "contains", value: "1" }).ok).toBe(false);
    expect(buildCondition({ column: "img", kind: "other", operator: "=", value: "x" }).ok).toBe(false);
  });
});

describe("combining and ordering", () => {
  it("adds conditions with AND, keeping an existing OR together", () => {
    expect(addCondition("", '"a" = 1')).toBe('"a" = 1');
    expect(addCondition('"a" = 1', '"b" = 2')).toBe('"a" = 1 AND "b" = 2');
    expect(addCondition('"a" = 1 or "a" = 2', '"b" = 2')).toBe('("a" = 1 or "a" = 2) AND "b" = 2');
  });

  it("orders by a quoted column, or not at all", () => {
    expect(buildOrderBy("score", "DESC")).toBe('"score" DESC');
    expect(buildOrderBy("", "ASC")).toBe("");
  });
});

describe("column kinds from features", () => {
  it("names and classifies the datasets feature types", () => {
    expect(typeLabel({ _type: "Value", dtype: "int64" })).toBe("int64");
    expect(columnKind({ _type: "Value", dtype: "int64" })).toBe("number");
    expect(columnKind({ _type: "Value", dtype: "float32" })).toBe("number");
    expect(columnKind({ _type: "Value", dtype: "string" })).toBe("string");
    expect(columnKind({ _type: "Value", dtype: "bool" })).toBe("bool");
    expect(typeLabel({ _type: "ClassLabel", names: ["a", "b"] })).toBe("class label");
    expect(columnKind({ _type: "ClassLabel", names: ["a", "b"] })).toBe("number");
    expect(typeLabel({ _type: "Image" })).toBe("image");
    expect(columnKind({ _type: "Image" })).toBe("other");
    expect(typeLabel([{ _type: "Value", dtype: "string" }])).toBe("list");
    expect(typeLabel({ _type: "List", feature: { _type: "Value", dtype: "int32" } })).toBe("list");
    expect(typeLabel({ a: { _type: "Value", dtype: "int32" } })).toBe("struct");
  });
});
