import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { ModelDetails } from "./model-details";

afterEach(cleanup);

test("facts come from the record; size and providers are not repeated here", () => {
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
  expect(screen.getByText("org/base")).toBeTruthy();
  expect(screen.queryByText("8.0B")).toBeNull();
  expect(screen.queryByText("org/m-turbo")).toBeNull();
});

test("nothing to show: no section", () => {
  const { container } = render(<ModelDetails model={{ id: "org/m", tags: [] }} />);
  expect(container.innerHTML).toBe("");
});
