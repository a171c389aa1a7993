// Numeric limits read from the environment: each limit has a default and a variable; a set variable must be a whole
// number (bounded in digits, so the value stays exact) of at least its minimum, else the server refuses to start.

export interface LimitRules<K extends string> {
  /** Most digits a value may have. */
  maxDigits: number;
  /** Least value of a limit (default 1). */
  minimum?: Partial<Record<K, number>>;
}

/** The defaults, with each limit whose variable is set replaced by its value; a malformed value throws. */
export function limitsFromEnv<L extends { [K in keyof L]: number }>(
  env: NodeJS.ProcessEnv,
  defaults: L,
  variables: Record<keyof L & string, string>,
  rules: LimitRules<keyof L & string>,
): L {
  const limits: Record<string, number> = { ...defaults };
  const pattern = new RegExp(`^\\d{1,${rules.maxDigits}}$`);
  for (const key of Object.keys(variables) as (keyof L & string)[]) {
    const text = env[variables[key]]?.trim();
    if (text === undefined || text === "") continue;
    const value = Number(text);
    const min = rules.minimum?.[key] ?? 1;
    if (!pattern.test(text) || value < min)
      throw new Error(`${variables[key]} must be a whole number >= ${min}, got ${JSON.stringify(text.slice(0, 40))}`);
    limits[key] = value;
  }
  return limits as L;
}
