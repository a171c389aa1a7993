import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { ModelDetails } from "./model-details";

afterEach(cleanup);

test("facts and the provider table come from the record", () => {
  render(
    <ModelDetails
      model={{
        id: "org/m",
        tags: [],
        config: { architectures: ["LlamaForCausalLM"], model_type: "llama" },
        safetensors: { parameters: { BF16: 8_030_261_248 }, total: 8_030_261_248, sharded: true },
        cardData: { base_model: ["org/base"] },
        inferenceProviderMapping: { together: { providerId: "org/m-turbo", status: "live", task: "conversational" } },
      }}
    />,
  );
  expect(screen.getByText("LlamaForCausalLM")).toBeTruthy();
  expect(screen.getByText("8.0B")).toBeTruthy();
  expect(screen.getByText("org/base")).toBeTruthy();
  const row = screen.getByRole("row", { name: /together/ });
  expect(within(row).getByText("org/m-turbo")).toBeTruthy();
  expect(within(row).getByText("live")).toBeTruthy();
});

test("nothing to show: no section", () => {
  const { container } = render(<ModelDetails model={{ id: "org/m", tags: [] }} />);
  expect(container.innerHTML).toBe("");
});
