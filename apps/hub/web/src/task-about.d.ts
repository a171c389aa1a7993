// The virtual module of web/task-about-module.ts: task id → loader of its about.md text.
declare module "virtual:hubkit-task-about" {
  export const TASK_ABOUT: Record<string, () => Promise<string>>;
}
