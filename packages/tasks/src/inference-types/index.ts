// Input/output types of the inference task specs (catalogue.md §2.3). Type-only: no runtime code.
export type * from "./audio.js";
export type * from "./chat-completion.js";
export type * from "./common.js";
export type * from "./multimodal.js";
export type * from "./text.js";
export type * from "./text-generation.js";
export type * from "./vision.js";
