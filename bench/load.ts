/**
 * Load and memory figures (prints, asserts nothing). Run with `npm run bench:load`.
 * 1. 200 commands over 10 s against the sandbox at 300 ms latency and a 5% error rate: every one
 *    answered; ack p99; answer p50 and p99; peak memory.
 * 2. 10,000 commands: memory before and after (after garbage collection).
 * 3. Startup time and idle memory of `npm start` beside a bare Bolt app with one command.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { type Bot, createBot } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { createKennelClient } from "../src/kennel/client.ts";
import { silentLogger } from "../src/log.ts";
import { startSandbox } from "../src/sandbox/server.ts";
import { freePort } from "../test/helpers/net.ts";
import { commandForm, postSigned, type SlackStandIn, startSlackStandIn } from "../test/helpers/slack.ts";

const SECRET = "8f14e45fceea167a5a36dedd4bea2543";
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
};

const sandbox = await startSandbox({ seed: 7, customers: 400, timezone: "Europe/London" });
const slack = await startSlackStandIn();
slack.users.set("U0STAFF", { id: "U0STAFF" });
const config = loadConfig({
  KENNEL_API_KEY: sandbox.keys.main,
  KENNEL_API_BASE_URL: sandbox.url,
  KENNEL_TIMEZONE: "Europe/London",
  SLACK_BOT_TOKEN: "xoxb-bench-0000-load",
  SLACK_SIGNING_SECRET: SECRET,
  SLACK_API_URL: slack.apiUrl,
  PORT: "0",
});
const log = silentLogger();
const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, { log });
const bot: Bot = createBot(
  { kennel, log, config, clock: { now: () => new Date() } },
  { slack: config.slack as NonNullable<Config["slack"]> },
);
const url = `http://127.0.0.1:${await bot.start()}/slack/events`;

const refs = sandbox.main.bookings
  .slice(0, 50)
  .map((b) => String(b.reference))
  .filter((r) => !r.includes("/"));
const pets = sandbox.main.pets.slice(0, 50).map((p) => String(p.petId));
const names = sandbox.main.customers.slice(0, 50).map((c) => String(c.secondname));
function pick(i: number): { command: string; text: string } {
  switch (i % 8) {
    case 0:
      return { command: "/arrivals", text: ["today", "tomorrow", "+2", "yesterday"][i % 4] as string };
    case 1:
      return { command: "/departures", text: ["today", "tomorrow", "+2", "-1"][i % 4] as string };
    case 2:
      return { command: "/booking", text: refs[i % refs.length] as string };
    case 3:
      return { command: "/pet", text: pets[i % pets.length] as string };
    case 4:
      return { command: "/customer", text: names[i % names.length] as string };
    case 5:
      return { command: "/kennel", text: "status" };
    case 6:
      return { command: "/kennel", text: "bookings today" };
    default:
      return { command: "/kennel", text: `pets ${["a", "bi", "ro", "sh"][i % 4]}` };
  }
}

const isFinal = (s: SlackStandIn, id: string) =>
  s
    .responsesFor(id)
    .find((r) => !String(r.body.text ?? "").includes("Looking up") && r.body.delete_original !== true);

// 1. 200 commands over 10 s, 300 ms latency, 5% errors.
sandbox.setFaults({ latencyMs: 300, errorRate: 0.05 });
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const acks: number[] = [];
const answers: number[] = [];
const errorsShown: number[] = [];
await Promise.all(
  Array.from({ length: 200 }, async (_, i) => {
    await new Promise((r) => setTimeout(r, i * 50));
    const { form, id } = commandForm(slack, pick(i));
    const started = performance.now();
    const res = await postSigned(url, SECRET, form);
    acks.push(res.ms);
    await slack.waitFor(() => isFinal(slack, id) !== undefined, 120_000);
    answers.push(performance.now() - started);
    // An error answer says what to quote to support, or names a logged incident.
    if (/quote it to support|incident/.test(JSON.stringify(isFinal(slack, id)?.body))) errorsShown.push(i);
  }),
);
clearInterval(sampler);
console.log("Load: 200 commands over 10 s, API latency 300 ms, 5% of API requests failing (500/503)");
console.log(
  `  answered       ${answers.length} of 200 (${errorsShown.length} of them an error message in words; the rest succeeded, some after a retry)`,
);
console.log(`  ack            p50 ${pct(acks, 50).toFixed(1)} ms   p99 ${pct(acks, 99).toFixed(1)} ms`);
console.log(`  answer         p50 ${pct(answers, 50).toFixed(0)} ms   p99 ${pct(answers, 99).toFixed(0)} ms`);
console.log(`  peak memory    ${mb(peak)} RSS (bot, sandbox and Slack stand-in in one process)`);

// 2. 10,000 commands, memory before and after.
sandbox.setFaults({});
const N = Number(process.env.BENCH_COMMANDS ?? 10_000);
const warm = async (n: number) => {
  for (let start = 0; start < n; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, n - start) }, async (_, j) => {
        const { form, id } = commandForm(slack, pick(start + j));
        await postSigned(url, SECRET, form);
        await slack.waitFor(() => isFinal(slack, id) !== undefined, 60_000);
      }),
    );
    // The stand-in's own records are not the bot's memory.
    slack.responses.length = 0;
    slack.api.length = 0;
    sandbox.requests.length = 0;
  }
};
await warm(500);
gc?.();
const before = process.memoryUsage();
const t0 = performance.now();
await warm(N);
const seconds = (performance.now() - t0) / 1000;
gc?.();
const after = process.memoryUsage();
console.log(
  `Memory over ${N} commands (${(N / seconds).toFixed(0)} commands/s, after garbage collection${gc ? "" : " NOT AVAILABLE: run with --expose-gc"}):`,
);
console.log(
  `  heap used      before ${mb(before.heapUsed)}   after ${mb(after.heapUsed)}   growth ${mb(after.heapUsed - before.heapUsed)}`,
);
console.log(`  RSS            before ${mb(before.rss)}   after ${mb(after.rss)}`);
await bot.stop(1_000);

// 3. Startup time and idle memory, beside a bare Bolt app.
async function measure(script: string): Promise<{ startupMs: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [script], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      SLACK_BOT_TOKEN: "xoxb-bench-0000-idle",
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: sandbox.url,
      LOG_LEVEL: "silent",
    },
    stdio: "ignore",
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const startupMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 2_000));
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  child.kill("SIGTERM");
  await new Promise((r) => child.on("exit", r));
  return { startupMs, rss };
}
const ours = await measure("src/main.ts");
const bare = await measure("bench/bare-bolt.ts");
console.log("Startup (process start to /healthz answering) and idle memory (RSS after 2 s):");
console.log(`  Kennel Desk    ${ours.startupMs.toFixed(0)} ms   ${mb(ours.rss)}`);
console.log(`  bare Bolt app  ${bare.startupMs.toFixed(0)} ms   ${mb(bare.rss)}   (one command)`);
console.log(
  `  ratio          startup ×${(ours.startupMs / bare.startupMs).toFixed(2)}   idle memory ×${(ours.rss / bare.rss).toFixed(2)}`,
);
await slack.close();
await sandbox.close();
setTimeout(() => process.exit(0), 100).unref();
