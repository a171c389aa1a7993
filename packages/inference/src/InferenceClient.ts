// InferenceClient / InferenceClientEndpoint / HfInference (§2.2): the 32 task functions bound as non-enumerable
// own properties, with the constructor's token (always wins) and default options (per-call options win).
import type { TextToImageArgs, TextToImageOptions } from "./tasks/cv/textToImage.js";
import * as tasks from "./tasks/index.js";
import type { Options, RequestArgs, RequestOptions } from "./types.js";

type Tasks = typeof tasks;
/** Omit that distributes over unions and keeps index signatures and known keys together (plain Omit does not). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown
  ? { [P in keyof T as P extends K ? never : P]: T[P] }
  : never;
type TaskFunction = (args: never, options?: never) => unknown;

/** Methods whose argument type omits `K` (accessToken, and endpointUrl for endpoints). */
type BoundTasks<K extends PropertyKey> = {
  [Name in Exclude<keyof Tasks, "textToImage" | "request" | "streamingRequest">]: Tasks[Name] extends (
    args: infer A,
    options?: infer O,
  ) => infer R
    ? (args: DistributiveOmit<A, K>, options?: O) => R
    : never;
} & {
  textToImage(
    args: DistributiveOmit<TextToImageArgs, K>,
    options: TextToImageOptions & { outputType: "url" },
  ): Promise<string>;
  textToImage(
    args: DistributiveOmit<TextToImageArgs, K>,
    options?: TextToImageOptions & { outputType?: undefined | "blob" },
  ): Promise<Blob>;
  request<T>(args: DistributiveOmit<RequestArgs, K>, options?: RequestOptions): Promise<T>;
  streamingRequest<T>(args: DistributiveOmit<RequestArgs, K>, options?: RequestOptions): AsyncGenerator<T>;
};

export type InferenceClientMethods = BoundTasks<"accessToken">;
export type InferenceClientEndpointMethods = BoundTasks<"accessToken" | "endpointUrl">;

function bindTasks(target: object, extraArgs: Record<string, string>, defaultOptions: Options): void {
  for (const [name, fn] of Object.entries(tasks) as [string, TaskFunction][]) {
    const call = fn as unknown as (args: object, options: Options) => unknown;
    Object.defineProperty(target, name, {
      enumerable: false,
      value: (params: object, options?: Options) =>
        call({ ...params, ...extraArgs }, { ...defaultOptions, ...options }),
    });
  }
}

export interface InferenceClient extends InferenceClientMethods {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the methods are defined in the constructor.
export class InferenceClient {
  accessToken: string;
  defaultOptions: Options;

  constructor(accessToken = "", defaultOptions: Options = {}) {
    this.accessToken = accessToken;
    this.defaultOptions = defaultOptions;
    bindTasks(this, { accessToken }, defaultOptions);
  }

  /** A client for a dedicated endpoint, with the same token and default options. */
  endpoint(endpointUrl: string): InferenceClientEndpoint {
    return new InferenceClientEndpoint(endpointUrl, this.accessToken, this.defaultOptions);
  }
}

export interface InferenceClientEndpoint extends InferenceClientEndpointMethods {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the methods are defined in the constructor.
export class InferenceClientEndpoint {
  constructor(endpointUrl: string, accessToken = "", defaultOptions: Options = {}) {
    bindTasks(this, { accessToken, endpointUrl }, defaultOptions);
  }
}

/** Backward-compatible alias of InferenceClient. */
export class HfInference extends InferenceClient {}
