// npm's `prepare` (after npm install / npm ci) and `prestart`: builds dist/, the compiled bot that
// `npm start` and the image run, and copies the preview's page files (src/preview/assets/) next to it. Plain JavaScript, so it runs on any Node. Installed without dev dependencies
// (npm ci --omit=dev) there is no compiler: it says so and succeeds, since the command line and the
// image do not need it here.
import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
let tsc;
try {
  tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");
} catch {
  console.error("kennel-desk: no TypeScript compiler (installed without dev dependencies): dist/ not built.");
  process.exit(0);
}
const r = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
if (r.status === 0)
  cpSync(
    new URL("../src/preview/assets", import.meta.url),
    new URL("../dist/preview/assets", import.meta.url),
    {
      recursive: true,
    },
  );
process.exit(r.status ?? 1);
