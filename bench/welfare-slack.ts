/**
 * The daily welfare check in Slack, timed (`npm run bench:welfare`; issue 38's "Speed").
 *
 * Three processes besides this one, as for the round taps (bench/record-slack.ts): the bot (src/main.ts,
 * HTTP mode, its record in SQLite in a scratch folder), the kennel API stand-in (the sandbox, its
 * 150-pet day made today: bench/stand-ins/record-sandbox.ts) and Slack's stand-in (answering every
 * Web API call after Slack's round trip, BENCH_SLACK_RTT_MS, default 100 ms). The bot posts the
 * day's welfare check itself (its scheduled post, due at start: WELFARE_TIME 00:00), for the whole
 * house; then signed `block_actions` taps on "✅ All normal" arrive at 30 a second, one per pet,
 * then a second member of staff taps a tenth of them again (answered "already checked", not timed).
 * Figures, each beside its goal:
 * - the pets listed and the messages holding them (150 pets in ≤ 4 messages), and the taps to mark
 *   every one all normal (≤ one a pet);
 * - tap → check committed (its recordedAt by the bot's clock, minus the moment this process sent the
 *   tap): p99 as for a round tap (≤ 20 ms);
 * - tap → message updated (the stand-in stamps each chat.update after its round trip);
 * - none lost or doubled (one current check per pet, from the bot's store after the run), and the
 *   record's chain intact.
 *
 *   npm run bench:welfare
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { limitViolations } from "../src/blocks/limits.ts";
import type { Message } from "../src/blocks/types.ts";
import { welfareOk } from "../src/blocks/welfare.ts";
import { sqliteDriver } from "../src/record/sqlite.ts";
import { createStore } from "../src/record/store.ts";
import { freePort } from "../test/helpers/net.ts";
import {
  ask,
  forkStandIns,
  ms,
  now,
  pct,
  postSigned,
  progress,
  ROOT,
  sleep,
  startBot,
  tapPayload,
} from "./harness.ts";

const RATE = 30;
const SECRET = "8f14e45fceea167a5a36dedd4bea2543";
const CHANNEL = "C0WELFARE";

const { kennelProcess, slackProcess, api, slack } = await forkStandIns();

const scratch = mkdtempSync(join(tmpdir(), "kennel-bench-welfare-"));
const dataDir = join(scratch, "data");
const port = await freePort();
const botUrl = `http://127.0.0.1:${port}/slack/events`;
const bot = await startBot({
  entry: resolve(ROOT, "src/main.ts"),
  scratch,
  dataDir,
  port,
  secret: SECRET,
  token: "xoxb-bench-0000-welfare",
  api,
  slack,
  env: {
    // The day's check is due at start: the scheduler posts it (once) as the bot comes up.
    WELFARE_CHANNEL: CHANNEL,
    WELFARE_ROUNDS: process.env.BENCH_WELFARE_ROUND ?? "morning",
    WELFARE_TIME: "00:00",
    WELFARE_CHECK_BY: "23:59",
  },
});

interface PostedMessage {
  id: number;
  ts: string;
  channel: string;
  thread_ts?: string;
  text: string;
  blocks: unknown[];
}
const messages = async () =>
  (
    await ask<{ messages: PostedMessage[] }>(
      slackProcess,
      { type: "messages", contains: '"kd_wf:' },
      "messages",
    )
  ).messages.filter((m) => m.channel === CHANNEL);

// Every part posted (Slack paces a channel's posts): wait until no new part has come for 3 s.
let posted: PostedMessage[] = [];
for (let quiet = 0, count = -1; quiet < 3; ) {
  await sleep(1_000);
  posted = await messages();
  quiet = posted.length === count && count > 0 ? quiet + 1 : 0;
  count = posted.length;
}
const pets = posted.flatMap((m) =>
  (m.blocks as Array<{ block_id?: string }>).filter((b) => /^kd_wf:\d+:\d+$/.test(b.block_id ?? "")),
);
const violations = posted.flatMap((m) =>
  limitViolations({ text: m.text, blocks: m.blocks } as Message).map((v) => `${m.ts}: ${v}`),
);
interface Tap {
  message: PostedMessage;
  button: { action_id: string; value: string };
  pet: string;
}
const taps: Tap[] = posted.flatMap((m) =>
  (m.blocks as Array<{ elements?: Array<{ action_id?: string; value?: string }> }>).flatMap((b) =>
    (b.elements ?? [])
      .filter((e) => welfareOk.pattern.test(e.action_id ?? ""))
      .map((e) => {
        const s = welfareOk.decode(e.value);
        return {
          message: m,
          button: { action_id: e.action_id ?? "", value: e.value ?? "" },
          pet: `${s?.b}:${s?.p}`,
        };
      }),
  ),
);
progress(`${pets.length} pets in ${posted.length} welfare messages, ${taps.length} one-tap buttons`);

let seq = 0;
interface Sent {
  tap: Tap;
  user: string;
  first: boolean;
  sentAt: number;
  ackMs: number;
  status: number;
}
const sent: Sent[] = [];
async function tapOnce(tap: Tap, user: string, first: boolean): Promise<void> {
  const n = ++seq;
  const responseId = `wf${n}`;
  await ask(
    slackProcess,
    { type: "target", id: responseId, channel: tap.message.channel, user, entryId: tap.message.id },
    "target",
  );
  const payload = tapPayload({
    n,
    user,
    message: tap.message,
    channelName: "welfare",
    button: { ...tap.button, block_id: "kd_wf", text: "✅ All normal" },
    triggerId: `twf${n}`,
    responseUrl: `${slack.base}/respond/${responseId}`,
  });
  const sentAt = now();
  const status = await postSigned(botUrl, SECRET, `payload=${encodeURIComponent(JSON.stringify(payload))}`);
  sent.push({ tap, user, first, sentAt, ackMs: now() - sentAt, status });
}

const inFlight: Promise<void>[] = [];
const again = taps.filter((_, i) => i % 10 === 0);
const all = [...taps.map((t) => [t, true] as const), ...again.map((t) => [t, false] as const)];
const start = now();
for (const [i, [tap, first]] of all.entries()) {
  const wait = start + (i * 1_000) / RATE - now();
  if (wait > 0) await sleep(wait);
  // A member of staff per ten pets; the second tap is another's.
  inFlight.push(tapOnce(tap, `U0STAFF${first ? 1 + (i % 15) : 41 + (i % 15)}`, first));
}
await Promise.all(inFlight);
await sleep(3_000 + slack.rttMs * 10);

bot.kill("SIGTERM");
await new Promise((r) => bot.once("exit", r));
const store = createStore(sqliteDriver({ dir: dataDir }), { now: () => new Date() });
const checks = await store.log({ kind: "welfare" });
const verified = await store.verify();
await store.close();
const { updates } = await ask<{ updates: Array<{ at: number; ts: string; recorded: string[] }> }>(
  slackProcess,
  { type: "updates" },
  "updates",
);
kennelProcess.send({ type: "stop" });
slackProcess.send({ type: "stop" });
rmSync(scratch, { recursive: true, force: true });

const byPet = new Map<string, number[]>();
for (const c of checks) {
  const b = c.body as { bookingId: number; petId: number };
  const k = `${b.bookingId}:${b.petId}`;
  byPet.set(k, [...(byPet.get(k) ?? []), Date.parse(c.recordedAt)]);
}
const firsts = sent.filter((s) => s.first);
const lost = firsts.filter((s) => !byPet.has(s.tap.pet)).length;
const doubled = [...byPet.values()].filter((v) => v.length > 1).length;
const commitMs = firsts.flatMap((s) => {
  const at = byPet.get(s.tap.pet)?.[0];
  return at === undefined ? [] : [at - s.sentAt];
});
const updateOf = (s: Sent) => {
  const u = updates.find(
    (x) => x.at >= s.sentAt && x.ts === s.tap.message.ts && x.recorded.includes(s.tap.pet),
  );
  return u ? [u.at - s.sentAt] : [];
};
const updateMs = firsts.flatMap(updateOf);
// A person's first tap waits for Slack to say who they are (users.info, then cached), as for the
// round taps: their later taps are timed apart.
const seen = new Set<string>();
const known = [...sent]
  .sort((a, b) => a.sentAt - b.sentAt)
  .filter((s) => {
    const was = seen.has(s.user);
    seen.add(s.user);
    return was && s.first;
  });
const knownCommitMs = known.flatMap((s) => {
  const at = byPet.get(s.tap.pet)?.[0];
  return at === undefined ? [] : [at - s.sentAt];
});
const knownUpdateMs = known.flatMap(updateOf);
const refused = sent.filter((s) => s.status !== 200).length;

const rows: Array<[string, string, string, string]> = [
  [
    "pets in house on the busiest day (the 150-pet day), messages",
    `${pets.length} pets in ${posted.length} messages`,
    "≤ 4 messages",
    posted.length <= 4 ? "yes" : "no",
  ],
  [
    "taps to mark every pet all normal",
    `${taps.length} (one a pet, ${pets.length - taps.length} flagged pets by the form)`,
    `≤ ${pets.length}`,
    taps.length <= pets.length ? "yes" : "no",
  ],
  [
    "tap → check committed (SQLite), p50 / p99",
    `${ms(pct(commitMs, 50))} / ${ms(pct(commitMs, 99))} (${commitMs.length} taps)`,
    "p99 ≤ 20 ms (as a round tap)",
    pct(commitMs, 99) <= 20 ? "yes" : "no",
  ],
  [
    "  the same, a person's later taps (access already checked)",
    `${ms(pct(knownCommitMs, 50))} / ${ms(pct(knownCommitMs, 99))} (${knownCommitMs.length} taps)`,
    "p99 ≤ 20 ms",
    pct(knownCommitMs, 99) <= 20 ? "yes" : "no",
  ],
  [
    "tap → message updated, p50 / p99",
    `${ms(pct(updateMs, 50))} / ${ms(pct(updateMs, 99))} (${updateMs.length} of ${firsts.length})`,
    `≤ Slack's round trip + 50 ms = ${slack.rttMs + 50} ms`,
    pct(updateMs, 99) <= slack.rttMs + 50 ? "yes" : "no",
  ],
  [
    "  the same, a person's later taps",
    `${ms(pct(knownUpdateMs, 50))} / ${ms(pct(knownUpdateMs, 99))} (${knownUpdateMs.length} taps)`,
    `≤ ${slack.rttMs + 50} ms`,
    pct(knownUpdateMs, 99) <= slack.rttMs + 50 ? "yes" : "no",
  ],
  [
    "lost, doubled (a second member of staff tapping a tenth again)",
    `${lost} lost, ${doubled} doubled (${sent.length} taps, ${checks.length} checks)`,
    "none",
    lost === 0 && doubled === 0 ? "yes" : "no",
  ],
  [
    "ack p99 (HTTP 200 to Slack)",
    `${ms(
      pct(
        sent.map((s) => s.ackMs),
        99,
      ),
    )}${refused ? `, ${refused} not 200` : ""}`,
    "≤ 3 s",
    pct(
      sent.map((s) => s.ackMs),
      99,
    ) <= 3_000 && !refused
      ? "yes"
      : "no",
  ],
  [
    "the post's messages: Block Kit limits",
    violations.length ? violations.slice(0, 3).join("; ") : `every message within them (${posted.length})`,
    "within",
    violations.length ? "no" : "yes",
  ],
  [
    "the record after the run",
    verified.ok ? `intact: ${verified.rows} rows` : `NOT intact: ${verified.what}`,
    "intact",
    verified.ok ? "yes" : "no",
  ],
];
const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
process.stdout.write(
  `\nThe welfare check in Slack (the bot src/main.ts, Slack's round trip ${slack.rttMs} ms, ${RATE} taps a second, load average ${loadavg()[0]?.toFixed(1)} at the end)\n`,
);
for (const r of rows)
  process.stdout.write(
    `  ${r[0].padEnd(w[0] as number)}  ${r[1].padEnd(w[1] as number)}  ${r[2].padEnd(w[2] as number)}  ${r[3]}\n`,
  );
process.exit(0);
