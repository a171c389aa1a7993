// Bundled by esbuild (conditions: hubkit-source) and loaded in Chromium: runs the client against the emulator.
import { createEmulatorFetch } from "@hubkit/emulator/fetch";
import {
  chatCompletion,
  chatCompletionStream,
  InferenceClient,
  imageClassification,
  textToImage,
} from "@hubkit/inference";

interface PageResult {
  chat: string;
  streamed: string;
  streamedChunks: number;
  image: { size: number; type: string; bytes: number[] };
  imageUrl: string;
  classification: unknown;
  clientChat: string;
  defaultFetchChat: string;
  defaultFetchStreamed: string;
  userAgent: string;
}

async function runAll(emulatorUrl: string): Promise<PageResult> {
  const fetch = createEmulatorFetch(emulatorUrl);
  const messages = [{ role: "user", content: "from the browser" }];
  const chat = await chatCompletion(
    { model: "meta-llama/Llama-3.3-70B-Instruct", provider: "together", accessToken: "hf_browserToken", messages },
    { fetch },
  );
  let streamed = "";
  let streamedChunks = 0;
  for await (const chunk of chatCompletionStream(
    { model: "meta-llama/Llama-3.3-70B-Instruct", provider: "cerebras", accessToken: "hf_browserToken", messages },
    { fetch },
  )) {
    streamedChunks++;
    streamed += chunk.choices[0]?.delta?.content ?? "";
  }
  const image = await textToImage(
    { model: "stabilityai/stable-diffusion-xl-base-1.0", accessToken: "hf_browserToken", inputs: "a cat" },
    { fetch },
  );
  const imageUrl = await textToImage(
    { model: "stabilityai/stable-diffusion-xl-base-1.0", accessToken: "hf_browserToken", inputs: "a cat" },
    { fetch, outputType: "url" },
  );
  const upload = new Blob([new Uint8Array([0x89, 80, 78, 71, 0, 0xfe])], { type: "image/png" });
  const classification = await imageClassification(
    { model: "google/vit-base-patch16-224", accessToken: "hf_browserToken", data: upload },
    { fetch },
  );
  const client = new InferenceClient("", { fetch });
  const clientChat = await client.chatCompletion({ endpointUrl: `${emulatorUrl}/v1`, messages });
  // No `fetch` option: the browser's own fetch must be called correctly (unbound, not as a method of our objects).
  const defaultFetchChat = await chatCompletion({ endpointUrl: `${emulatorUrl}/v1`, messages });
  let defaultFetchStreamed = "";
  for await (const chunk of chatCompletionStream({ endpointUrl: `${emulatorUrl}/v1`, messages })) {
    defaultFetchStreamed += chunk.choices[0]?.delta?.content ?? "";
  }
  return {
    chat: chat.choices[0]?.message?.content ?? "",
    streamed,
    streamedChunks,
    image: { size: image.size, type: image.type, bytes: [...new Uint8Array(await image.arrayBuffer())] },
    imageUrl,
    classification,
    clientChat: clientChat.choices[0]?.message?.content ?? "",
    defaultFetchChat: defaultFetchChat.choices[0]?.message?.content ?? "",
    defaultFetchStreamed,
    userAgent: navigator.userAgent,
  };
}

(globalThis as { runAll?: typeof runAll }).runAll = runAll;
