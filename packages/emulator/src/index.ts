// Public entry point of @hubkit/emulator (Node only; the browser-safe parts are in "@hubkit/emulator/fetch").
export { ASSETS, fromBase64, toBase64 } from "./assets.js";
export {
  createEmulatorFetch,
  EMULATED_HOSTS,
  HUB_HOST,
  PROVIDER_BASE_URLS,
  PROVIDER_HOSTS,
  ROUTER_HOST,
  rewriteToEmulator,
} from "./hosts.js";
export { DEFAULT_MODELS, DEFAULT_TASK_MODELS } from "./model-table.js";
export { startEmulator } from "./server.js";
export { sseText } from "./sse-text.js";
export type {
  EmulatedModel,
  Emulator,
  EmulatorOptions,
  Fault,
  FaultMatch,
  ProviderId,
  ProviderMappingEntry,
  RecordedRequest,
} from "./types.js";
