/**
 * Bot figures (prints, asserts nothing):
 * - ack time p50 and p99 for 50 concurrent commands while the API answers in 2 s;
 * - time from command to answer minus the API's own latency;
 * - API calls made by one /arrivals on a 40-booking day.
 * `--short` (used by npm test): one round. Default: three rounds.
 */
import { type Bot, createBot } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { createKennelClient } from "../src/kennel/client.ts";
import { silentLogger } from "../src/log.ts";
import { startSandbox } from "../src/sandbox/server.ts";
import { commandForm, postSigned, type SlackStandIn, startSlackStandIn } from "../test/helpers/slack.ts";

const short = process.argv.includes("--short");
const rounds = short ? 1 : 3;
const CONCURRENT = 50;
const LATENCY_MS = 2_000;
const SECRET = "8f14e45fceea167a5a36dedd4bea2543";

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

async function startBot(
  sandboxUrl: string,
  key: string,
  slack: SlackStandIn,
): Promise<{ bot: Bot; url: string }> {
  const config = loadConfig({
    KENNEL_API_KEY: key,
    KENNEL_API_BASE_URL: sandboxUrl,
    KENNEL_TIMEZONE: "Europe/London",
    SLACK_BOT_TOKEN: "xoxb-bench-0000-token",
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    PORT: "0",
    LOG_LEVEL: "silent",
  });
  const log = silentLogger();
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, { log });
  const bot = createBot(
    { kennel, log, config, clock: { now: () => new Date() } },
    { slack: config.slack as NonNullable<Config["slack"]> },
  );
  const port = await bot.start();
  slack.users.set("U0STAFF", { id: "U0STAFF" });
  return { bot, url: `http://127.0.0.1:${port}/slack/events` };
}

const sandbox = await startSandbox({ seed: 3, customers: 400, timezone: "Europe/London" });
const slack = await startSlackStandIn();
const { bot, url } = await startBot(sandbox.url, sandbox.keys.main, slack);

// 1. API calls made by one /arrivals on a day with about 40 bookings (no latency).
const [day, count] = [...sandbox.main.arrivalsByDate.entries()]
  .map(([d, list]) => [d, list.filter((b) => !/cancel|no_show/.test(String(b.status))).length] as const)
  .sort((a, b) => Math.abs(a[1] - 40) - Math.abs(b[1] - 40))[0] ?? ["", 0];
const before = sandbox.requests.length;
{
  const { form, id } = commandForm(slack, { command: "/arrivals", text: day });
  await postSigned(url, SECRET, form);
  await slack.waitFor(() => slack.responsesFor(id).length > 0, 30_000);
}
const arrivalsCalls = sandbox.requests.length - before;

// 2. Acks and answers under a slow API.
sandbox.setFaults({ latencyMs: LATENCY_MS });
const acks: number[] = [];
const overheads: number[] = [];
for (let r = 0; r < rounds; r++) {
  const started = new Map<string, number>();
  const sent = await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      const { form, id } = commandForm(slack, { command: "/kennel", text: "status" });
      started.set(id, performance.now());
      const res = await postSigned(url, SECRET, form);
      acks.push(res.ms);
      return id;
    }),
  );
  await slack.waitFor(
    () => sent.every((id) => slack.responsesFor(id).some((x) => !String(x.body.text).includes("Looking up"))),
    60_000,
  );
  for (const id of sent) {
    const answer = slack.responsesFor(id).find((x) => !String(x.body.text).includes("Looking up"));
    // /kennel status makes one API call: the rest of the time is Kennel Desk's (and Slack stand-in's).
    if (answer) overheads.push(answer.at - (performance.timeOrigin + (started.get(id) ?? 0)) - LATENCY_MS);
  }
}

// 3. Distinct commands (full run only): 50 different /pet ID, each two API calls in sequence,
// so the 6-request limit queues them. Reported as answer time, not as overhead.
const distinct: number[] = [];
if (!short) {
  const petIds = sandbox.main.pets
    .filter((p) => !p.deleted)
    .slice(0, CONCURRENT)
    .map((p) => String(p.petId));
  const t0 = new Map<string, number>();
  const sent = await Promise.all(
    petIds.map(async (pid) => {
      const { form, id } = commandForm(slack, { command: "/pet", text: pid });
      t0.set(id, performance.now());
      await postSigned(url, SECRET, form);
      return id;
    }),
  );
  const final = (id: string) =>
    slack.responsesFor(id).find((x) => !String(x.body.text).includes("Looking up"));
  await slack.waitFor(() => sent.every((id) => final(id) !== undefined), 120_000);
  for (const id of sent) {
    const answer = final(id);
    if (answer) distinct.push(answer.at - (performance.timeOrigin + (t0.get(id) ?? 0)));
  }
}

console.log(
  `Kennel Desk bot figures${short ? " (short run)" : ""}: ${rounds} round(s) of ${CONCURRENT} concurrent commands, API latency ${LATENCY_MS} ms`,
);
console.log(
  `  ack time                                    p50 ${pct(acks, 50).toFixed(1)} ms   p99 ${pct(acks, 99).toFixed(1)} ms   (Slack allows 3000 ms)`,
);
console.log(
  `  identical commands: answer minus API time p50 ${pct(overheads, 50).toFixed(1)} ms   p99 ${pct(overheads, 99).toFixed(1)} ms`,
);
if (distinct.length) {
  console.log(
    `  50 distinct /pet ID: answer p50 ${(pct(distinct, 50) / 1000).toFixed(1)} s   p99 ${(pct(distinct, 99) / 1000).toFixed(1)} s   (2 API calls each, at most 6 in flight)`,
  );
}
console.log(
  `  /arrivals on ${day} (${count} bookings): ${arrivalsCalls} API calls (1 list + 1 per distinct customer on the first page of 20)`,
);
await bot.stop(1_000);
await slack.close();
await sandbox.close();
setTimeout(() => process.exit(0), 100).unref();
