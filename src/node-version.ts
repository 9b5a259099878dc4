/**
 * The Node.js the bot and the command line need, checked first by their entries (src/main.ts,
 * src/cli.ts) before anything else loads: on an older Node.js, a line saying so and exit 2, where
 * before the entry ran nothing and exited 0 without a word. Imports nothing but Node.js's own
 * modules, so it runs on any Node.js.
 */
import { existsSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

/** Node.js 24.2 is the first 24 with everything Kennel Desk uses (import.meta.main). */
const NEEDED = { major: 24, minor: 2 };

/**
 * The one line to say when this Node.js cannot run Kennel Desk; undefined when it can. `again`: the
 * command to run again once Node.js 24 is there (`node dist/main.js`, `node dist/cli.js arrivals`).
 * `installed`: the Node.js 24 that `npm install` put in this folder (`node_modules/.bin/node`), when
 * it is there: then the line says to run the command with it (or `npm start`, which uses it) rather
 * than to install Node.js 24.
 */
export function nodeVersionProblem(
  version: string,
  again = "node dist/main.js",
  installed?: string,
): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  if (major > NEEDED.major || (major === NEEDED.major && minor >= NEEDED.minor)) return undefined;
  const needs = `Kennel Desk needs Node.js ${NEEDED.major} (${NEEDED.major}.${NEEDED.minor} or later) and this is Node.js ${version.replace(/^v/, "")}`;
  if (installed) {
    const withIt = again.replace(/^node /, `${installed} `);
    const npm = again === "node dist/main.js" ? " or npm start (which uses it)" : "";
    return `${needs}: the Node.js ${NEEDED.major} that npm installed is at ${installed}: run ${withIt}${npm}.`;
  }
  return `${needs}: install Node.js ${NEEDED.major} and start it again (${again}).`;
}

/**
 * The Node.js `npm install` put beside the entry (`node_modules/.bin/node`, the `node` package this
 * project depends on), as a path from the current folder; undefined when it is not there.
 */
export function installedNode(entry: string): string | undefined {
  try {
    const path = fileURLToPath(new URL("../node_modules/.bin/node", entry));
    if (!existsSync(path)) return undefined;
    const near = relative(process.cwd(), path);
    return near.startsWith("..") ? path : near;
  } catch {
    return undefined;
  }
}
