/**
 * The care record's benchmark (`node bench/record.ts`): the store alone, on a real SQLite file (and
 * on PostgreSQL when BENCH_DATABASE_URL is set), each figure beside its goal (issue 22).
 *
 *   commit   a tap to its entries committed (one tap: a pet's two doses and its meal, one
 *            transaction), one tap after another: p50, p99, max. Goal: p99 ≤ 20 ms on SQLite.
 *   load     30 taps a second on a 150-pet round, staff tapping at once and Slack re-delivering
 *            some: every tap committed once, none lost or doubled; the commit's p99 under load.
 *   memory   the store's idle memory cost: the RSS of a process that opened the store and read a
 *            day's record, minus one that did not (each in its own process, at rest; the compiled
 *            store from dist/, as the bot runs, when built: npm run build). Goal ≤ 10 MB.
 *   start    opening an existing record (the schema checked): goal "nothing measurable".
 *   scale    the record's commands on a busy kennel's record of 10,000, 100,000, 300,000 and 1.5
 *            million entries (bench/record-scale.ts): `record verify`, the last year's JSON and CSV
 *            export, one stay's export, each in its own process: time and peak RSS. Goals: peak RSS
 *            flat (within ×1.2 of 10,000 entries'); verify of 1.5 million ≤ 20 s.
 *
 *   node bench/record.ts            full run (about 25 minutes, most of it writing the records)
 *   node bench/record.ts --quick    load for 10 s, 1,000 taps for the commit time, scale at 10k and 100k
 *   node bench/record.ts --short    every part, briefly: checks only that it runs and prints
 *
 * `--parts=commit,load,memory,start,scale` runs only some parts; `--sizes=10000,300000` the scale's sizes.
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openCareRecord } from "../src/record/open.ts";
import { postgresDriver } from "../src/record/postgres.ts";
import { sqliteDriver } from "../src/record/sqlite.ts";
import { createStore, type SqlCareRecordStore } from "../src/record/store.ts";
import type { EntryInput } from "../src/record/types.ts";
import { scaleRows } from "./record-scale.ts";

const argv = process.argv.slice(2);
const MODE = argv.includes("--short") ? "short" : argv.includes("--quick") ? "quick" : "full";
const SHORT = MODE === "short";
const PARTS = new Set(
  (
    argv.find((a) => a.startsWith("--parts="))?.slice("--parts=".length) ?? "commit,load,memory,start,scale"
  ).split(","),
);
const P = {
  taps: { short: 100, quick: 1_000, full: 3_000 }[MODE],
  loadSeconds: { short: 1, quick: 10, full: 60 }[MODE],
  loadRate: 30,
  pets: 150,
  restMs: SHORT ? 300 : 3_000,
  scaleSizes: (
    argv.find((a) => a.startsWith("--sizes="))?.slice("--sizes=".length) ??
    { short: "2000,5000", quick: "10000,100000", full: "10000,100000,300000,1500000" }[MODE]
  )
    .split(",")
    .map(Number),
};
const clock = { now: () => new Date() };

interface Row {
  figure: string;
  measured: string;
  goal: string;
  met: boolean | undefined;
}
const rows: Row[] = [];
const row = (figure: string, measured: string, goal = "", met?: boolean) =>
  rows.push({ figure, measured, goal, met: SHORT ? undefined : met });
const section = (title: string) =>
  rows.push({ figure: `— ${title}`, measured: "", goal: "", met: undefined });
const progress = (s: string) => process.stderr.write(`bench: ${s}\n`);
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** One pet's one-tap "all given and eaten": two doses and the meal. */
function tap(date: string, petId: number, requestKey: string, user = "U0BENCH"): EntryInput[] {
  const base = {
    date,
    round: "morning" as const,
    bookingId: 10_000 + petId,
    petId,
    petName: `Pet ${petId}`,
    userId: user,
    userName: "Bench",
    requestKey,
  };
  return [
    { ...base, item: "med:1", itemText: "Rimadyl 50 mg, one tablet with food", outcome: "given" },
    { ...base, item: "med:2", itemText: "Eye drops, both eyes", outcome: "given" },
    { ...base, item: "meal", itemText: "Dry food, 200 g · general diet", outcome: "ate_all" },
  ];
}

