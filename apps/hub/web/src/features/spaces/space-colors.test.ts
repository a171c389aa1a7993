import { describe, expect, test } from "vitest";
import { runLocallyCommands, SPACE_COLORS, spaceGradient } from "./space-colors";

describe("spaceGradient", () => {
  test("the card's colours, the hub's defaults for unknown or hostile values", () => {
    expect(spaceGradient("pink", "indigo")).toBe(
      `linear-gradient(135deg, ${SPACE_COLORS.pink}, ${SPACE_COLORS.indigo})`,
    );
    expect(spaceGradient("red;background:url(x)", 3)).toBe(
      `linear-gradient(135deg, ${SPACE_COLORS.blue}, ${SPACE_COLORS.purple})`,
    );
    expect(spaceGradient("constructor", "__proto__")).toBe(
      `linear-gradient(135deg, ${SPACE_COLORS.blue}, ${SPACE_COLORS.purple})`,
    );
  });
});

describe("runLocallyCommands", () => {
  test("each SDK's command", () => {
    expect(runLocallyCommands("gradio", "demo")).toContain("python app.py");
    expect(runLocallyCommands("streamlit", "demo")).toContain("streamlit run app.py");
    expect(runLocallyCommands("docker", "Demo")).toEqual(["docker build -t demo .", "docker run -p 7860:7860 demo"]);
  });
});
