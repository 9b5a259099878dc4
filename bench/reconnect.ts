/**
 * Reconnection figures (prints, asserts nothing), over loopback stand-ins with the production
 * settings (backoff, ping timeouts):
 * - an abrupt drop (no close frame), 10 times: drop → connected again → next command answered;
 * - Slack's `disconnect` (refresh_requested), 10 times;
 * - an outage: the endpoint refuses connections for 3 s, 3 times: endpoint back → connected;
 * with the backoff schedule beside them.
 */
import { type Bot, createBot } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { systemClock } from "../src/deps.ts";
import { createKennelClient } from "../src/kennel/client.ts";
import { silentLogger } from "../src/log.ts";
import { temporaryRecord } from "../src/record/open.ts";
import { startSandbox } from "../src/sandbox/server.ts";
import { BACKOFF_STEPS_MS } from "../src/slack/backoff.ts";
import { freePort } from "../test/helpers/net.ts";
import { type SlackStandIn, startSlackStandIn } from "../test/helpers/slack.ts";
import { type SocketStandIn, startSocketStandIn } from "../test/helpers/socket-mode.ts";

const DROPS = 10;
const OUTAGES = 3;
const OUTAGE_MS = 3_000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);

async function until(predicate: () => boolean, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 2));
  }
}

const sandbox = await startSandbox({ seed: 3, customers: 60, timezone: "Europe/London" });
const slack: SlackStandIn = await startSlackStandIn();
slack.users.set("U0STAFF", { id: "U0STAFF", team_id: "T1" });
const socket: SocketStandIn = await startSocketStandIn();
slack.socketUrl = socket.url;
const config = loadConfig({
  KENNEL_API_KEY: sandbox.keys.main,
  KENNEL_API_BASE_URL: sandbox.url,
  KENNEL_TIMEZONE: "Europe/London",
  SLACK_BOT_TOKEN: "xoxb-bench-0000-token",
  SLACK_APP_TOKEN: "xapp-1-A1-0000-bench",
  SLACK_API_URL: slack.apiUrl,
  PORT: String(await freePort()),
  LOG_LEVEL: "silent",
});
const log = silentLogger();
const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, { log });
const bot: Bot = createBot(
  {
    kennel,
    log,
    config,
    clock: systemClock,
    record: temporaryRecord(systemClock, "kennel-desk-bench-").store,
  },
  { slack: config.slack as NonNullable<Config["slack"]> },
);
await bot.start();

async function answered(): Promise<void> {
  const { responseId } = socket.command(slack, { command: "/kennel", text: "help" });
  await until(() => slack.responsesFor(responseId).length > 0);
}

async function drops(cause: () => void): Promise<{ connected: number[]; answered: number[] }> {
  const connected: number[] = [];
  const answeredAt: number[] = [];
  for (let i = 0; i < DROPS; i += 1) {
    // A connection that held for a second is "stable": the next drop reconnects at once.
    await new Promise((r) => setTimeout(r, 1_100));
    const before = socket.connections;
    const t0 = performance.now();
    cause();
    await until(() => socket.connections > before && bot.connection.connected);
    connected.push(performance.now() - t0);
    await answered();
    answeredAt.push(performance.now() - t0);
  }
  return { connected, answered: answeredAt };
}

const abrupt = await drops(() => socket.drop());
const refresh = await drops(() => socket.sendDisconnect("refresh_requested"));
await new Promise((r) => setTimeout(r, 1_100));
const outage: number[] = [];
const outageTotal: number[] = [];
for (let i = 0; i < OUTAGES; i += 1) {
  await new Promise((r) => setTimeout(r, 1_100));
  const before = socket.connections;
  const t0 = performance.now();
  await socket.refuse();
  socket.drop();
  await new Promise((r) => setTimeout(r, OUTAGE_MS));
  const back = performance.now();
  await socket.accept();
  await until(() => socket.connections > before && bot.connection.connected);
  outage.push(performance.now() - back);
  outageTotal.push(performance.now() - t0);
}

console.log(`Socket Mode reconnection (loopback stand-ins, production settings; ${DROPS} drops each):`);
console.log("| fault | connected again, median (p90) | next command answered, median |");
console.log("|---|---|---|");
console.log(
  `| abrupt drop (no close frame) | ${ms(pct(abrupt.connected, 50))} (${ms(pct(abrupt.connected, 90))}) | ${ms(pct(abrupt.answered, 50))} |`,
);
console.log(
  `| Slack's disconnect (refresh_requested) | ${ms(pct(refresh.connected, 50))} (${ms(pct(refresh.connected, 90))}) | ${ms(pct(refresh.answered, 50))} |`,
);
console.log(
  `| endpoint refusing for ${OUTAGE_MS / 1000} s (${OUTAGES} outages): from its return | ${ms(pct(outage, 50))} (max ${ms(Math.max(...outage))}); whole outage ${ms(pct(outageTotal, 50))} | |`,
);
console.log(
  `Backoff: the first attempt after a drop is immediate; failed attempts wait ${BACKOFF_STEPS_MS.map((x) => `${x / 1000} s`).join(", ")} (then every ${(BACKOFF_STEPS_MS.at(-1) as number) / 1000} s), each ±20 %.`,
);
console.log(
  "A connection that stops answering pings is closed after about 5 s (the client's ping timeout), then the same rules apply.",
);

await bot.stop(1_000);
await socket.close();
await slack.close();
await sandbox.close();
