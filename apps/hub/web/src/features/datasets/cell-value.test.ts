import { describe, expect, it } from "vitest";
import { imageSource, jsonText, mediaUrl } from "./cell-value";

describe("media cells", () => {
  it("loads media only from this hub's origin or as inline raster images and audio", () => {
    const here = window.location.origin;
    expect(mediaUrl("/datasets/a/b/resolve/main/x.png", "image")).toBe(`${here}/datasets/a/b/resolve/main/x.png`);
    expect(mediaUrl(`${here}/x.wav`, "audio")).toBe(`${here}/x.wav`);
    expect(mediaUrl("https://elsewhere.example/x.png", "image")).toBeUndefined();
    expect(mediaUrl("//elsewhere.example/x.png", "image")).toBeUndefined();
    expect(mediaUrl("javascript:alert(1)", "image")).toBeUndefined();
    expect(mediaUrl("data:image/png;base64,iVBORw0KGgo=", "image")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(mediaUrl("data:image/svg+xml;base64,PHN2Zz4=", "image")).toBeUndefined();
    expect(mediaUrl("data:text/html;base64,PGI+", "image")).toBeUndefined();
    expect(mediaUrl("data:audio/wav;base64,UklGRg==", "audio")).toBe("data:audio/wav;base64,UklGRg==");
    expect(mediaUrl("data:audio/wav;base64,UklGRg==", "image")).toBeUndefined();
    expect(mediaUrl({ src: "x" }, "image")).toBeUndefined();
  });

  it("shows the Parquet image struct's bytes as a data URI only when they are a raster image", () => {
    const png = btoa("\x89PNG\r\n\x1a\n0000000000000000");
    expect(imageSource({ bytes: png, path: "x.png" })).toBe(`data:image/png;base64,${png}`);
    expect(imageSource({ bytes: btoa("\xff\xd8\xff\xe0 jpeg body"), path: "x.png" })).toMatch(/^data:image\/jpeg;/);
    // The path's extension does not decide: HTML bytes named .png are not shown.
    expect(imageSource({ bytes: btoa("<html><script>alert(1)</script>"), path: "x.png" })).toBeUndefined();
    expect(imageSource({ bytes: "not base64 !!!", path: "x.png" })).toBeUndefined();
    expect(imageSource({ src: "/a.png", bytes: png })).toBe("/a.png");
  });

  it("bounds the JSON text of a huge nested value", () => {
    const huge = Array.from({ length: 100_000 }, (_, i) => ({ i, text: "some words" }));
    expect(jsonText(huge).length).toBeLessThanOrEqual(20_000);
    expect(jsonText({ a: [1, null, "x"] })).toBe('{"a":[1,null,"x"]}');
  });
});
