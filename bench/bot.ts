/**
 * Kennel Desk's benchmark (`npm run bench`): the bot as a black box, in its own process, over HTTP.
 *
 * Three processes besides this one: the bot (`node src/main.ts`, HTTP mode, signed slash commands),
 * the kennel API stand-in (bench/stand-ins/kennel-api.ts: exact data, a set latency, counts every
 * call) and Slack's stand-in (bench/stand-ins/slack.ts: Web API and response_url, stamps each answer
 * as it arrives). Every command is distinct (another reference, pet, customer or day, another user);
 * none is one request repeated. Prints every figure beside its goal (issue 14), in one run.
 *
 *   npm run bench                full run (about 5 minutes)
 *   npm run bench -- --quick     sustained load for 20 s instead of 60 s, 2,000 commands for memory
 *   node bench/bot.ts --short    every part, briefly (npm test): checks only that it runs and prints
 *
 * Settings of the bot under test pass through from the environment: KENNEL_CACHE_TTL_S,
 * KENNEL_API_CONCURRENCY, MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_; BENCH_BOT_NODE_OPTIONS is added to
 * the bot's NODE_OPTIONS, after the production settings both keep (the baseline gets nothing more).
 * BENCH_BOT=path/to/main.js measures another entry point (a compiled build, say) the same way.
 * `--parts=start,ack,answers,load,faults,memory` runs only some parts; BENCH_SMAPS=1 adds where the
 * bot's RSS sits after the memory part. BENCH_WARM_GAP_MS (default 5000)
 * is the wait between a cold /arrivals and the warm one, past any short reuse of identical day lists.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../test/helpers/net.ts";
import { ask, now, pct, progress, ROOT, slackHeaders, sleep } from "./harness.ts";

const argv = process.argv.slice(2);
const MODE = argv.includes("--short") ? "short" : argv.includes("--quick") ? "quick" : "full";
const SHORT = MODE === "short";
/** `--parts=start,ack,answers,load,faults,memory`: only those parts (default all). */
const PARTS = new Set(
  (
    argv.find((a) => a.startsWith("--parts="))?.slice("--parts=".length) ??
    "start,ack,answers,load,faults,memory"
  ).split(","),
);
const P = {
  startRuns: { short: 1, quick: 5, full: 7 }[MODE],
  idleMs: { short: 300, quick: 3_000, full: 3_000 }[MODE],
  /** Idle RSS after this long at rest (issue 48: two minutes), the bot and bare Bolt started side by side. */
  restedMs: SHORT ? 1_000 : Number(process.env.BENCH_IDLE_REST_MS ?? 120_000),
  restedPairs: { short: 1, quick: 1, full: 3 }[MODE],
  ackLatencyMs: SHORT ? 200 : 2_000,
  ackConcurrent: 50,
  answerLatencyMs: SHORT ? 20 : 200,
  samples: { short: 1, quick: 3, full: 5 }[MODE],
  loadLatencyMs: SHORT ? 30 : 300,
  loadRate: 20,
  loadSeconds: { short: 2, quick: 20, full: 60 }[MODE],
  windowSeconds: SHORT ? 1 : 10,
  memoryCommands: { short: 200, quick: 2_000, full: 10_000 }[MODE],
  memoryInFlight: 20,
  /** Between a cold /arrivals and the warm one: past any short reuse of identical day lists. */
  warmGapMs: SHORT ? 0 : Number(process.env.BENCH_WARM_GAP_MS ?? 5_000),
  /** After the memory part, at rest: V8's memory reducer starts after 8 s without work. */
  restMs: SHORT ? 500 : 20_000,
};
const SECRET = "8f14e45fceea167a5a36dedd4bea2543";
// The bot as it runs in production: compiled (npm install builds dist/); BENCH_BOT=src/main.ts for type stripping.
const BOT_ENTRY = resolve(
  ROOT,
  process.env.BENCH_BOT ?? (existsSync(resolve(ROOT, "dist/main.js")) ? "dist/main.js" : "src/main.ts"),
);
const CONCURRENCY = Number(process.env.KENNEL_API_CONCURRENCY ?? 6) || 6;
const PASS_THROUGH = [
  "KENNEL_CACHE_TTL_S",
  "KENNEL_API_CONCURRENCY",
  "MALLOC_ARENA_MAX",
  "MALLOC_MMAP_THRESHOLD_",
  "BENCH_BOT_NODE_OPTIONS",
];

// ---------------------------------------------------------------------------------------------
// Small helpers

