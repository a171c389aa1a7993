// Public entry point of @hubkit/jinja: a sandboxed Jinja engine with Python Jinja2's output.
export type { Expr, Program, Stmt } from "./ast.js";
export { type ErrorKind, TemplateError } from "./errors.js";
export { parseJSON } from "./runtime/json.js";
export {
  Environment,
  Interpreter,
  type PublicToken,
  parse,
  Template,
  type TemplateContext,
  type TemplateOptions,
  tokenize,
} from "./template.js";
