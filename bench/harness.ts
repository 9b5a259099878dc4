/**
 * What the benchmarks that drive the bot through Slack share: the clock and the figures' arithmetic,
 * the IPC with the stand-ins (bench/stand-ins/), the bot started with its env until /healthz answers,
 * and the signed requests Slack would send (bench/record-slack.ts, bench/welfare-slack.ts, bench/bot.ts,
 * bench/round-calls.ts).
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { sign } from "../src/preview/slack-http.ts";

export const ROOT = resolve(import.meta.dirname, "..");

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const now = () => performance.timeOrigin + performance.now();
/** The p-th percentile (nearest rank); NaN when there is nothing to rank. */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length
    ? (s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number)
    : NaN;
};
/** Milliseconds to one decimal under 10 ms, whole above. */
export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 1 : 0)} ms` : "n/a");
export const progress = (s: string) => process.stderr.write(`bench: ${s}\n`);

/** Sends `message` (unless empty) and waits for the child's next IPC message of `type`. */
export function ask<T>(child: ChildProcess, message: object, type: string, timeoutMs = 30_000): Promise<T> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no "${type}" answer from a child process`)), timeoutMs);
    const on = (m: { type?: string }) => {
      if (m?.type !== type) return;
      clearTimeout(timer);
      child.off("message", on);
      ok(m as T);
    };
    child.on("message", on);
    if (Object.keys(message).length) child.send(message);
  });
}

export interface SandboxReady {
  url: string;
  key: string;
  today: string;
  fullHouseDay: string;
}
export interface SlackReady {
  base: string;
  rttMs: number;
}

/** The kennel API stand-in (the sandbox with its 150-pet day) and Slack's stand-in, each in its own process. */
export async function forkStandIns(): Promise<{
  kennelProcess: ChildProcess;
  slackProcess: ChildProcess;
  api: SandboxReady;
  slack: SlackReady;
}> {
  const kennelProcess = fork(join(ROOT, "bench/stand-ins/record-sandbox.ts"), [], { stdio: "inherit" });
  const slackProcess = fork(join(ROOT, "bench/stand-ins/record-slack.ts"), [], { stdio: "inherit" });
  const [api, slack] = await Promise.all([
    ask<SandboxReady>(kennelProcess, {}, "ready"),
    ask<SlackReady>(slackProcess, {}, "ready"),
  ]);
  return { kennelProcess, slackProcess, api, slack };
}

/** Waits until the program on `port` answers /healthz (polling every 10 ms, up to 30 s). */
export async function untilHealthy(port: number, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (i > 3_000 || child.exitCode !== null) throw new Error(`${what} did not start`);
    await sleep(10);
  }
}

export interface BotOptions {
  entry: string;
  /** The empty folder it runs in (it must not read a developer's .env), also its HOME. */
  scratch: string;
  dataDir: string;
  port: number;
  secret: string;
  token: string;
  api: SandboxReady;
  slack: SlackReady;
  /** Its settings beyond Slack, the kennel API and the store. */
  env: Record<string, string>;
}

/** Starts the bot (HTTP mode, its record in `dataDir`) against the stand-ins, and waits for /healthz. */
export async function startBot(o: BotOptions): Promise<ChildProcess> {
  const bot = spawn(process.execPath, [o.entry], {
    cwd: o.scratch,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: o.scratch,
      PORT: String(o.port),
      SLACK_SIGNING_SECRET: o.secret,
      SLACK_BOT_TOKEN: o.token,
      SLACK_API_URL: `${o.slack.base}/api/`,
      KENNEL_API_KEY: o.api.key,
      KENNEL_API_BASE_URL: o.api.url,
      KENNEL_TIMEZONE: "Europe/London",
      KENNEL_DATA_DIR: o.dataDir,
      LOG_LEVEL: process.env.BENCH_DEBUG ? "warn" : "error",
      MALLOC_ARENA_MAX: "2",
      ...o.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await untilHealthy(o.port, bot, "the bot");
  await untilSlackLinked(o.port, bot);
  return bot;
}

/**
 * Until the bot handles Slack's requests: its port is bound (and /healthz answers) while Slack checks
 * its token, and Slack's requests wait until then; /healthz says the link to Slack is connected once
 * they are handled (src/app.ts; /readyz too, after asking the kennel API). A restart's first taps are
 * sent from then, as to a bot that has started.
 */
export async function untilSlackLinked(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; ; i++) {
    const linked = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      async (r) => ((await r.json()) as { slack?: string }).slack === "connected",
      () => false,
    );
    if (linked) return;
    if (i > 3_000 || child.exitCode !== null) throw new Error("the bot did not reach Slack");
    await sleep(5);
  }
}

/** The headers Slack signs a request with, signed now. */
export function slackHeaders(secret: string, body: string, contentType: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    "content-type": contentType,
    "x-slack-request-timestamp": String(timestamp),
    "x-slack-signature": sign(secret, timestamp, body),
  };
}

/** POSTs a form body to `url` signed as Slack would; its HTTP status once the answer is read. */
export async function postSigned(url: string, secret: string, body: string): Promise<number> {
  const res = await fetch(url, {
    method: "POST",
    headers: slackHeaders(secret, body, "application/x-www-form-urlencoded"),
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

export interface TapMessage {
  ts: string;
  channel: string;
  thread_ts?: string;
  text: string;
  blocks: unknown[];
}

/** A `block_actions` payload for a tap on one button of a posted message, as Slack sends it. */
export function tapPayload(t: {
  n: number;
  user: string;
  message: TapMessage;
  channelName: string;
  button: { action_id: string; value: string; block_id: string; text: string };
  triggerId: string;
  responseUrl: string;
}) {
  return {
    type: "block_actions",
    team: { id: "T1", domain: "kennel" },
    user: { id: t.user, username: t.user.toLowerCase(), name: t.user.toLowerCase(), team_id: "T1" },
    api_app_id: "A1",
    token: "legacy-verification-token",
    container: {
      type: "message",
      message_ts: t.message.ts,
      channel_id: t.message.channel,
      is_ephemeral: false,
    },
    trigger_id: t.triggerId,
    channel: { id: t.message.channel, name: t.channelName },
    message: {
      type: "message",
      ts: t.message.ts,
      ...(t.message.thread_ts ? { thread_ts: t.message.thread_ts } : {}),
      text: t.message.text,
      blocks: t.message.blocks,
    },
    response_url: t.responseUrl,
    actions: [
      {
        type: "button",
        action_id: t.button.action_id,
        block_id: t.button.block_id,
        value: t.button.value,
        action_ts: `${Math.floor(Date.now() / 1000)}.${String(t.n).padStart(6, "0")}`,
        text: { type: "plain_text", text: t.button.text },
      },
    ],
  };
}

/** Three round times a few minutes before now in the kennel's zone (just after midnight at the day's start). */
export function roundsJustPast(): string {
  const [h, m] = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(new Date())
    .split(":")
    .map(Number) as [number, number];
  const base = Math.max(1, h * 60 + m - 5);
  const hhmm = (n: number) =>
    `${String(Math.floor(n / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}`;
  return [base, base + 1, base + 2].map(hhmm).join(",");
}