const median = (xs: number[]) => pct(xs, 50);
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : "n/a");
const mb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1048576).toFixed(1)} MB` : "n/a");
const spread = (xs: number[], f: (n: number) => string) =>
  xs.length > 1 ? `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})` : f(xs[0] ?? NaN);

/** A seeded generator, so every run sends the same sequence of commands. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc/PID/stat (clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /, "")
      .split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

function rssOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) * 1024;
  } catch {
    return NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// The stand-ins

interface KennelReady {
  url: string;
  key: string;
  today: string;
  days: string[];
  byDay: Record<string, { ref: string; customerId: number; petIds: number[] }[]>;
}

const kennel = fork(join(ROOT, "bench/stand-ins/kennel-api.ts"), [], { execArgv: [], stdio: "inherit" });
const slack = fork(join(ROOT, "bench/stand-ins/slack.ts"), [], { execArgv: [], stdio: "inherit" });
const [api, slackReady] = await Promise.all([
  ask<KennelReady>(kennel, {}, "ready", 30_000),
  ask<{ base: string }>(slack, {}, "ready", 30_000),
]);
const setLatency = (latency: number) => ask(kennel, { type: "latency", ms: latency }, "latency");
const apiCount = () =>
  ask<{ total: number; byKind: Record<string, number> }>(kennel, { type: "count" }, "count");
const apiCalls = async () => (await apiCount()).total;
/** Calls by endpoint between two counts, most first: "customer-pets 20, checkin 1". */
const callsBetween = (a: Record<string, number>, b: Record<string, number>) =>
  Object.entries(b)
    .map(([k, n]) => [k, n - (a[k] ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((x, y) => y[1] - x[1]);

interface Answer {
  at: number;
  error: boolean;
}
const answers = new Map<string, Answer>();
const waiting = new Map<string, (a: Answer) => void>();
slack.on("message", (m: { type: string; id: string; at: number; final: boolean; error: boolean }) => {
  if (m.type !== "answer" || !m.final || answers.has(m.id)) return;
  const a = { at: m.at, error: m.error };
  answers.set(m.id, a);
  waiting.get(m.id)?.(a);
  waiting.delete(m.id);
});
function answerOf(id: string, timeoutMs: number): Promise<Answer | undefined> {
  const known = answers.get(id);
  if (known) return Promise.resolve(known);
  return new Promise((ok) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      ok(undefined);
    }, timeoutMs);
    waiting.set(id, (a) => {
      clearTimeout(timer);
      ok(a);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The bot

interface Running {
  child: ChildProcess;
  url: string;
  startupMs: number;
  /** CPU time (user + system) the process had used when /healthz first answered: steadier than wall time on a shared machine. */
  startupCpuMs: number;
  stderr: string[];
}

const scratch = mkdtempSync(join(tmpdir(), "kennel-bench-"));
function botEnv(port: number, isBot: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: scratch,
    PORT: String(port),
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_BOT_TOKEN: "xoxb-bench-0000-token",
    SLACK_API_URL: `${slackReady.base}/api/`,
    KENNEL_API_KEY: api.key,
    KENNEL_API_BASE_URL: api.url,
    KENNEL_TIMEZONE: "Europe/London",
    LOG_LEVEL: "error",
  };
  for (const k of PASS_THROUGH) if (process.env[k] !== undefined) env[k] = process.env[k];
  // As in production (the Dockerfile, the systemd unit), for the bot and the bare Bolt baseline
  // alike: fewer malloc arenas, large blocks mapped (and given back) on their own, and a small young
  // generation. BENCH_PLAIN=1 runs Node's defaults.
  if (!process.env.BENCH_PLAIN) {
    env.MALLOC_ARENA_MAX ??= "2";
    env.MALLOC_MMAP_THRESHOLD_ ??= "32768";
    env.NODE_OPTIONS ??= "--max-semi-space-size=2";
  }
  // Node flags for the bot under test only (not the bare Bolt baseline, not the stand-ins), after the
  // production ones above, which both keep: a profiler's flag must not give the bot alone Node's
  // default young generation (it grew to 64 MB in the mix where the setting holds it to 4).
  if (isBot && process.env.BENCH_BOT_NODE_OPTIONS)
    env.NODE_OPTIONS = [env.NODE_OPTIONS, process.env.BENCH_BOT_NODE_OPTIONS].filter(Boolean).join(" ");
  return env;
}

/** Starts a program (the bot or the bare Bolt app) and times it until /healthz answers 200. */
async function start(entry: string, nodeArgs: string[] = [], ipc = false): Promise<Running> {
  const port = await freePort();
  const stderr: string[] = [];
  const started = now();
  // cwd is an empty folder: the bot must not read a developer's .env.
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: scratch,
    env: botEnv(port, entry === BOT_ENTRY),
    stdio: ["ignore", "ignore", "pipe", ...(ipc ? (["ipc"] as const) : [])],
  });
  child.stderr?.on("data", (c: Buffer) => {
    if (stderr.length < 50) stderr.push(c.toString());
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (let i = 0; i < 6_000; i++) {
    if (exited) throw new Error(`${entry} exited before /healthz answered:\n${stderr.join("")}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      async (r) => {
        await r.arrayBuffer();
        return r.ok;
      },
      () => false,
    );
    if (ok) {
      const startupMs = now() - started;
      const url = `http://127.0.0.1:${port}/slack/events`;
      return { child, url, startupMs, startupCpuMs: cpuMsOf(child.pid), stderr };
    }
    await sleep(5);
  }
  child.kill("SIGKILL");
  throw new Error(`${entry}: /healthz did not answer within 30 s`);
}

async function stop(r: Running): Promise<void> {
  if (r.child.exitCode !== null || r.child.signalCode !== null) return;
  const exited = new Promise((ok) => r.child.once("exit", ok));
  r.child.kill("SIGTERM");
  await Promise.race([exited, sleep(5_000)]);
  if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill("SIGKILL");
}

// ---------------------------------------------------------------------------------------------
// Commands

interface Command {
  command: string;
  text: string;
}
let seq = 0;
interface Sent {
  id: string;
  sentAt: number;
  ackMs: number;
  status: number;
}
async function send(bot: Running, c: Command): Promise<Sent> {
  const n = ++seq;
  const id = `b${n}`;
  const body = new URLSearchParams({
    token: "legacy-verification-token",
    team_id: "T1",
    team_domain: "kennel",
    channel_id: "C0FRONTDESK",
    channel_name: "front-desk",
    user_id: `U0STAFF${n % 40}`,
    user_name: `staff${n % 40}`,
    command: c.command,
    text: c.text,
    api_app_id: "A1",
    response_url: `${slackReady.base}/respond/${id}`,
    trigger_id: `t${n}`,
  }).toString();
  const headers = slackHeaders(SECRET, body, "application/x-www-form-urlencoded");
  const sentAt = now();
  const res = await fetch(bot.url, { method: "POST", headers, body });
  await res.arrayBuffer();
  return { id, sentAt, ackMs: now() - sentAt, status: res.status };
}

/** Sends one command and waits for its answer: answer time (ms) and API calls it made. */
async function one(bot: Running, c: Command): Promise<{ ms: number; calls: number; error: boolean }> {
  const before = await apiCalls();
  const s = await send(bot, c);
  const a = await answerOf(s.id, 60_000);
  await sleep(20); // a late call after the answer still counts against this command
  const calls = (await apiCalls()) - before;
  return { ms: a ? a.at - s.sentAt : NaN, calls, error: !a || a.error };
}

