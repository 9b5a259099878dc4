// The bot's start, dist/main.js, as one bundle of our code with the small packages it uses (zod, ky,
// lru-cache), so a start reads a few files in place of about 500:
// measured in docs/benchmarks.md ("Issue 48's figures left"). Bolt, pino and pg stay packages of
// their own, as a bare Bolt app loads them. What only a rarer path needs (the preview, the PostgreSQL
// engine, the rare taps' and forms' listeners) is a chunk of its own in chunks/, loaded at its first
// use; the preview's chunk reads its page files beside it (chunks/assets/).
// Called by scripts/prepare.mjs after the compiler's build; `node scripts/bundle.mjs DIR` bundles into
// DIR alone (the tests). Plain JavaScript, so it runs on any Node.
import { cpSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The packages bundled into the bot's start; every other one is loaded from node_modules. */
const INLINE = /^(zod|ky|lru-cache)(\/|$)/;
/** A UTF-16 unit as its JavaScript escape: the same character in a string, a template or a comment. */
const asEscape = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * `import { a, b as c } from "node:x";` as `const { a, b: c } = process.getBuiltinModule("node:x");`.
 * An ES module's import of one of Node's own modules builds that module's whole namespace, which
 * reads every lazy export it has: `node:crypto` loads Web Crypto, `node:util` its argument parser and
 * diff, `node:v8` the heap snapshot's code, each compiled at start for nothing. Taken as a CommonJS
 * package takes them (Bolt, pino, and so a bare Bolt app), only what is used is loaded
 * (docs/benchmarks.md, "Start-up and idle memory, measured 30 Nov 2026").
 */
export const builtinsAsNeeded = (code) =>
  code.replace(
    /^import \{([^}]*)\} from "(node:[\w/]+)";$/gm,
    (_, names, id) =>
      `const {${names.replace(/([\w$]+) as ([\w$]+)/g, "$1: $2")}} = process.getBuiltinModule(${JSON.stringify(id)});`,
  );

/** Bundles src/main.ts into `dir` (main.js, chunks/). */
export async function bundleBot(dir) {
  const { build } = await import("rolldown");
  // Chunks are named by their content: the last build's go first.
  rmSync(join(dir, "chunks"), { recursive: true, force: true });
  await build({
    input: { main: "src/main.ts" },
    platform: "node",
    cwd: ROOT,
    external: (id) => !id.startsWith(".") && !id.startsWith("/") && !INLINE.test(id),
    logLevel: "warn",
    output: {
      dir,
      format: "esm",
      entryFileNames: "[name].js",
      chunkFileNames: "chunks/[name]-[hash].js",
      cleanDir: false,
      // V8 keeps each module's source for as long as the process runs, two bytes a character once
      // one character is outside Latin-1 (an emoji in a message, a curly quote): every non-ASCII
      // character written as an escape and the documentation comments left out, the start's source
      // is held in one byte a character and is a fifth shorter (docs/benchmarks.md, "Start-up and
      // idle memory, measured"). Licence comments stay, escaped as well (ky's "©").
      charset: "ascii",
      comments: { legal: true, annotation: false, jsdoc: false },
      plugins: [
        { name: "ascii-comments", renderChunk: (code) => code.replace(/[\u0080-\uffff]/g, asEscape) },
        { name: "builtins-as-needed", renderChunk: builtinsAsNeeded },
      ],
    },
  });
  cpSync(join(ROOT, "src/preview/assets"), join(dir, "chunks/assets"), { recursive: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleBot(resolve(process.argv[2] ?? join(ROOT, "dist")));
}
