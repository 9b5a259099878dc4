// npm's `prepare` (after npm install / npm ci), `prestart` and `npm run build`; the image's build stage
// runs it too. Builds dist/: the compiled files (tsc: the command line, the preview, every module as a
// file of its own), then the bot's own start, dist/main.js, as one bundle of our code with the small
// packages it uses (zod, ky, date-fns, date-fns-tz, croner, lru-cache), so a start reads a few files in
// place of about 500: measured in docs/benchmarks.md ("Issue 48's figures left"). Bolt, pino and pg stay
// packages of their own, as a bare Bolt app loads them. What only a rarer path needs (the preview, the
// PostgreSQL engine) is a chunk of its own in dist/chunks/, loaded at its first use; the preview's chunk
// reads its page files beside it (dist/chunks/assets/).
// Plain JavaScript, so it runs on any Node. Installed without dev dependencies (npm ci --omit=dev) there
// is no compiler nor bundler: it says so and succeeds, since the command line and the image do not need
// it here.
import { spawnSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const at = (path) => new URL(`../${path}`, import.meta.url);
let tsc;
try {
  tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");
} catch {
  console.error("kennel-desk: no TypeScript compiler (installed without dev dependencies): dist/ not built.");
  process.exit(0);
}
const r = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
if (r.status !== 0) process.exit(r.status ?? 1);
cpSync(at("src/preview/assets"), at("dist/preview/assets"), { recursive: true });

/** The packages bundled into the bot's start; every other one is loaded from node_modules. */
const INLINE = /^(zod|ky|date-fns|date-fns-tz|croner|lru-cache)(\/|$)/;
const { build } = await import("rolldown");
// Chunks are named by their content: the last build's go first.
rmSync(at("dist/chunks"), { recursive: true, force: true });
await build({
  input: { main: "src/main.ts" },
  platform: "node",
  cwd: fileURLToPath(at("")),
  external: (id) => !id.startsWith(".") && !id.startsWith("/") && !INLINE.test(id),
  logLevel: "warn",
  output: {
    dir: "dist",
    format: "esm",
    entryFileNames: "[name].js",
    chunkFileNames: "chunks/[name]-[hash].js",
    cleanDir: false,
  },
});
cpSync(at("src/preview/assets"), at("dist/chunks/assets"), { recursive: true });