const day = (offset: number) => api.days[api.days.indexOf(api.today) + offset] as string;
const rowsOf = (offset: number) => api.byDay[day(offset)] ?? [];
type Arrival = KennelReady["byDay"][string][number];

// ---------------------------------------------------------------------------------------------
// The figures

interface Row {
  figure: string;
  measured: string;
  goal: string;
  met: boolean | undefined;
}
const rows: Row[] = [];
const notes: string[] = [];
const row = (figure: string, measured: string, goal = "", met?: boolean) =>
  rows.push({ figure, measured, goal, met: SHORT ? undefined : met });
const section = (title: string) =>
  rows.push({ figure: `— ${title}`, measured: "", goal: "", met: undefined });
let failures = 0;

const envShown = PASS_THROUGH.filter((k) => process.env[k] !== undefined)
  .map((k) => `${k}=${process.env[k]}`)
  .join(" ");
console.log(
  `Kennel Desk benchmark (${MODE === "full" ? "full run" : `${MODE} run`}; bot: ${BOT_ENTRY.replace(`${ROOT}/`, "")}${envShown ? `; ${envShown}` : ""}; Node ${process.version})`,
);
if (SHORT) console.log("Short run: every part briefly with tiny latencies; the figures mean nothing.");

// 1. Start-up and idle memory, against a bare Bolt app in plain JavaScript, alternating.
if (PARTS.has("start")) {
  progress(`start-up and idle memory, ${P.startRuns} run(s) each`);
  const startup = { bot: [] as number[], bare: [] as number[] };
  const startupCpu = { bot: [] as number[], bare: [] as number[] };
  const idle = { bot: [] as number[], bare: [] as number[] };
  for (let i = 0; i < P.startRuns; i++) {
    for (const which of ["bot", "bare"] as const) {
      const r = await start(which === "bot" ? BOT_ENTRY : join(ROOT, "bench/bare-bolt.mjs"));
      startup[which].push(r.startupMs);
      startupCpu[which].push(r.startupCpuMs);
      await sleep(P.idleMs);
      idle[which].push(rssOf(r.child.pid));
      await stop(r);
    }
  }
  const startRatio = median(startup.bot) / median(startup.bare);
  const idleRatio = median(idle.bot) / median(idle.bare);
  section(`start-up and idle memory: median (min–max) of ${P.startRuns} run(s) each, alternating`);
  row("start to /healthz, Kennel Desk", spread(startup.bot, ms));
  row("start to /healthz, bare Bolt (plain JS)", spread(startup.bare, ms));
  row("  ratio", `×${startRatio.toFixed(2)}`, "≤ ×1.30", startRatio <= 1.3);
  const cpuRatio = median(startupCpu.bot) / median(startupCpu.bare);
  row("CPU time to /healthz, Kennel Desk", spread(startupCpu.bot, ms));
  row("CPU time to /healthz, bare Bolt (plain JS)", spread(startupCpu.bare, ms));
  row("  ratio", `×${cpuRatio.toFixed(2)}`, "≤ ×1.30", cpuRatio <= 1.3);
  row(`idle RSS after ${P.idleMs / 1000} s, Kennel Desk`, spread(idle.bot, mb));
  row(`idle RSS after ${P.idleMs / 1000} s, bare Bolt`, spread(idle.bare, mb));
  row("  ratio", `×${idleRatio.toFixed(2)}`, "≤ ×1.30", idleRatio <= 1.3);
  // At rest for two minutes (bare Bolt gives memory back by then): both started together, read together.
  progress(`idle memory after ${P.restedMs / 1000} s at rest, ${P.restedPairs} pair(s)`);
  const rested = { bot: [] as number[], bare: [] as number[] };
  for (let i = 0; i < P.restedPairs; i++) {
    const pair = [await start(BOT_ENTRY), await start(join(ROOT, "bench/bare-bolt.mjs"))] as const;
    await sleep(P.restedMs);
    rested.bot.push(rssOf(pair[0].child.pid));
    rested.bare.push(rssOf(pair[1].child.pid));
    await Promise.all(pair.map(stop));
  }
  const restedRatio = median(rested.bot) / median(rested.bare);
  row(`idle RSS after ${P.restedMs / 1000} s at rest, Kennel Desk`, spread(rested.bot, mb));
  row(`idle RSS after ${P.restedMs / 1000} s at rest, bare Bolt`, spread(rested.bare, mb));
  row("  ratio", `×${restedRatio.toFixed(2)}`, "≤ ×1.20", restedRatio <= 1.2);
}

// The bot under test from here on: one process, with the benchmark's memory probe loaded.
const bot = await start(BOT_ENTRY, ["--expose-gc", "--import", join(ROOT, "bench/probe.mjs")], true);
const memory = () =>
  ask<{
    rss: number;
    heapUsed: number;
    heapTotal: number;
    external: number;
    arrayBuffers: number;
    gc: boolean;
  }>(bot.child, { type: "memory" }, "memory", 30_000);
await sleep(P.idleMs);
const idleRss = rssOf(bot.child.pid);
const idleHeap = (await memory()).heapUsed;

