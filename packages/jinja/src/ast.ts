// AST produced by the parser. Every node keeps `o`, its offset in the normalised source, for error positions.

export interface CallArgs {
  args: Expr[];
  kwargs: [string, Expr][];
  starArgs: Expr | null;
  starKwargs: Expr | null;
}

export type Expr =
  | { type: "Const"; o: number; value: unknown }
  | { type: "Name"; o: number; name: string }
  | { type: "List"; o: number; items: Expr[] }
  | { type: "Tuple"; o: number; items: Expr[] }
  | { type: "Dict"; o: number; pairs: [Expr, Expr][] }
  | { type: "GetAttr"; o: number; obj: Expr; name: string }
  | { type: "GetItem"; o: number; obj: Expr; key: Expr }
  | { type: "Slice"; o: number; obj: Expr; start: Expr | null; stop: Expr | null; step: Expr | null }
  | ({ type: "Call"; o: number; callee: Expr } & CallArgs)
  | ({ type: "Filter"; o: number; value: Expr | null; name: string } & CallArgs)
  | ({ type: "Test"; o: number; value: Expr; name: string; negated: boolean } & CallArgs)
  | { type: "Unary"; o: number; op: "not" | "-" | "+"; operand: Expr }
  | { type: "Binary"; o: number; op: string; left: Expr; right: Expr }
  | { type: "Concat"; o: number; items: Expr[] }
  | { type: "And" | "Or"; o: number; left: Expr; right: Expr }
  | { type: "Compare"; o: number; first: Expr; ops: [string, Expr][] }
  | { type: "CondExpr"; o: number; test: Expr; ifTrue: Expr; ifFalse: Expr | null };

export type Target =
  | { type: "Name"; o: number; name: string }
  | { type: "Tuple"; o: number; items: Target[] }
  | { type: "NSRef"; o: number; name: string; attr: string };

export interface Param {
  name: string;
  default: Expr | null;
}

export type Stmt =
  | { type: "Text"; o: number; text: string }
  | { type: "Output"; o: number; expr: Expr }
  | { type: "If"; o: number; test: Expr; body: Stmt[]; else: Stmt[]; elif?: boolean }
  | {
      type: "For";
      o: number;
      target: Target;
      iter: Expr;
      body: Stmt[];
      else: Stmt[];
      filter: Expr | null;
      recursive: boolean;
    }
  | { type: "Break" | "Continue"; o: number }
  | { type: "Set"; o: number; target: Target; value: Expr }
  | { type: "SetBlock"; o: number; target: Target; filter: Expr | null; body: Stmt[] }
  | { type: "Macro"; o: number; name: string; params: Param[]; body: Stmt[] }
  | { type: "CallBlock"; o: number; call: Expr; params: Param[]; body: Stmt[] }
  | { type: "FilterBlock"; o: number; filter: Expr; body: Stmt[] }
  | { type: "With"; o: number; targets: Target[]; values: Expr[]; body: Stmt[] }
  | { type: "Block"; o: number; name: string; scoped: boolean; body: Stmt[] }
  | { type: "Scope"; o: number; body: Stmt[] }
  | { type: "Autoescape"; o: number; expr: Expr; body: Stmt[] }
  | { type: "Unsupported"; o: number; tag: string };

export interface Program {
  type: "Program";
  body: Stmt[];
}
