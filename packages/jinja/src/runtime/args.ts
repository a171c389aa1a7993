// Python-style argument binding for built-in filters, tests, globals and methods.
import { typeError } from "../errors.js";
import type { Kwargs } from "./values.js";

export const REQUIRED: unique symbol = Symbol("required");

/**
 * Binds positional and keyword arguments to `names`; `defaults[i]` is used when argument i is missing
 * (REQUIRED makes it mandatory). Mirrors the TypeErrors Python raises for bad calls.
 */
export function bind(fname: string, args: unknown[], kw: Kwargs, names: string[], defaults: unknown[]): unknown[] {
  if (args.length === 0 && kw === null && !defaults.includes(REQUIRED)) return defaults;
  if (args.length > names.length) {
    throw typeError(
      `${fname}() takes at most ${names.length} argument${names.length === 1 ? "" : "s"} (${args.length} given)`,
    );
  }
  const out = args.slice();
  for (let i = args.length; i < names.length; i++) out.push(undefined);
  if (kw !== null) {
    for (const [k, v] of kw) {
      const i = names.indexOf(k);
      if (i === -1) throw typeError(`${fname}() got an unexpected keyword argument '${k}'`);
      if (i < args.length) throw typeError(`${fname}() got multiple values for argument '${k}'`);
      out[i] = v;
    }
  }
  for (let i = 0; i < names.length; i++) {
    if (out[i] === undefined) {
      if (defaults[i] === REQUIRED) throw typeError(`${fname}() missing 1 required positional argument: '${names[i]}'`);
      out[i] = defaults[i];
    }
  }
  return out;
}

/** For methods that accept no keyword arguments (like most Python str methods). */
export function positional(fname: string, args: unknown[], kw: Kwargs, min: number, max: number): unknown[] {
  if (kw !== null && kw.size > 0) throw typeError(`${fname}() takes no keyword arguments`);
  if (args.length < min || args.length > max) {
    if (min === max) {
      throw typeError(`${fname}() takes ${min === 0 ? "no arguments" : `exactly one argument`} (${args.length} given)`);
    }
    throw typeError(
      args.length < min
        ? `${fname}() takes at least ${min} argument${min === 1 ? "" : "s"} (${args.length} given)`
        : `${fname}() takes at most ${max} argument${max === 1 ? "" : "s"} (${args.length} given)`,
    );
  }
  return args;
}
