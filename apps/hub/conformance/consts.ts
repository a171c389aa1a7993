// Stands in for @huggingface/hub's `src/test/consts.ts` during the conformance run (the Vite plugin in project.ts
// resolves the specs' `../test/consts` import here). The values come from the environment the global setup wrote
// after it started a fresh Hubkit and created the test account, so nothing of the package is copied or edited.
//   TEST_HUB_URL      the local hub (the specs' `https://hub-ci.huggingface.co`)
//   TEST_USER         `hub-js`: Hubkit follows the hub's published username rules, which have no `.` (see README)
//   TEST_ACCESS_TOKEN a write token issued to that user by the admin API (the specs' `hf_hub.js` is no token shape
//                     Hubkit issues; the specs only ever use it through this constant)
//   TEST_COOKIE       a value no session has: Hubkit is no OAuth provider, the one spec using it expects a 501
import { CONFORMANCE_ENV } from "./environment.js";

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === "")
    throw new Error(`${name} is not set: run the specs through apps/hub/conformance (its global setup sets it)`);
  return value;
}

export const TEST_HUB_URL = required(CONFORMANCE_ENV.hubUrl);
export const TEST_USER = required(CONFORMANCE_ENV.user);
export const TEST_ACCESS_TOKEN = required(CONFORMANCE_ENV.token);
export const TEST_COOKIE = required(CONFORMANCE_ENV.cookie);
