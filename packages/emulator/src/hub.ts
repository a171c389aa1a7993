// The emulated hub API: /api/models/{id}[?expand[]=inferenceProviderMapping] and /api/tasks.
import { errorReply, jsonReply, type Reply, type RequestContext } from "./reply.js";

export function hub(ctx: RequestContext): Reply {
  if (ctx.method !== "GET") return errorReply(405, `Method ${ctx.method} not allowed`);
  const auth = ctx.headers.authorization;
  if (auth !== undefined && !auth.startsWith("Bearer "))
    return errorReply(401, "Invalid credentials in Authorization header");
  if (ctx.pathname === "/api/tasks") {
    const tasks: Record<string, unknown> = {};
    for (const [task, ids] of Object.entries(ctx.state.taskDefaults)) {
      tasks[task] = { id: task, label: task, models: ids.map((id) => ({ id, description: `Default model ${id}` })) };
    }
    return jsonReply(200, tasks);
  }
  const modelPath = /^\/api\/models\/(.+)$/.exec(ctx.pathname);
  if (!modelPath) return errorReply(404, `Not Found: ${ctx.pathname}`);
  const model = ctx.state.models.get(decodeURIComponent(modelPath[1]));
  if (!model) return errorReply(404, "Repository not found");
  const answer: Record<string, unknown> = { _id: `emu-${model.id}`, id: model.id, pipeline_tag: model.pipeline_tag };
  if (ctx.query.getAll("expand[]").includes("inferenceProviderMapping")) {
    const mapping = model.inferenceProviderMapping ?? {};
    answer.inferenceProviderMapping =
      model.mappingForm === "array"
        ? Object.entries(mapping).map(([provider, entry]) => ({ provider, ...entry }))
        : mapping;
  }
  return jsonReply(200, answer);
}
