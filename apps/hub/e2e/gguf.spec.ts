// GGUF page: quant table, the file-name checker, and the header inspector on a small GGUF file built here.
import { expect, test } from "./fixtures";

function ggufFile(): Buffer {
  const parts: Buffer[] = [];
  const u32 = (value: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    parts.push(b);
  };
  const u64 = (value: number) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    parts.push(b);
  };
  const str = (text: string) => {
    u64(Buffer.byteLength(text));
    parts.push(Buffer.from(text));
  };
  parts.push(Buffer.from("GGUF"));
  u32(3);
  u64(291);
  u64(2);
  str("general.architecture");
  u32(8);
  str("llama");
  str("llama.context_length");
  u32(4);
  u32(131072);
  return Buffer.concat(parts);
}

test("quant table, file-name checker and header inspector", async ({ page, guard: _ }) => {
  await page.goto("/gguf");
  await expect(page.getByRole("rowheader", { name: "Q4_K", exact: true })).toBeVisible();
  await expect(page.getByTestId("quant-result")).toContainText("Q4_K_M");
  await page.getByLabel("GGUF file name").fill("gpt-oss-20b-MXFP4.gguf");
  await expect(page.getByTestId("quant-result")).toContainText("MXFP4");
  await page.getByLabel("GGUF file name").fill("README.md");
  await expect(page.getByTestId("quant-result")).toHaveText("No quantization label found in this name.");

  await page.getByLabel(/GGUF file \(read in your browser/).setInputFiles({
    name: "tiny.gguf",
    mimeType: "application/octet-stream",
    buffer: ggufFile(),
  });
  await expect(page.getByText("GGUF version 3, 291 tensors, 2 metadata entries.")).toBeVisible();
  await expect(page.getByRole("row", { name: /general\.architecture string "llama"/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /llama\.context_length uint32 131072/ })).toBeVisible();
});
