// The typed route table: every page of the site, its path pattern and the lazily loaded module that renders it.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

export interface RouteParams {
  [name: string]: string;
}

export interface RouteDefinition {
  /** Path pattern: literal segments and `:name` parameters; a trailing `*rest` captures the remainder. */
  pattern: string;
  /** Shown in the navigation when set. */
  navLabel?: string;
  title: (params: RouteParams) => string;
  page: LazyExoticComponent<ComponentType<{ params: RouteParams }>>;
}

// Each page is its own chunk (code-split routes keep the first load small).
export const ROUTES: RouteDefinition[] = [
  { pattern: "/", title: () => "Hubkit", page: lazy(() => import("./features/home/home-page")) },
  {
    pattern: "/tasks",
    navLabel: "Tasks",
    title: () => "Tasks",
    page: lazy(() => import("./features/tasks/tasks-page")),
  },
  {
    pattern: "/tasks/:taskId",
    title: (p) => p.taskId,
    page: lazy(() => import("./features/tasks/task-page")),
  },
  {
    pattern: "/libraries",
    navLabel: "Libraries",
    title: () => "Libraries",
    page: lazy(() => import("./features/libraries/libraries-page")),
  },
  {
    pattern: "/models",
    navLabel: "Models",
    title: () => "Models",
    page: lazy(() => import("./features/models/models-page")),
  },
  {
    pattern: "/models/:namespace/:name",
    title: (p) => `${p.namespace}/${p.name}`,
    page: lazy(() => import("./features/models/model-page")),
  },
  {
    pattern: "/playground",
    navLabel: "Playground",
    title: () => "Inference playground",
    page: lazy(() => import("./features/playground/playground-page")),
  },
  {
    pattern: "/chat-template",
    navLabel: "Chat templates",
    title: () => "Chat-template playground",
    page: lazy(() => import("./features/chat-template/chat-template-page")),
  },
  {
    pattern: "/gguf",
    navLabel: "GGUF",
    title: () => "GGUF quantization",
    page: lazy(() => import("./features/gguf/gguf-page")),
  },
];

export const NOT_FOUND_PAGE = lazy(() => import("./components/not-found-page"));

/** Matches a path against the table; parameters are URI-decoded. Returns undefined for unknown paths. */
export function matchRoute(path: string): { route: RouteDefinition; params: RouteParams } | undefined {
  const segments = path.replace(/\/+$/, "").split("/").filter(Boolean);
  for (const route of ROUTES) {
    const parts = route.pattern.split("/").filter(Boolean);
    if (parts.length !== segments.length) continue;
    const params: RouteParams = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const part = parts[i];
      let segment: string;
      try {
        segment = decodeURIComponent(segments[i]);
      } catch {
        ok = false;
        break;
      }
      if (part.startsWith(":")) params[part.slice(1)] = segment;
      else ok = part === segment;
    }
    if (ok) return { route, params };
  }
  return undefined;
}