// 2. Acks: 50 concurrent distinct commands while the API takes 2 s.
if (PARTS.has("ack")) {
  progress(`acks: ${P.ackConcurrent} concurrent distinct commands, API ${P.ackLatencyMs} ms`);
  const past = [-10, -9, -8, -7, -6].flatMap(rowsOf);
  const cmds: Command[] = [];
  for (let i = 0; cmds.length < P.ackConcurrent; i++) {
    const b = past[i % past.length] as (typeof past)[number];
    const kinds: Command[] = [
      { command: "/booking", text: b.ref },
      { command: "/pet", text: String(b.petIds[0]) },
      { command: "/customer", text: String(b.customerId) },
      { command: i % 2 ? "/arrivals" : "/departures", text: day(-10 + (i % 8)) },
      { command: "/kennel", text: `bookings ${day(-10 + (i % 9))}` },
    ];
    cmds.push(kinds[i % kinds.length] as Command);
  }
  await setLatency(P.ackLatencyMs);
  const sent = await Promise.all(cmds.map((c) => send(bot, c)));
  const acks = sent.map((s) => s.ackMs);
  // Let the queued work finish quickly before the next part: the acks were the point here.
  await setLatency(0);
  const got = await Promise.all(sent.map((s) => answerOf(s.id, 120_000)));
  const missing = got.filter((a) => !a).length;
  if (missing) failures++;
  section(
    `ack: ${P.ackConcurrent} concurrent distinct commands (5 kinds), API answering in ${P.ackLatencyMs} ms`,
  );
  const p99 = pct(acks, 99);
  row("ack time p50 / p99", `${ms(pct(acks, 50))} / ${ms(p99)}`, "p99 ≤ 50 ms", p99 <= 50);
  row(
    "  acks not 200",
    String(sent.filter((s) => s.status !== 200).length),
    "0",
    sent.every((s) => s.status === 200),
  );
  if (missing)
    notes.push(`${missing} of the ${P.ackConcurrent} commands of the ack test got no answer within 120 s.`);
}

// 3. Answer times at 200 ms, one command at a time (so API calls per command are exact).
if (PARTS.has("answers")) {
  progress(`answer times at ${P.answerLatencyMs} ms, cold and warm`);
  await setLatency(P.answerLatencyMs);
  const L = P.answerLatencyMs;
  const stat = (xs: { ms: number; calls: number; error: boolean }[]) => ({
    p50: median(xs.map((x) => x.ms)),
    calls: [...new Set(xs.map((x) => x.calls))].sort((a, b) => a - b).join("/"),
    errors: xs.filter((x) => x.error).length,
  });
  const cold: Awaited<ReturnType<typeof one>>[] = [];
  const warm: Awaited<ReturnType<typeof one>>[] = [];
  for (let i = 1; i <= P.samples; i++) {
    // A day nobody has asked for (its customers unseen), then the same day by another member of staff.
    cold.push(await one(bot, { command: "/arrivals", text: day(i) }));
    await sleep(P.warmGapMs);
    warm.push(await one(bot, { command: "/arrivals", text: day(i) }));
  }
  const bookings: Awaited<ReturnType<typeof one>>[] = [];
  const pets: Awaited<ReturnType<typeof one>>[] = [];
  const customers: Awaited<ReturnType<typeof one>>[] = [];
  const status: Awaited<ReturnType<typeof one>>[] = [];
  for (let i = 0; i < P.samples * 2; i++) {
    const far = rowsOf(10 + (i % 5))[i] as KennelReady["byDay"][string][number];
    const farther = rowsOf(15 + (i % 5))[i] as KennelReady["byDay"][string][number];
    bookings.push(await one(bot, { command: "/booking", text: far.ref }));
    pets.push(await one(bot, { command: "/pet", text: String(farther.petIds[0]) }));
    customers.push(
      await one(bot, { command: "/customer", text: String(rowsOf(6 + (i % 3))[i]?.customerId) }),
    );
    status.push(await one(bot, { command: "/kennel", text: "status" }));
  }
  // The same references again, by other users: what a care cache can save on a booking.
  const bookingsAgain: Awaited<ReturnType<typeof one>>[] = [];
  for (let i = 0; i < P.samples; i++) {
    const far = rowsOf(10 + (i % 5))[i] as KennelReady["byDay"][string][number];
    bookingsAgain.push(await one(bot, { command: "/booking", text: far.ref }));
  }
  const ba = stat(bookingsAgain);
  const c = stat(cold);
  const w = stat(warm);
  const b = stat(bookings);
  const p = stat(pets);
  const cu = stat(customers);
  const st = stat(status);
  const coldGoal = (1 + Math.ceil(20 / CONCURRENCY)) * L + 30;
  section(
    `answers: API answering in ${L} ms, one command at a time, p50 of ${cold.length}–${bookings.length} distinct`,
  );
  row(
    `/arrivals cold (40 bookings, 20 customers on page 1)`,
    `${ms(c.p50)}, ${c.calls} call${c.calls === "1" ? "" : "s"}`,
    `≤ ${coldGoal} ms (1+⌈20÷${CONCURRENCY}⌉)×L+30`,
    c.p50 <= coldGoal,
  );
  row(
    `/arrivals warm (same day, another user, ${P.warmGapMs / 1000} s later)`,
    `${ms(w.p50)}, ${w.calls} call${w.calls === "1" ? "" : "s"}`,
    `≤ ${1.2 * L + 30} ms (1.2×L+30)`,
    w.p50 <= 1.2 * L + 30,
  );
  row(
    "/booking REF (unseen customers)",
    `${ms(b.p50)}, ${b.calls} call${b.calls === "1" ? "" : "s"}`,
    `≤ ${2 * L + 30} ms (2×L+30)`,
    b.p50 <= 2 * L + 30,
  );
  row(
    "/booking REF again (same references, other users)",
    `${ms(ba.p50)}, ${ba.calls} call${ba.calls === "1" ? "" : "s"}`,
    `≤ ${2 * L + 30} ms (2×L+30)`,
    ba.p50 <= 2 * L + 30,
  );
  row(
    "/customer ID (one call by design)",
    `${ms(cu.p50)}, ${cu.calls} call${cu.calls === "1" ? "" : "s"}`,
    `≤ ${L + 30} ms (L+30)`,
    cu.p50 <= L + 30,
  );
  row(
    "/kennel status (one call by design)",
    `${ms(st.p50)}, ${st.calls} call${st.calls === "1" ? "" : "s"}`,
    `≤ ${L + 30} ms (L+30)`,
    st.p50 <= L + 30,
  );
  row(
    "/pet ID (the pet, then its owner)",
    `${ms(p.p50)}, ${p.calls} call${p.calls === "1" ? "" : "s"}`,
    "no goal set (2 calls: ≤ 2×L+30)",
  );
  const errs = c.errors + w.errors + b.errors + ba.errors + p.errors + cu.errors + st.errors;
  if (errs) {
    failures++;
    notes.push(`${errs} answers of the answer-time part were errors or missing.`);
  }
}

