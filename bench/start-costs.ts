/**
 * Where start-up time and idle memory go (`npm run bench:start`; prints, asserts nothing).
 *
 * Each line is a fresh Node process that imports one set of modules and reports, at the end of
 * its imports, the time since the process started and its RSS. Lines are measured in rounds,
 * interleaved, so the machine's other work spreads over all of them; medians and (min–max).
 * The "+" column is the cost over the line it names.
 *
 * The compiled lines import a JavaScript copy of src/ that this script makes with the project's
 * own TypeScript (`tsc --outDir`, in a temporary folder), to weigh type stripping against
 * shipping JavaScript. Then it lists, by package, the files the bot's entry point loads.
 *
 *   npm run bench:start              7 rounds
 *   node bench/start-costs.ts --short 1 round (a smoke run)
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const ROUNDS = process.argv.includes("--short") ? 1 : 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;
const fmt = (xs: number[], unit: (n: number) => string) =>
  xs.length > 1
    ? `${unit(median(xs))} (${unit(Math.min(...xs))}–${unit(Math.max(...xs))})`
    : unit(xs[0] as number);
const ms = (n: number) => `${n.toFixed(0)} ms`;
const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
const signed = (n: number, f: (n: number) => string) => (n >= 0 ? `+${f(n)}` : `−${f(-n)}`);

// A JavaScript copy of src/, compiled by the project's TypeScript, beside a link to node_modules.
const compiled = mkdtempSync(join(tmpdir(), "kennel-compiled-"));
execFileSync(
  join(ROOT, "node_modules/.bin/tsc"),
  ["-p", join(ROOT, "tsconfig.json"), "--noEmit", "false", "--outDir", compiled, "--rootDir", ROOT],
  { stdio: "inherit" },
);
symlinkSync(join(ROOT, "node_modules"), join(compiled, "node_modules"));
writeFileSync(join(compiled, "package.json"), '{"type":"module"}\n');

interface Line {
  label: string;
  imports: string[];
  base?: string;
  /** Code run after the imports. */
  after?: string;
}
const src = (f: string) => join(ROOT, "src", f);
const js = (f: string) => join(compiled, "src", f.replace(/\.ts$/, ".js"));
const lines: Line[] = [
  { label: "node, nothing imported", imports: [] },
  {
    label: "@slack/bolt (what a bare Bolt app loads)",
    imports: ["@slack/bolt"],
    base: "node, nothing imported",
  },
  { label: "bolt + zod", imports: ["@slack/bolt", "zod"], base: "@slack/bolt (what a bare Bolt app loads)" },
  {
    label: "bolt + pino",
    imports: ["@slack/bolt", "pino"],
    base: "@slack/bolt (what a bare Bolt app loads)",
  },
  {
    label: "bolt + pino + pino-pretty",
    imports: ["@slack/bolt", "pino", "pino-pretty"],
    base: "bolt + pino",
  },
  { label: "bolt + ky", imports: ["@slack/bolt", "ky"], base: "@slack/bolt (what a bare Bolt app loads)" },
  {
    label: "bolt + ICU time zones (one zoned Intl format)",
    imports: ["@slack/bolt"],
    after: "new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());",
    base: "@slack/bolt (what a bare Bolt app loads)",
  },
  {
    label: "bolt + the zone's rules alone (TZ adopted, as the bot does)",
    imports: ["@slack/bolt"],
    after: "process.env.TZ = 'Europe/London'; new Date().getTimezoneOffset();",
    base: "@slack/bolt (what a bare Bolt app loads)",
  },
  {
    label: "bolt + MCP SDK server (not on the bot's path)",
    imports: ["@slack/bolt", "@modelcontextprotocol/sdk/server/mcp.js"],
    base: "@slack/bolt (what a bare Bolt app loads)",
  },
  {
    label: "bolt + every package main.ts loads",
    imports: ["@slack/bolt", "zod", "pino", "pino-pretty", "ky"],
    base: "@slack/bolt (what a bare Bolt app loads)",
  },
  {
    label: "src/main.ts, .ts by type stripping",
    imports: [src("bot-main.ts")],
    base: "bolt + every package main.ts loads",
  },
  {
    label: "src/main.ts, compiled .js",
    imports: [js("bot-main.ts")],
    base: "bolt + every package main.ts loads",
  },
  {
    label: "src/cli.ts, .ts (kennel-desk, any subcommand)",
    imports: [src("cli.ts")],
    base: "src/main.ts, .ts by type stripping",
  },
];

