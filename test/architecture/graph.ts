/**
 * The import graph of a tree of TypeScript files, read with regular expressions (no compiler): each
 * file's relative import specifiers, resolved to repository paths. Used by imports.test.ts to check
 * that imports point down and never go round in a circle.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix, relative, resolve, sep } from "node:path";

/** Module path (relative to the repository, with "/") → the module paths it imports. */
export type Graph = Map<string, Set<string>>;

// Top-level `import … from "x"`, `import type … from "x"`, `export { … } from "x"`, `export * from "x"`:
// anchored at the start of a line, so a doc comment that shows an import (" * import …") is not one.
// The part between the keyword and `from` holds only names, braces, commas, `*` and white space, so the
// match cannot run on into the next statement.
const STATIC = /^(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\s*from\s*["']([^"']+)["']/gm;
// `import "x"` (for its side effects only).
const BARE = /^import\s*["']([^"']+)["']/gm;
// `import("x")` anywhere, with a literal specifier.
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every module specifier a source text imports, in order of appearance per kind. */
export function importSpecifiers(source: string): string[] {
  return [...staticImportSpecifiers(source), ...[...source.matchAll(DYNAMIC)].map((m) => m[1] as string)];
}

/** The specifiers loaded with the module itself: static and bare imports, not `import("x")` at the point of use. */
export function staticImportSpecifiers(source: string): string[] {
  const found: string[] = [];
  for (const pattern of [STATIC, BARE]) {
    for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  }
  return found;
}

// The same statements with their import clause, to tell type-only imports from the rest.
const CLAUSED = /^(import|export)\s+(type\s+)?([\w$*{}\s,]*?)\s*from\s*["']([^"']+)["']/gm;

/**
 * The specifiers a source text imports at least one value from: not `import type …`, nor an import
 * whose every name is marked `type` (`import { type A, type B }`); bare and dynamic imports count.
 */
export function valueImportSpecifiers(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(CLAUSED)) {
    if (m[2]) continue;
    const clause = (m[3] as string).trim();
    const braces = /\{([^}]*)\}/.exec(clause);
    const outside = clause
      .replace(/\{[^}]*\}/, "")
      .replace(/,/g, "")
      .trim();
    const names = (braces?.[1] ?? "")
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    if (outside === "" && names.length > 0 && names.every((n) => n.startsWith("type "))) continue;
    found.push(m[4] as string);
  }
  for (const pattern of [BARE, DYNAMIC]) {
    for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  }
  return found;
}

/** The repository paths of every `.ts` file under `dir` (recursively), sorted. */
export function tsFiles(root: string, dir: string): string[] {
  const entries = readdirSync(join(root, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

export interface ReadGraph {
  graph: Graph;
  /** Relative imports that name no file: "from → specifier". */
  unresolved: string[];
}

/**
 * Reads the files and follows each relative specifier to the file it names (".js" may stand for
 * ".ts"); `specifiers` says which imports count (every one by default, or values only).
 */
export function readGraph(
  root: string,
  files: readonly string[],
  specifiers: (source: string) => string[] = importSpecifiers,
): ReadGraph {
  const graph: Graph = new Map();
  const unresolved: string[] = [];
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of specifiers(readFileSync(join(root, file), "utf8"))) {
      if (!spec.startsWith(".")) continue; // a package or node: built-in
      const target = posix.normalize(posix.join(posix.dirname(file), spec));
      const candidates = [target, target.replace(/\.js$/, ".ts")];
      const hit = candidates.find((c) => existsSync(resolve(root, c)) && c.endsWith(".ts"));
      if (hit) targets.add(hit);
      else unresolved.push(`${file} → ${spec}`);
    }
    graph.set(file, targets);
  }
  return { graph, unresolved };
}

/**
 * Every import cycle, one per strongly connected component (Tarjan), each written as a path that
 * starts and ends at the same module: ["a.ts", "b.ts", "a.ts"]. A module importing itself is a cycle.
 */
export function findCycles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  const cycles: string[][] = [];
  for (const component of components) {
    const members = new Set(component);
    const start = [...component].sort()[0] as string;
    if (component.length === 1 && !graph.get(start)?.has(start)) continue;
    cycles.push(pathBack(graph, start, members));
  }
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** A shortest path from `start` back to itself inside one component (breadth first). */
function pathBack(graph: Graph, start: string, members: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** A layer of the tree: a folder ("src/domain/") or one module and the folder it may split into ("src/cli"). */
export type Area = string;

/** Whether a module path lies in an area: "src/cli" covers src/cli.ts and src/cli/…; "src/mcp/" only the folder. */
export function inArea(module: string, area: Area): boolean {
  if (area.endsWith("/")) return module.startsWith(area);
  return module === `${area}.ts` || module.startsWith(`${area}/`);
}

export interface Rule {
  from: Area;
  /** Areas that modules in `from` must never import. */
  never: readonly Area[];
  /** Modules inside `never` that `from` may still import (a narrow door, said in `why`). */
  allow?: readonly Area[];
  why: string;
}

/** Every import that breaks a rule, as "from → to (why)". */
export function forbiddenImports(graph: Graph, rules: readonly Rule[]): string[] {
  const broken: string[] = [];
  for (const [from, targets] of graph) {
    for (const rule of rules) {
      if (!inArea(from, rule.from)) continue;
      for (const to of targets) {
        if (rule.allow?.some((area) => inArea(to, area))) continue;
        if (rule.never.some((area) => inArea(to, area))) broken.push(`${from} → ${to}`);
      }
    }
  }
  return [...new Set(broken)].sort();
}

/**
 * Every import from a module in one of `areas` to a module of src/ outside both its own area and
 * `only`: "from → to". With the graph of value imports, what a serializer runs that is not a
 * document's (types are not in that graph).
 */
export function importsOutside(graph: Graph, areas: readonly Area[], only: readonly Area[]): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    const own = areas.find((a) => inArea(from, a));
    if (!own) continue;
    for (const to of targets) {
      if (!to.startsWith("src/") || inArea(to, own) || only.some((a) => inArea(to, a))) continue;
      out.push(`${from} → ${to}`);
    }
  }
  return out.sort();
}

/** Every module reached from `start` through the graph's edges, `start` included. */
export function reachable(graph: Graph, start: string): Set<string> {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length) {
    for (const next of graph.get(queue.shift() as string) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}