// 4. Sustained load: 20 commands a second at 300 ms, a realistic mix (most of it about today).
if (PARTS.has("load")) {
  progress(`sustained: ${P.loadRate} commands/s for ${P.loadSeconds} s at ${P.loadLatencyMs} ms`);
  await setLatency(P.loadLatencyMs);
  const random = rng(14);
  const todays = [...rowsOf(0), ...rowsOf(-1), ...rowsOf(-2)];
  // Broad searches among them (issue 48): two letters of a pet's name, and a name with many matches.
  const letters = ["do", "be", "ma", "ro", "li", "sa", "ch", "bi"];
  const pick = (): Command => {
    const x = random();
    const b = todays[Math.floor(random() * todays.length)] as (typeof todays)[number];
    if (x < 0.25) return { command: "/arrivals", text: "today" };
    if (x < 0.4) return { command: "/departures", text: random() < 0.5 ? "" : "today" };
    if (x < 0.5)
      return {
        command: random() < 0.5 ? "/arrivals" : "/departures",
        text: ["tomorrow", "yesterday", "+2"][Math.floor(random() * 3)] as string,
      };
    if (x < 0.65) return { command: "/booking", text: b.ref };
    if (x < 0.75) return { command: "/pet", text: String(b.petIds[Math.floor(random() * b.petIds.length)]) };
    if (x < 0.85)
      return { command: "/kennel", text: `pets ${letters[Math.floor(random() * letters.length)]}` };
    if (x < 0.9)
      return {
        command: "/pet",
        text: ["Biscuit", "Bella", "Max", "Luna"][Math.floor(random() * 4)] as string,
      };
    if (x < 0.95) return { command: "/customer", text: String(b.customerId) };
    return { command: "/kennel", text: "status" };
  };
  // Each kind of the mix's commands alone first, one at a time, on inputs the mix never sends (its
  // days, references and searches are other ones, so nothing here warms the mix): the API calls one
  // answer of that kind makes, by endpoint. These do not depend on the machine's load.
  const alone: [string, Command[]][] = [
    ["/arrivals, a day first asked", [5, 7].map((d) => ({ command: "/arrivals", text: day(d) }))],
    ["/arrivals, the same day again", [5, 7].map((d) => ({ command: "/arrivals", text: day(d) }))],
    ["/departures, a day first asked", [10, 12].map((d) => ({ command: "/departures", text: day(d) }))],
    ["/booking", [0, 1].map((i) => ({ command: "/booking", text: (rowsOf(9)[i] as Arrival).ref }))],
    ["/pet ID", [0, 1].map((i) => ({ command: "/pet", text: String((rowsOf(11)[i] as Arrival).petIds[0]) }))],
    ["/pet NAME", ["Otis", "Pepper", "Bella"].map((text) => ({ command: "/pet", text }))],
    ["/kennel pets", ["sh", "ju", "ti"].map((l) => ({ command: "/kennel", text: `pets ${l}` }))],
    [
      "/customer",
      [0, 1].map((i) => ({ command: "/customer", text: String((rowsOf(12)[i] as Arrival).customerId) })),
    ],
    ["/kennel status", [{ command: "/kennel", text: "status" }]],
  ];
  const perAnswer: [string, string][] = [];
  /** Waits until the API has had no call for `quietMs` (work read ahead after an answer has finished). */
  const quiet = async (quietMs: number) => {
    let last = await apiCalls();
    for (let still = 0; still < quietMs; still += 100) {
      await sleep(100);
      const n = await apiCalls();
      if (n !== last) {
        last = n;
        still = 0;
      }
    }
  };
  for (const [kind, cmds] of alone) {
    const counts: string[] = [];
    for (const c of cmds) {
      await quiet(3 * P.loadLatencyMs);
      const before = (await apiCount()).byKind;
      const r = await one(bot, c);
      await quiet(3 * P.loadLatencyMs);
      const by = callsBetween(before, (await apiCount()).byKind);
      const total = by.reduce((n, [, k]) => n + k, 0);
      const ahead = total > r.calls ? ` + ${total - r.calls} after it` : "";
      counts.push(`${r.calls}${ahead}${by.length ? ` (${by.map(([k, n]) => `${k} ${n}`).join(", ")})` : ""}`);
    }
    perAnswer.push([kind, counts.join("; ")]);
  }
  // Bare Bolt under the same commands at the same moments, for its memory growth beside the bot's.
  const bare = await start(join(ROOT, "bench/bare-bolt.mjs"));
  const countBefore = (await apiCount()).byKind;
  const cpuBefore = { bot: cpuMsOf(bot.child.pid), bare: cpuMsOf(bare.child.pid) };
  const loadBefore = loadavg()[0] as number;
  await sleep(P.idleMs);
  const before = { bot: rssOf(bot.child.pid), bare: rssOf(bare.child.pid) };
  const bareSeen: number[] = [];
  const total = P.loadRate * P.loadSeconds;
  const t0 = now() + 50;
  const rssSeen: number[] = [];
  /** The bot's own memoryUsage() beside each RSS sample: at the peak, how much of it is V8's heap. */
  const usageSeen: Array<{ rss: number; heapTotal: number; heapUsed: number; external: number }> = [];
  const sampler = setInterval(() => {
    rssSeen.push(rssOf(bot.child.pid));
    bareSeen.push(rssOf(bare.child.pid));
    ask<(typeof usageSeen)[number]>(bot.child, { type: "usage" }, "usage", 5_000).then(
      (u) => usageSeen.push(u),
      () => undefined,
    );
  }, 500);
  const results = await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const c = pick();
      await sleep(Math.max(0, t0 + (i * 1000) / P.loadRate - now()));
      const [s] = await Promise.all([send(bot, c), send(bare, c)]);
      return { c, s, wait: answerOf(s.id, 60_000 + P.loadSeconds * 1000) };
    }),
  );
  const done = await Promise.all(results.map(async ({ c, s, wait }) => ({ c, s, a: await wait })));
  clearInterval(sampler);
  const runWallMs = now() - t0;
  const cpuRun = {
    bot: cpuMsOf(bot.child.pid) - cpuBefore.bot,
    bare: cpuMsOf(bare.child.pid) - cpuBefore.bare,
  };
  const loadAfter = loadavg()[0] as number;
  await stop(bare);
  const during = callsBetween(countBefore, (await apiCount()).byKind);
  const told = await ask<{ perSecond: [number, number][]; byKind: [string, number][] }>(
    kennel,
    { type: "timeline" },
    "timeline",
  );
  const timeline = new Map(told.perSecond);
  const windows = Math.ceil(P.loadSeconds / P.windowSeconds);
  section(
    `sustained: ${P.loadRate} commands/s for ${P.loadSeconds} s, API at ${P.loadLatencyMs} ms, mix mostly about today, with broad searches; by ${P.windowSeconds}-s window of sending`,
  );
  const p50s: number[] = [];
  const p99s: number[] = [];
  for (let w = 0; w < windows; w++) {
    const from = t0 + w * P.windowSeconds * 1000;
    const to = from + P.windowSeconds * 1000;
    const inWindow = done.filter((d) => d.s.sentAt >= from - 60 && d.s.sentAt < to - 60);
    const times = inWindow.filter((d) => d.a).map((d) => (d.a as Answer).at - d.s.sentAt);
    const unanswered = inWindow.length - times.length;
    let calls = 0;
    for (let sec = Math.floor(from / 1000); sec < Math.floor(to / 1000); sec++)
      calls += timeline.get(sec) ?? 0;
    p50s.push(pct(times, 50));
    p99s.push(pct(times, 99));
    row(
      `  ${w * P.windowSeconds}–${(w + 1) * P.windowSeconds} s: answer p50 / p99`,
      `${ms(pct(times, 50))} / ${ms(pct(times, 99))}${unanswered ? `, ${unanswered} unanswered` : ""}, API ${(calls / P.windowSeconds).toFixed(1)} calls/s`,
    );
  }
  // Each kind of command apart (its first word of text for /kennel): which answers wait, and how long.
  const kindOf = (c: Command) =>
    c.command === "/kennel"
      ? `/kennel ${c.text.split(" ")[0]}`
      : c.command === "/pet" && !/^\d+$/.test(c.text)
        ? "/pet NAME"
        : c.command;
  const kinds = new Map<string, number[]>();
  for (const d of done) {
    if (!d.a) continue;
    const k = kindOf(d.c);
    kinds.set(k, [...(kinds.get(k) ?? []), d.a.at - d.s.sentAt]);
  }
  for (const [k, times] of [...kinds].sort()) {
    row(`  ${k} (${times.length}): answer p50 / p99`, `${ms(pct(times, 50))} / ${ms(pct(times, 99))}`);
  }
  // The first window apart (the days nobody asked for yet, the first searches): which kinds wait,
  // and what the API worked on meanwhile, by endpoint.
  const firstTo = t0 + P.windowSeconds * 1000 - 60;
  const first = new Map<string, number[]>();
  for (const d of done) {
    if (!d.a || d.s.sentAt >= firstTo) continue;
    const k = kindOf(d.c);
    first.set(k, [...(first.get(k) ?? []), d.a.at - d.s.sentAt]);
  }
  for (const [k, times] of [...first].sort()) {
    row(
      `  first ${P.windowSeconds} s, ${k} (${times.length}): answer p50 / p99`,
      `${ms(pct(times, 50))} / ${ms(pct(times, 99))}`,
    );
  }
  const firstSeconds = new Map<string, number>();
  for (const [key, n] of told.byKind) {
    const [sec, kind] = key.split(" ") as [string, string];
    const at = Number(sec) * 1000;
    if (at >= t0 - 1000 && at < t0 + P.windowSeconds * 1000)
      firstSeconds.set(kind, (firstSeconds.get(kind) ?? 0) + n);
  }
  row(
    `  API calls in the first ${P.windowSeconds} s of sending, by endpoint`,
    [...firstSeconds]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(", "),
  );
  row(
    "  CPU time (user + system) over the run, until the last answer: Kennel Desk / bare Bolt",
    `${ms(cpuRun.bot)} / ${ms(cpuRun.bare)} in ${ms(runWallMs)} of wall time`,
  );
  row("  load average (1 min) before / after the run", `${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}`);
  const callsInRun = during.reduce((n, [, k]) => n + k, 0);
  row(
    `  API calls during the run, by endpoint (${callsInRun}, ${(callsInRun / done.length).toFixed(2)} an answer)`,
    during.map(([k, n]) => `${k} ${n}`).join(", "),
  );
  section(
    "API calls of one answer of each kind, alone, one at a time (inputs the mix does not send): until its answer (+ read ahead after it), by endpoint",
  );
  for (const [kind, calls] of perAnswer) row(`  ${kind}`, calls);
  const all = done.filter((d) => d.a).map((d) => (d.a as Answer).at - d.s.sentAt);
  const unanswered = done.filter((d) => !d.a).length;
  const errors = done.filter((d) => d.a?.error).length;
  // Growing: the last window's p50 or p99 is well above the first's (a queue that builds up).
  const grew = (xs: number[]) => xs.length > 1 && (xs.at(-1) as number) > 1.5 * (xs[0] as number) + 100;
  const growing = grew(p50s) || grew(p99s);
  const p99 = pct(all, 99);
  // Which answers the p99 is made of: those over the goal, by kind, and when they were sent.
  const slow = done.filter((d) => d.a && d.a.at - d.s.sentAt > 1500);
  const slowKinds = new Map<string, number>();
  for (const d of slow) slowKinds.set(kindOf(d.c), (slowKinds.get(kindOf(d.c)) ?? 0) + 1);
  const lastSlow = Math.max(...slow.map((d) => d.s.sentAt - t0), 0);
  row(
    `  answers over 1.5 s (${slow.length} of ${done.length}; the last sent at ${(lastSlow / 1000).toFixed(1)} s), by kind`,
    [...slowKinds]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(", ") || "none",
  );
  row(
    "  whole run: answer p50 / p99",
    `${ms(pct(all, 50))} / ${ms(p99)}`,
    "p99 ≤ 1500 ms",
    p99 <= 1500 && !unanswered,
  );
  row(
    "  p99 growing over the run?",
    growing
      ? `yes: p50 ${ms(p50s[0] as number)} → ${ms(p50s.at(-1) as number)}, p99 ${ms(p99s[0] as number)} → ${ms(p99s.at(-1) as number)}`
      : "no",
    "not growing",
    !growing,
  );
  row(
    "  acks p99 under load",
    ms(
      pct(
        done.map((d) => d.s.ackMs),
        99,
      ),
    ),
    "≤ 50 ms",
    pct(
      done.map((d) => d.s.ackMs),
      99,
    ) <= 50,
  );
  row("  unanswered / error answers", `${unanswered} / ${errors}`, "0 / 0", unanswered + errors === 0);
  const peak = (xs: number[]) => Math.max(...xs.filter(Number.isFinite));
  const growth = { bot: peak(rssSeen) - before.bot, bare: peak(bareSeen) - before.bare };
  row(
    "  RSS growth during the run: Kennel Desk",
    `${mb(growth.bot)} (${mb(before.bot)} → peak ${mb(peak(rssSeen))})`,
  );
  row(
    "  RSS growth during the run: bare Bolt, same commands",
    `${mb(growth.bare)} (${mb(before.bare)} → peak ${mb(peak(bareSeen))})`,
  );
  row("  ratio", `×${(growth.bot / growth.bare).toFixed(2)}`, "≤ ×1.50", growth.bot <= 1.5 * growth.bare);
  const atPeak = usageSeen.reduce(
    (a, b) => (b.rss > a.rss ? b : a),
    usageSeen[0] ?? { rss: NaN, heapTotal: NaN, heapUsed: NaN, external: NaN },
  );
  row(
    "  Kennel Desk at its highest RSS sampled: V8 heap total (used) / external / the rest",
    `${mb(atPeak.rss)}: ${mb(atPeak.heapTotal)} (${mb(atPeak.heapUsed)}) / ${mb(atPeak.external)} / ${mb(atPeak.rss - atPeak.heapTotal - atPeak.external)}`,
  );
  // What of the growth is kept (live after a full collection) and what was the run's garbage.
  const after = await memory();
  row(
    "  Kennel Desk's heap live after a full collection: after start / after the run",
    `${mb(idleHeap)} / ${mb(after.heapUsed)} (heap total ${mb(after.heapTotal)}, external ${mb(after.external)}, RSS now ${mb(after.rss)})`,
  );
  if (unanswered === done.length) failures++;
}