/** A date per batch of pets, so a long run never taps one item twice. */
const dateOf = (n: number) => {
  const d = new Date(Date.UTC(2026, 0, 1) + Math.floor(n / P.pets) * 86_400_000);
  return d.toISOString().slice(0, 10);
};

async function commitTimes(store: SqlCareRecordStore, taps: number, prefix: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < taps; i++) {
    const started = performance.now();
    const result = await store.record(tap(dateOf(i), (i % P.pets) + 1, `${prefix}-${i}`));
    times.push(performance.now() - started);
    if (result.status !== "recorded") throw new Error(`tap ${i}: ${result.status}`);
  }
  return times;
}

const scratch = mkdtempSync(join(tmpdir(), "kennel-desk-bench-record-"));
console.log(
  `Kennel Desk care record benchmark (${MODE === "full" ? "full run" : `${MODE} run`}; Node ${process.version})`,
);

if (PARTS.has("commit")) {
  section("a tap to its entries committed (3 entries, one transaction), one tap after another");
  const store = createStore(sqliteDriver({ dir: join(scratch, "commit") }), clock);
  await store.ready();
  progress(`commit: ${P.taps} taps on SQLite`);
  const times = await commitTimes(store, P.taps, "commit");
  row("SQLite (WAL, synchronous=FULL): p50", ms(percentile(times, 50)));
  row("SQLite: p99", ms(percentile(times, 99)), "≤ 20 ms", percentile(times, 99) <= 20);
  row("SQLite: max", ms(Math.max(...times)));
  await store.close();
  const pgUrl = process.env.BENCH_DATABASE_URL?.trim();
  if (pgUrl) {
    const pg = createStore(postgresDriver({ url: new URL(pgUrl) }), clock);
    await pg.ready();
    progress(`commit: ${P.taps} taps on PostgreSQL`);
    const pgTimes = await commitTimes(pg, P.taps, `commit-${Date.now()}`);
    row("PostgreSQL (BENCH_DATABASE_URL): p50", ms(percentile(pgTimes, 50)));
    row("PostgreSQL: p99", ms(percentile(pgTimes, 99)), "no goal set");
    await pg.close();
  }
}

if (PARTS.has("load")) {
  section(`${P.loadRate} taps a second for ${P.loadSeconds} s on a ${P.pets}-pet round (SQLite)`);
  const store = createStore(sqliteDriver({ dir: join(scratch, "load") }), clock);
  await store.ready();
  progress(`load: ${P.loadRate}/s for ${P.loadSeconds} s`);
  // Each second: new pets tapped; one in five tapped by two staff at once; one in ten re-delivered.
  const times: number[] = [];
  const outcomes = { recorded: 0, already: 0, duplicate: 0 };
  const acknowledged = new Set<string>();
  const pending: Promise<void>[] = [];
  const total = P.loadRate * P.loadSeconds;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / P.loadRate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const date = dateOf(i);
    const pet = (i % P.pets) + 1;
    const requests = [tap(date, pet, `load-${i}`)];
    if (i % 5 === 0) requests.push(tap(date, pet, `load-${i}-other`, "U0OTHER"));
    if (i % 10 === 0) requests.push(tap(date, pet, `load-${i}`));
    for (const request of requests) {
      const t0 = performance.now();
      pending.push(
        store.record(request).then((r) => {
          times.push(performance.now() - t0);
          outcomes[r.status]++;
          if (r.status !== "already") for (const e of r.entries) acknowledged.add(String(e.id));
        }),
      );
    }
  }
  await Promise.all(pending);
  const stored = await store.entries({});
  const items = new Set(stored.map((e) => `${e.date}|${e.petId}|${e.item}`));
  const lost = [...acknowledged].filter((id) => !stored.some((e) => String(e.id) === id)).length;
  row(
    "taps (recorded / already / re-delivered)",
    `${outcomes.recorded} / ${outcomes.already} / ${outcomes.duplicate}`,
  );
  row(
    "entries lost or doubled",
    `${lost} lost, ${stored.length - items.size} doubled`,
    "0",
    lost === 0 && stored.length === items.size,
  );
  row(
    "entries stored = 3 per pet tapped",
    `${stored.length} of ${total * 3}`,
    `${total * 3}`,
    stored.length === total * 3,
  );
  row(
    "commit under load: p99",
    ms(percentile(times, 99)),
    "answer ≤ 1.5 s (the store's share)",
    percentile(times, 99) <= 1500,
  );
  await store.close();
}

