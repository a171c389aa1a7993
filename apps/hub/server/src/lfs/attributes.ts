// Which paths `.gitattributes` sends to LFS: the `filter=lfs` lines, matched the way git matches attribute
// patterns (no `/` in the pattern: the file name at any depth; with `/`: the path from the root, `**` across
// folders). Used by preupload's `uploadMode` and by commits adding LFS files the attributes do not cover yet.

export interface LfsPatterns {
  matches(path: string): boolean;
}

const MAX_PATTERNS = 10_000;

function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === "*") {
      if (glob[i + 1] === "*") {
        const atSegmentStart = i === 0 || glob[i - 1] === "/";
        if (glob[i + 2] === "/" && atSegmentStart) {
          out += "(?:.*/)?";
          i += 2;
        } else {
          out += ".*";
          i += 1;
        }
      } else out += "[^/]*";
    } else if (ch === "?") out += "[^/]";
    else if (ch === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close === -1) out += "\\[";
      else {
        const body = glob
          .slice(i + 1, close)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        out += `[${body}]`;
        i = close;
      }
    } else if (ch === "\\" && i + 1 < glob.length) {
      out += (glob[i + 1] as string).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      i += 1;
    } else out += ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

/** The `filter=lfs` patterns of a `.gitattributes` text (later `-filter`/`!filter` lines switch a pattern off). */
export function lfsPatterns(gitattributes: string): LfsPatterns {
  const rules: { regex: RegExp; basename: boolean; lfs: boolean }[] = [];
  for (const raw of gitattributes.split(/\r?\n/).slice(0, MAX_PATTERNS)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const [pattern, ...attributes] = line.split(/\s+/);
    if (pattern === undefined || pattern.startsWith("!")) continue;
    let lfs: boolean | undefined;
    for (const attribute of attributes) {
      if (attribute === "filter=lfs") lfs = true;
      else if (attribute === "-filter" || attribute === "!filter" || /^filter=/.test(attribute)) lfs = false;
    }
    if (lfs === undefined) continue;
    const anchored = pattern.replace(/^\//, "");
    try {
      rules.push({ regex: globToRegExp(anchored), basename: !pattern.includes("/"), lfs });
    } catch {
      // A pattern git would not understand either: ignored, as git does.
    }
  }
  return {
    matches(path: string): boolean {
      const name = path.slice(path.lastIndexOf("/") + 1);
      let result = false;
      for (const rule of rules) if (rule.regex.test(rule.basename ? name : path)) result = rule.lfs;
      return result;
    },
  };
}

/**
 * A `.gitattributes` line sending this path to LFS: glob characters escaped, whitespace (which would end the
 * pattern) matched by `?`.
 */
export function lfsAttributeLine(path: string): string {
  const pattern = path.replace(/[\\*?[\]#!]/g, (ch) => `\\${ch}`).replace(/\s/g, "?");
  return `/${pattern} filter=lfs diff=lfs merge=lfs -text\n`;
}