// 5. Faults: 200 commands over 10 s, the API at 300 ms with 5% of its requests failing (500/503).
if (PARTS.has("faults")) {
  const n = SHORT ? 20 : 200;
  progress(`faults: ${n} commands over ${n / 20} s, API at ${P.loadLatencyMs} ms, 5% failing`);
  await setLatency(P.loadLatencyMs);
  await ask(kennel, { type: "faults", errorRate: 0.05 }, "faults");
  const kinds = (i: number): Command => {
    const b = rowsOf(-3 + (i % 7))[i % 40] as KennelReady["byDay"][string][number];
    return [
      { command: "/booking", text: b.ref },
      { command: "/pet", text: String(b.petIds[0]) },
      { command: "/customer", text: String(b.customerId) },
      { command: i % 2 ? "/arrivals" : "/departures", text: day(-3 + (i % 7)) },
      { command: "/kennel", text: "status" },
    ][i % 5] as Command;
  };
  const done = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      await sleep(i * 50);
      const s = await send(bot, kinds(i));
      return { s, a: await answerOf(s.id, 120_000) };
    }),
  );
  await ask(kennel, { type: "faults", errorRate: 0 }, "faults");
  const answered = done.filter((d) => d.a);
  const words = answered.filter((d) => d.a?.error).length;
  const acks = done.map((d) => d.s.ackMs);
  section(
    `faults: ${n} distinct commands over ${n / 20} s, API at ${P.loadLatencyMs} ms, 5% of its requests failing`,
  );
  row(
    "answered",
    `${answered.length} of ${n} (${words} an error in words, the rest answered, some after a retry)`,
    "every one",
    answered.length === n,
  );
  row("  ack p99", ms(pct(acks, 99)), "≤ 50 ms", pct(acks, 99) <= 50);
  if (!answered.length) failures++;
}