interface Sample {
  ms: number;
  /** CPU time (user + system): steadier than wall time on a shared machine. */
  cpu: number;
  rss: number;
  heap: number;
}
function run(line: Line): Promise<Sample> {
  const code = [
    ...line.imports.map((m) => `await import(${JSON.stringify(m)});`),
    line.after ?? "",
    "const m = process.memoryUsage();",
    "const c = process.cpuUsage();",
    "process.stdout.write(JSON.stringify({ ms: performance.now(), cpu: (c.user + c.system) / 1000, rss: m.rss, heap: m.heapUsed }));",
  ].join("\n");
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.on("exit", (code) => {
      if (code !== 0) return fail(new Error(`${line.label}: exit ${code}`));
      // performance.now() counts from the process's time origin: Node's own start is included.
      ok(JSON.parse(out) as Sample);
    });
  });
}

const results = new Map<string, Sample[]>(lines.map((l) => [l.label, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const line of lines) results.get(line.label)?.push(await run(line));
}

const width = Math.max(...lines.map((l) => l.label.length));
console.log(
  `Start-up costs: time from process start to the end of the imports, and RSS then (${ROUNDS} round(s))`,
);
console.log(
  `${"".padEnd(width)}  ${"wall time".padEnd(22)}  ${"CPU time".padEnd(22)}  ${"RSS".padEnd(28)}  + over (wall, CPU, RSS)`,
);
for (const line of lines) {
  const s = results.get(line.label) as Sample[];
  const b = line.base ? (results.get(line.base) as Sample[]) : undefined;
  const extra = b
    ? `${signed(median(s.map((x) => x.ms)) - median(b.map((x) => x.ms)), ms)}, ${signed(median(s.map((x) => x.cpu)) - median(b.map((x) => x.cpu)), ms)}, ${signed(median(s.map((x) => x.rss)) - median(b.map((x) => x.rss)), mb)} over "${line.base}"`
    : "";
  console.log(
    `${line.label.padEnd(width)}  ${fmt(
      s.map((x) => x.ms),
      ms,
    ).padEnd(22)}  ${fmt(
      s.map((x) => x.cpu),
      ms,
    ).padEnd(22)}  ${fmt(
      s.map((x) => x.rss),
      mb,
    ).padEnd(28)}  ${extra}`,
  );
}

// Which files the bot's entry point loads, by package (a synchronous module hook records them).
const hook = `
import { registerHooks } from "node:module";
import { statSync } from "node:fs";
const seen = new Map();
registerHooks({ load(url, context, next) { const r = next(url, context); try { if (url.startsWith("file:")) seen.set(url, statSync(new URL(url)).size); } catch {} return r; } });
process.on("exit", () => {
  const by = new Map();
  for (const [url, size] of seen) {
    const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(url);
    const key = m ? m[1] : url.includes("/src/") ? "(our src/)" : "(other)";
    const e = by.get(key) ?? { files: 0, bytes: 0 }; e.files++; e.bytes += size; by.set(key, e);
  }
  const rows = [...by.entries()].sort((a, b) => b[1].bytes - a[1].bytes);
  process.stderr.write(JSON.stringify(rows));
});`;
function loaded(entry: string): Promise<[string, { files: number; bytes: number }][]> {
  return new Promise((ok) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        `data:text/javascript,${encodeURIComponent(hook)}`,
        "--input-type=module",
        "-e",
        `await import(${JSON.stringify(entry)});`,
      ],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? "" }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let err = "";
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.on("exit", () => {
      try {
        ok(JSON.parse(err.slice(err.indexOf("[["))));
      } catch {
        ok([]);
      }
    });
  });
}
for (const [label, entry] of [
  ["src/main.ts (the bot)", src("main.ts")],
  ["bench/bare-bolt.mjs", join(ROOT, "bench/bare-bolt.mjs")],
] as const) {
  const rows = await loaded(entry === src("main.ts") ? entry : "@slack/bolt");
  const files = rows.reduce((n, [, e]) => n + e.files, 0);
  const kb = rows.reduce((n, [, e]) => n + e.bytes, 0) / 1024;
  console.log(`\nFiles loaded by ${label}: ${files}, ${kb.toFixed(0)} KiB of source`);
  console.log(
    rows
      .slice(0, 14)
      .map(
        ([pkg, e]) =>
          `  ${pkg.padEnd(36)} ${String(e.files).padStart(4)} files ${(e.bytes / 1024).toFixed(0).padStart(6)} KiB`,
      )
      .join("\n"),
  );
}
rmSync(compiled, { recursive: true, force: true });
