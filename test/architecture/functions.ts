/**
 * The functions of a tree of TypeScript files and how many lines each spans, read with a real
 * parser (oxc): declarations, function expressions and arrow functions, each named by what holds it
 * (`const name = …`, a method or property key), "(anonymous)" otherwise. A function inside another
 * is counted on its own too. Used by function-length.test.ts.
 */
import { readFileSync } from "node:fs";
import { parseSync } from "oxc-parser";

export interface FunctionSpan {
  /** `src/app.ts:createBot` */
  name: string;
  lines: number;
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);
const NAMED_BY_KEY = new Set(["MethodDefinition", "Property", "PropertyDefinition"]);

type AstNode = { type?: string; start: number; end: number; [key: string]: unknown };

/** The 1-based line of each offset of `source`. */
function lineIndex(source: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === "\n") starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** The name a node gives to a function it holds, if any. */
function nameFrom(node: AstNode): string | undefined {
  if (node.type === "VariableDeclarator") return (node.id as { name?: string } | undefined)?.name;
  if (NAMED_BY_KEY.has(node.type ?? "")) {
    const key = node.key as { name?: string; value?: unknown } | undefined;
    return key?.name ?? (typeof key?.value === "string" ? key.value : undefined);
  }
  return undefined;
}

/** Every function in `file` (a path relative to the working folder) with the lines it spans. */
export function functionSpans(file: string): FunctionSpan[] {
  const source = readFileSync(file, "utf8");
  const lineOf = lineIndex(source);
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
  const out: FunctionSpan[] = [];
  const walk = (value: unknown, held: string | undefined): void => {
    if (Array.isArray(value)) {
      for (const v of value) walk(v, held);
      return;
    }
    if (!value || typeof value !== "object") return;
    const node = value as AstNode;
    const name = nameFrom(node) ?? held;
    const isFunction = FUNCTIONS.has(node.type ?? "");
    if (isFunction) {
      const own = (node.id as { name?: string } | null | undefined)?.name ?? name ?? "(anonymous)";
      out.push({ name: `${file}:${own}`, lines: lineOf(node.end - 1) - lineOf(node.start) + 1 });
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== "type" && key !== "start" && key !== "end") walk(child, isFunction ? undefined : name);
    }
  };
  walk(program, undefined);
  return out;
}
