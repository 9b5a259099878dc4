// npm's `prepare` (after npm install / npm ci), `prestart` and `npm run build`; the image's build stage
// runs it too. Builds dist/: the compiled files (tsc: the command line, the preview, every module as a
// file of its own), then the bot's own start, dist/main.js, as one bundle (scripts/bundle.mjs says how).
// Plain JavaScript, so it runs on any Node. Installed without dev dependencies (npm ci --omit=dev) there
// is no compiler nor bundler: it says so and succeeds, since the command line and the image do not need
// it here.
import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
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

const { bundleBot } = await import("./bundle.mjs");
await bundleBot(fileURLToPath(at("dist")));