if (PARTS.has("memory") || PARTS.has("start")) {
  // A record with a day of entries, for the memory and start parts.
  const dir = join(scratch, "idle");
  const store = createStore(sqliteDriver({ dir }), clock);
  await store.ready();
  for (let pet = 1; pet <= P.pets; pet++) await store.record(tap("2026-11-24", pet, `idle-${pet}`));
  await store.close();

  if (PARTS.has("memory")) {
    section("the store's idle memory cost (each in its own process, at rest)");
    const rss = (mode: "with" | "without") =>
      new Promise<number>((resolve, reject) => {
        const child = fork(join(import.meta.dirname, "record-idle.ts"), [mode, dir, String(P.restMs)], {
          execArgv: ["--expose-gc"],
          stdio: ["ignore", "inherit", "inherit", "ipc"],
        });
        child.once("message", (m) => resolve((m as { rss: number }).rss));
        child.once("error", reject);
      });
    const runs = SHORT ? 1 : 3;
    const without: number[] = [];
    const withStore: number[] = [];
    for (let i = 0; i < runs; i++) {
      without.push(await rss("without"));
      withStore.push(await rss("with"));
    }
    const median = (v: number[]) => percentile(v, 50);
    const cost = median(withStore) - median(without);
    row("RSS without the store", mb(median(without)));
    row(`RSS with the store opened and a ${P.pets}-pet day read`, mb(median(withStore)));
    row("the store's cost", mb(cost), "≤ 10 MB", cost <= 10 * 1024 * 1024);
  }

  if (PARTS.has("start")) {
    section("opening an existing record at start (schema checked)");
    const times: number[] = [];
    for (let i = 0; i < (SHORT ? 3 : 20); i++) {
      const t0 = performance.now();
      const opened = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, undefined);
      times.push(performance.now() - t0);
      await opened.store.close();
    }
    row(
      "open (median of runs; the first loads node:sqlite)",
      ms(percentile(times, 50)),
      "nothing measurable",
    );
    row("open: the first", ms(times[0] ?? Number.NaN));
  }
}

if (PARTS.has("scale")) {
  const load = await import("node:os").then((os) =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / "),
  );
  section(`the record's commands at scale (SQLite; load average before: ${load})`);
  for (const r of await scaleRows(P.scaleSizes, scratch, progress)) {
    if (r.figure.startsWith("—")) section(r.figure.slice(2));
    else row(r.figure, r.measured, r.goal, r.met);
  }
  const after = await import("node:os").then((os) =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / "),
  );
  row("load average after (1 / 5 / 15 min)", after);
}

const width = (k: keyof Row) =>
  Math.max(...rows.filter((r) => !r.figure.startsWith("—")).map((r) => String(r[k]).length));
const [wf, wm, wg] = [width("figure"), width("measured"), width("goal")];
console.log("");
console.log(`${"figure".padEnd(wf)}  ${"measured".padEnd(wm)}  ${"goal".padEnd(wg)}  met`);
for (const r of rows) {
  if (r.figure.startsWith("—")) {
    console.log(`\n${r.figure.slice(2)}`);
    continue;
  }
  const met = r.met === undefined ? "" : r.met ? "yes" : "NO";
  console.log(`${r.figure.padEnd(wf)}  ${r.measured.padEnd(wm)}  ${r.goal.padEnd(wg)}  ${met}`.trimEnd());
}
rmSync(scratch, { recursive: true, force: true });
