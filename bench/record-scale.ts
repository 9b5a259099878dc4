/**
 * The record's commands at scale (issue 48), a part of bench/record.ts: records of a busy kennel
 * (test/helpers/busy-record.ts: 150 pets, nine entries a pet a day, their sheets, welfare checks,
 * plans, witnesses and doses given if needed) of 10,000 to 1.5 million entries on SQLite, and on each
 * `kennel-desk record verify`, the JSON and CSV exports of the record's last year, and one stay's
 * record (`export --booking`), each command in its own process as an inspector runs it (`node
 * src/cli.ts …`, its output to /dev/null), its wall time, its CPU time and its peak RSS (getrusage,
 * read at exit by bench/peak.mjs). Goals: each command's peak RSS at every size within ×1.2 of its peak at 10,000
 * entries (flat with the record's size); verify of 1.5 million entries ≤ 20 s.
 */
import { spawn } from "node:child_process";
import { mkdirSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sqliteDriver } from "../src/record/sqlite.ts";
import { writeBusyRecord } from "../test/helpers/busy-record.ts";

export interface ScaleRow {
  figure: string;
  measured: string;
  goal: string;
  met: boolean | undefined;
}

const ROOT = join(import.meta.dirname, "..");
const FROM = "2023-01-01";
const PETS = 150;
const DAY = 86_400_000;

/** One command in its own process: wall time, CPU time (user and system), peak RSS, exit code. */
function timed(
  args: string[],
  dir: string,
): Promise<{ ms: number; cpuMs: number; peakKb: number; code: number | null; err: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ["--import", join(ROOT, "bench/peak.mjs"), join(ROOT, "src/cli.ts"), ...args],
      {
        env: {
          PATH: process.env.PATH ?? "",
          KENNEL_DATA_DIR: dir,
          KENNEL_TIMEZONE: "Europe/London",
          LOG_LEVEL: "silent",
        },
        stdio: ["ignore", openSync("/dev/null", "w"), "pipe"],
      },
    );
    let err = "";
    child.stderr?.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => {
      const peak = /bench-peak-rss-kb (\d+) bench-cpu-us (\d+)/.exec(err);
      resolve({
        ms: performance.now() - started,
        cpuMs: Number(peak?.[2] ?? Number.NaN) / 1000,
        peakKb: Number(peak?.[1] ?? Number.NaN),
        code,
        err: err.slice(0, 500),
      });
    });
  });
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const count = (n: number) => n.toLocaleString("en-GB");

/** The commands timed on a record of `days` days from FROM (the last year's exports, one stay's). */
function commands(days: number): Array<[string, string[]]> {
  const last = new Date(Date.parse(`${FROM}T00:00:00Z`) + (days - 1) * DAY).toISOString().slice(0, 10);
  const yearBefore = new Date(Date.parse(`${last}T00:00:00Z`) - 364 * DAY).toISOString().slice(0, 10);
  const from = yearBefore > FROM ? yearBefore : FROM;
  // A stay of the record's middle week (pet 75's booking then; test/helpers/busy-record.ts's ids).
  const middle = Math.floor(days / 2);
  const stay = 100_000 + Math.floor((middle + 75) / 7) * 1_000 + 75;
  return [
    ["record verify", ["record", "verify"]],
    ["export, last year, JSON", ["record", "export", "--from", from, "--to", last, "--format", "json"]],
    ["export, last year, CSV", ["record", "export", "--from", from, "--to", last]],
    ["export, one stay (--booking)", ["record", "export", "--booking", String(stay)]],
  ];
}

/** Builds each record, times each command on it, and returns the table's rows (beside their goals). */
export async function scaleRows(
  sizes: number[],
  scratch: string,
  progress: (s: string) => void,
): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  const baseline = new Map<string, number>();
  for (const size of sizes) {
    const dir = join(scratch, `scale-${size}`);
    mkdirSync(dir, { recursive: true });
    const t0 = performance.now();
    progress(`scale: writing a busy record of ${count(size)} entries`);
    const driver = sqliteDriver({ dir });
    const { days } = await writeBusyRecord(driver, { from: FROM, pets: PETS, entries: size });
    await driver.close();
    progress(`scale: ${count(size)} entries over ${days} days written in ${secs(performance.now() - t0)}`);
    rows.push({
      figure: `— ${count(size)} entries (${days} days of ${PETS} pets), each command in its own process`,
      measured: "",
      goal: "",
      met: undefined,
    });
    for (const [name, args] of commands(days)) {
      progress(`scale: ${name} on ${count(size)}`);
      const r = await timed(args, dir);
      if (r.code !== 0) throw new Error(`${args.join(" ")} exited ${r.code}: ${r.err}`);
      const first = baseline.get(name) ?? r.peakKb;
      baseline.set(name, first);
      const ratio = r.peakKb / first;
      // Each figure as it is measured, so a run stopped before its last size still shows the first.
      progress(
        `scale: ${name} on ${count(size)}: ${secs(r.ms)} (CPU ${secs(r.cpuMs)}), peak RSS ${mb(r.peakKb)}`,
      );
      const flat = size === sizes[0] ? undefined : ratio <= 1.2;
      rows.push({
        figure: `${name}: time (CPU), peak RSS`,
        measured: `${secs(r.ms)} (${secs(r.cpuMs)}), ${mb(r.peakKb)}${size === sizes[0] ? "" : ` (×${ratio.toFixed(2)} of ${count(sizes[0] as number)})`}`,
        goal: size === sizes[0] ? "the baseline" : "peak ≤ ×1.2 of the baseline",
        met: flat,
      });
      if (name === "record verify" && size >= 1_500_000)
        rows.push({
          figure: "record verify of 1.5 million entries",
          measured: `${secs(r.ms)} (CPU ${secs(r.cpuMs)})`,
          goal: "≤ 20 s",
          met: r.ms <= 20_000,
        });
    }
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