// 6. Memory over 10,000 commands (no API latency), heap after GC from the probe, RSS from /proc.
if (PARTS.has("memory")) {
  progress(`memory: ${P.memoryCommands} commands`);
  await setLatency(0);
  const random = rng(10_000);
  const pick = (): Command => {
    const d = Math.floor(random() * 31) - 10;
    const b = rowsOf(d)[Math.floor(random() * 40)] as KennelReady["byDay"][string][number];
    const x = random();
    if (x < 0.3) return { command: random() < 0.5 ? "/arrivals" : "/departures", text: day(d) };
    if (x < 0.55) return { command: "/booking", text: b.ref };
    if (x < 0.8) return { command: "/pet", text: String(b.petIds[0]) };
    if (x < 0.95) return { command: "/customer", text: String(b.customerId) };
    return { command: "/kennel", text: `bookings ${day(d)}` };
  };
  const series: { n: number; rss: number; heap: number; heapTotal: number; external: number }[] = [];
  let sent = 0;
  let lost = 0;
  const checkpoints = 5;
  const t0 = now();
  for (let k = 1; k <= checkpoints; k++) {
    const until = Math.round((P.memoryCommands * k) / checkpoints);
    await Promise.all(
      Array.from({ length: P.memoryInFlight }, async () => {
        while (sent < until) {
          sent++;
          const s = await send(bot, pick());
          if (!(await answerOf(s.id, 60_000))) lost++;
        }
      }),
    );
    const m = await memory();
    series.push({
      n: sent,
      rss: rssOf(bot.child.pid),
      heap: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
    });
  }
  const seconds = (now() - t0) / 1000;
  await sleep(P.restMs);
  const restRss = rssOf(bot.child.pid);
  const last = series.at(-1) as (typeof series)[number];
  const first = series[0] as (typeof series)[number];
  const rssRatio = last.rss / idleRss;
  const heapGrowth = last.heap - first.heap;
  section(
    `memory: ${P.memoryCommands} distinct commands, ${P.memoryInFlight} in flight, API at 0 ms (${(P.memoryCommands / seconds).toFixed(0)} commands/s)`,
  );
  row("bot idle (same process, before any command)", `RSS ${mb(idleRss)}, heap ${mb(idleHeap)}`);
  for (const s of series) {
    row(
      `  after ${s.n} commands: RSS / heap after GC`,
      `${mb(s.rss)} / ${mb(s.heap)} (V8 heap reserved ${mb(s.heapTotal)}, external ${mb(s.external)})`,
    );
  }
  row(`RSS after ${sent} commands ÷ idle RSS`, `×${rssRatio.toFixed(2)}`, "≤ ×1.50", rssRatio <= 1.5);
  row(
    `  the same, ${P.restMs / 1000} s later at rest`,
    `×${(restRss / idleRss).toFixed(2)} (${mb(restRss)})`,
    "≤ ×1.50",
    restRss / idleRss <= 1.5,
  );
  row(
    `heap after GC, growth from ${first.n} to ${last.n}`,
    `${heapGrowth >= 0 ? "+" : ""}${mb(heapGrowth)}`,
    "flat (≤ +3 MB)",
    heapGrowth <= 3 * 1048576,
  );
  if (process.env.BENCH_SMAPS) {
    // Where the RSS is, by mapping: the [heap] of malloc, anonymous mappings (V8's heap, malloc's
    // other arenas), and files (code).
    const by = new Map<string, number>();
    let name = "";
    for (const line of readFileSync(`/proc/${bot.child.pid}/smaps`, "utf8").split("\n")) {
      const m = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (m) name = m[1] ? (m[1].startsWith("/") ? "(files)" : m[1]) : "(anonymous)";
      const r = /^Rss:\s+(\d+)/.exec(line);
      if (r) by.set(name, (by.get(name) ?? 0) + Number(r[1]) * 1024);
    }
    for (const [k, v] of [...by].sort((x, y) => y[1] - x[1]).slice(0, 5)) row(`  RSS in ${k}`, mb(v));
    if (process.env.BENCH_SMAPS === "2") {
      // The largest anonymous mappings, with their size: V8's pages, malloc's arenas (64 MB each).
      const maps: { range: string; size: number; rss: number }[] = [];
      let current: { range: string; size: number; rss: number } | undefined;
      for (const line of readFileSync(`/proc/${bot.child.pid}/smaps`, "utf8").split("\n")) {
        const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
        if (m) {
          current = m[3]
            ? undefined
            : {
                range: `${m[1]}`,
                size: Number.parseInt(m[2] as string, 16) - Number.parseInt(m[1] as string, 16),
                rss: 0,
              };
          if (current) maps.push(current);
        }
        const r = /^Rss:\s+(\d+)/.exec(line);
        if (r && current) current.rss = Number(r[1]) * 1024;
      }
      maps.sort((x, y) => y.rss - x.rss);
      row(
        "  anonymous mappings",
        `${maps.length}, of which ≥ 1 MB resident: ${maps.filter((x) => x.rss >= 1048576).length}`,
      );
      for (const x of maps.slice(0, 4)) row(`    ${x.range}`, `size ${mb(x.size)}, resident ${mb(x.rss)}`);
      const bySize = new Map<number, { n: number; rss: number }>();
      for (const x of maps) {
        const e = bySize.get(x.size) ?? { n: 0, rss: 0 };
        e.n++;
        e.rss += x.rss;
        bySize.set(x.size, e);
      }
      for (const [size, e] of [...bySize].sort((x, y) => y[1].rss - x[1].rss).slice(0, 5)) {
        row(`    mappings of ${(size / 1024).toFixed(0)} KiB`, `${e.n}, resident ${mb(e.rss)}`);
      }
    }
  }
  if (lost) notes.push(`${lost} commands of the memory part got no answer within 60 s.`);
  if (lost === sent) failures++;
}

// ---------------------------------------------------------------------------------------------
// The table

await stop(bot);
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
for (const n of notes) console.log(`note: ${n}`);
if (bot.stderr.length)
  console.log(`the bot's error log (first lines):\n${bot.stderr.join("").slice(0, 2_000)}`);

kennel.send({ type: "stop" });
slack.send({ type: "stop" });
rmSync(scratch, { recursive: true, force: true });
if (failures) {
  console.error(`bench: ${failures} part(s) got no answers at all: the harness or the bot is broken.`);
  process.exitCode = 1;
}
setTimeout(() => process.exit(process.exitCode ?? 0), 500).unref();
