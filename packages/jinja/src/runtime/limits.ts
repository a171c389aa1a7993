// Security limits: step budget, output/size cap, call depth and the sandbox's range cap.
// The per-render state lives in `Runtime`; helpers that build big values (filters, `*`, `~`) check the size cap
// through `currentLimits`, which a render installs for its duration.
import { Fault } from "../errors.js";

export const MAX_RANGE = 100_000;

export interface Limits {
  maxSteps: number;
  maxOutputLength: number;
  maxCallDepth: number;
}

export const DEFAULT_LIMITS: Limits = { maxSteps: 10_000_000, maxOutputLength: 33_554_432, maxCallDepth: 200 };

export let currentLimits: Limits = DEFAULT_LIMITS;
export function installLimits(l: Limits): Limits {
  const prev = currentLimits;
  currentLimits = l;
  return prev;
}

export function outputLimit(max: number): Fault {
  return new Fault("limit", `Output limit exceeded: more than ${max} characters`);
}

/** Throws when a string or list the template builds would exceed the size cap. */
export function checkSize(length: number): void {
  if (length > currentLimits.maxOutputLength) throw outputLimit(currentLimits.maxOutputLength);
}

export function stepLimit(max: number): Fault {
  return new Fault("limit", `Step budget exhausted: the template executed more than ${max} steps`);
}

export function depthLimit(max: number): Fault {
  return new Fault("limit", `Maximum call depth of ${max} exceeded`);
}
