// The user's access token and custom endpoint for the try-it widgets. They stay in this browser tab: in memory,
// and in sessionStorage only when the user asks for it. They are never sent to the Hubkit server.
import { useSyncExternalStore } from "react";

export interface Credentials {
  token: string;
  endpointUrl: string;
  remember: boolean;
}

const KEY = "hubkit-credentials";
const listeners = new Set<() => void>();
let current: Credentials = readStored() ?? { token: "", endpointUrl: "", remember: false };

function readStored(): Credentials | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<Credentials>;
    return {
      token: typeof value.token === "string" ? value.token : "",
      endpointUrl: typeof value.endpointUrl === "string" ? value.endpointUrl : "",
      remember: true,
    };
  } catch {
    return undefined;
  }
}

export function getCredentials(): Credentials {
  return current;
}

export function setCredentials(changes: Partial<Credentials>): void {
  current = { ...current, ...changes };
  try {
    if (current.remember)
      window.sessionStorage.setItem(KEY, JSON.stringify({ token: current.token, endpointUrl: current.endpointUrl }));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable (privacy mode): memory only
  }
  for (const listener of listeners) listener();
}

export function useCredentials(): Credentials {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getCredentials,
    getCredentials,
  );
}
