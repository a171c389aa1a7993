import { expect, test } from "vitest";
import { ENGINE_NAME } from "../src/index.js";

test("workspace packages resolve to sources", () => {
  expect(ENGINE_NAME).toBe("hubkit-jinja");
});
