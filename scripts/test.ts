/**
 * `npm test`: every check, one after the other, each timed, and all of them run even when one fails,
 * so a missing browser fails the browser step alone and lint, types and unit tests still report.
 * Exits 1 when any enforced step failed. `npm test -- unit browser` runs only the steps named.
 */
import { spawnSync } from "node:child_process";
import { delimiter, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./ensure-chromium.ts";
import { ensurePostgres, startThrowawayPostgres, type ThrowawayPostgres } from "./postgres.ts";

interface Step {
  name: string;
  what: string;
  run: () => boolean | Promise<boolean>;
  /** A step that reports but does not fail the run (yet). */
  advisory?: boolean;
}

/** Set to true once `npm run unused` lists nothing: from then on an unused export fails `npm test`. */
const UNUSED_EXPORTS_ENFORCED = true;

// The tools come from this folder's node_modules and run on this Node (24), even when started as
// `node scripts/test.ts` without npm putting node_modules/.bin on the PATH.
const PATH = [
  fileURLToPath(new URL("../node_modules/.bin", import.meta.url)),
  dirname(process.execPath),
  process.env.PATH,
].join(delimiter);

function command(program: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): boolean {
  const result = spawnSync(program, args, { stdio: "inherit", env: { ...process.env, ...extraEnv, PATH } });
  if (result.error) process.stderr.write(`Could not run ${program}: ${result.error.message}\n`);
  return result.status === 0;
}

const node = process.execPath;

/** The throwaway PostgreSQL of this run (the postgres step), stopped and removed at the end. */
let postgres: ThrowawayPostgres | undefined;
const removePostgres = () => {
  postgres?.remove();
  postgres = undefined;
};
process.once("exit", removePostgres);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    removePostgres();
    process.exit(130);
  });
}

const STEPS: Step[] = [
  { name: "lint", what: "biome check .", run: () => command("biome", ["check", "."]) },
  { name: "types", what: "tsc --noEmit", run: () => command("tsc", ["--noEmit"]) },
  {
    name: "unused",
    what: "knip: unused files, dependencies and exports",
    advisory: !UNUSED_EXPORTS_ENFORCED,
    run: () => {
      if (UNUSED_EXPORTS_ENFORCED) return command("knip", []);
      // Until the list is pruned: its totals only (`npm run unused` shows every entry).
      const result = spawnSync("knip", ["--no-progress"], {
        encoding: "utf8",
        env: { ...process.env, PATH },
      });
      if (result.status === 0) process.stdout.write("nothing unused\n");
      else if (result.status === 1) {
        const totals = `${result.stdout}`.split("\n").filter((line) => /^\S.*\(\d+\)$/.test(line));
        process.stdout.write(`${totals.join("\n")}\n(npm run unused lists each one)\n`);
      } else process.stderr.write(`${result.stderr ?? result.error?.message}\n`);
      return result.status === 0;
    },
  },
  {
    name: "postgres",
    what: "a throwaway PostgreSQL for the care record's tests (TEST_DATABASE_URL)",
    run: async () => {
      if (process.env.TEST_DATABASE_URL?.trim()) {
        process.stdout.write("TEST_DATABASE_URL is set: the tests use that server.\n");
        return true;
      }
      const found = ensurePostgres((line) => process.stdout.write(`${line}\n`));
      if (!found.bin) {
        process.stderr.write(`${found.problem}\n`);
        return false;
      }
      try {
        postgres = await startThrowawayPostgres(found.bin);
      } catch (error) {
        process.stderr.write(`Could not start a throwaway PostgreSQL: ${(error as Error).message}\n`);
        return false;
      }
      // The unit step (and the rest) reads it from the environment.
      process.env.TEST_DATABASE_URL = postgres.url;
      process.stdout.write(`PostgreSQL ${found.bin} on ${postgres.url}\n`);
      return true;
    },
  },
  {
    name: "unit",
    what: "vitest run --project unit",
    run: () => command("vitest", ["run", "--project", "unit"]),
  },
  {
    name: "browser",
    what: "the preview in Chromium (vitest run --project browser)",
    run: () => {
      const chromium = ensureChromium(process.env, (line) => process.stdout.write(`${line}\n`));
      if (chromium.problem) {
        process.stderr.write(`${chromium.problem}\n`);
        return false;
      }
      return command("vitest", ["run", "--project", "browser"], {
        ...process.env,
        CHROMIUM_PATH: chromium.path,
      });
    },
  },
  {
    name: "bench",
    what: "node bench/bot.ts --short; node bench/record.ts --short",
    run: () => {
      const bot = command(node, ["bench/bot.ts", "--short"]);
      const record = command(node, ["bench/record.ts", "--short"]);
      return bot && record;
    },
  },
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !STEPS.some((step) => step.name === name));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown step ${unknown.join(", ")}: the steps are ${STEPS.map((s) => s.name).join(", ")}.\n`,
  );
  process.exit(2);
}

const results: { step: Step; ok: boolean; seconds: number }[] = [];
for (const step of STEPS.filter((s) => only.length === 0 || only.includes(s.name))) {
  process.stdout.write(`\n── ${step.name}: ${step.what}\n`);
  const started = performance.now();
  const ok = await step.run();
  results.push({ step, ok, seconds: (performance.now() - started) / 1000 });
}

removePostgres();

const width = Math.max(...results.map((r) => r.step.name.length));
process.stdout.write("\nnpm test:\n");
for (const { step, ok, seconds } of results) {
  const verdict = ok ? "passed" : step.advisory ? "reported (not enforced yet)" : "FAILED";
  process.stdout.write(`  ${step.name.padEnd(width)}  ${seconds.toFixed(1).padStart(6)} s  ${verdict}\n`);
}
const enforced = results.filter((r) => !r.step.advisory);
const failed = enforced.filter((r) => !r.ok).length;
const total = results.reduce((sum, r) => sum + r.seconds, 0);
process.stdout.write(`  ${"total".padEnd(width)}  ${total.toFixed(1).padStart(6)} s\n`);
process.stdout.write(`Steps: ${enforced.length - failed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
