/**
 * The round check on the scheduled posts' machinery, on a fake clock, over real Web API calls to
 * the loopback Slack stand-in, the sandbox kennel API and a real care record (both engines): posted
 * once in the round post's thread at the round's time + ROUND_CHECK_AFTER (a DST day included),
 * after a restart and with two replicas; edited as entries arrive until "all recorded ✓".
 */
import { webApi } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { DigestJob } from "../../src/digest/job.ts";
import { DIGEST_EVENT } from "../../src/digest/post.ts";
import { scheduledPosts } from "../../src/digest/posts.ts";
import { RoundCheckEditor } from "../../src/digest/round-check.ts";
import { startDigestSchedule } from "../../src/digest/schedule.ts";
import { webClientSlack } from "../../src/digest/slack.ts";
import type { Round } from "../../src/domain/care.ts";
import { allDoneOutcomes, dueOf, petRoundStatus } from "../../src/domain/record.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { scratchRecord } from "../helpers/record.ts";
import { type SlackStandIn, type StoredMessage, startSlackStandIn } from "../helpers/slack.ts";

const pg = usePostgres();
let slack: SlackStandIn;
let seq = 0;
const sandboxes = new Map<string, Sandbox>();

beforeAll(async () => {
  slack = await startSlackStandIn();
  for (const today of ["2026-11-23", "2026-03-29"]) {
    sandboxes.set(today, await startSandbox({ seed: 17, customers: 120, today, timezone: "Europe/London" }));
  }
}, 60_000);
afterAll(async () => {
  await slack.close();
  for (const s of sandboxes.values()) await s.close();
});

interface Fake {
  now: number;
}

function makeBot(
  fake: Fake,
  store: CareRecordStore,
  channel: string,
  today: string,
  env: Record<string, string> = {},
) {
  const sandbox = sandboxes.get(today) as Sandbox;
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    ROUNDS_CHANNEL: channel,
    ...env,
  });
  const log = silentLogger();
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
    log,
    retryDelay: () => 0,
  });
  const client = new webApi.WebClient("xoxb-test-0000-check", {
    slackApiUrl: slack.apiUrl,
    retryConfig: { retries: 0 },
  });
  const clock = { now: () => new Date(fake.now) };
  slack.now = () => fake.now;
  const deps: Deps = { kennel, log, config, clock, record: store };
  // As the bot builds them (src/app.ts): the settings' posts, the round check among them.
  const posts = scheduledPosts(config);
  const job = new DigestJob({
    deps,
    slack: webClientSlack(client),
    settings: { posts },
    settleMs: 0,
    sleep: async (ms) => {
      fake.now += ms;
      return true;
    },
  });
  // Started on demand: a schedule looks at the clock as it starts, and starts whatever is due.
  const startSchedule = async () => {
    const schedule = startDigestSchedule({
      job,
      timezone: config.timezone,
      clock,
      log,
      // The timers do not fire by themselves: each "timer" is a call to check().
      timers: { set: () => 0, clear: () => undefined },
    });
    await schedule.check();
    return schedule;
  };
  const editor = new RoundCheckEditor(deps, webClientSlack(client), posts);
  return { job, startSchedule, editor, deps, posts };
}

const inChannel = (c: string) => slack.messages.filter((m) => m.channel === c);
const roundPost = (c: string, round: Round) =>
  inChannel(c).find((m) => !m.thread_ts && m.metadata?.event_payload.kind === `rounds:${round}`);
const checksOf = (c: string, round: Round) =>
  inChannel(c).filter(
    (m) => m.metadata?.event_type === DIGEST_EVENT && m.metadata.event_payload.kind === `check:${round}`,
  );
const textOf = (m: StoredMessage | undefined) => JSON.stringify(m?.blocks ?? []);
const asMessage = (m: StoredMessage): Message => ({ text: m.text, blocks: m.blocks as Message["blocks"] });

/** Records every due item of `count` pets of the round (all of them when undefined), as one tap each. */
async function recordPets(deps: Deps, store: CareRecordStore, round: Round, date: string, count?: number) {
  const report = await roundReport(deps, round, date);
  const done: string[] = [];
  let n = 0;
  for (const p of report.pets) {
    const petId = p.pet?.pet.petId;
    const bookingId = p.booking.bookingId;
    if (!p.sheet || petId === undefined || bookingId === undefined) continue;
    const due = dueOf(p);
    const status = petRoundStatus(
      { date, round, bookingId, petId },
      due,
      await store.entries({ date, round, petId }),
    );
    const todo = allDoneOutcomes(status);
    if (todo.length === 0) continue;
    if (count !== undefined && n >= count) break;
    n++;
    const name = p.pet?.pet.name ?? "pet";
    await store.record(
      todo.map((t) => ({
        date,
        round,
        bookingId,
        petId,
        petName: name,
        item: t.item.item,
        itemText: t.item.text,
        outcome: t.outcome,
        userId: "U0JANE",
        userName: "Jane",
        requestKey: `k${date}${round}${bookingId}${petId}`,
      })),
    );
    done.push(`${p.booking.roomName} ${name}`);
  }
  return done;
}

const engines: Array<{ name: string; open: () => Promise<CareRecordStore>; skip: boolean }> = [
  { name: "SQLite", open: async () => scratchRecord(), skip: false },
  {
    name: "PostgreSQL",
    open: async () =>
      (
        await openCareRecord(
          { engine: "postgres", url: await pg.freshDatabase() },
          { now: () => new Date() },
          undefined,
        )
      ).store,
    skip: !pg.available,
  },
];

describe.each(engines)("the round check ($name)", ({ open, skip }) => {
  it.skipIf(skip)(
    "posts once in the round post's thread at the round's time + 90 min, then edits itself as entries arrive, ending all recorded ✓",
    async () => {
      const store = await open();
      const c = `C0CHECK${++seq}`;
      const date = "2026-11-23";
      const fake = { now: Date.parse("2026-11-23T06:00:00Z") };
      const { startSchedule, editor, deps, posts } = makeBot(fake, store, c, date);
      expect(posts.filter((p) => p.kind.startsWith("check:"))).toEqual([
        { kind: "check:morning", channel: c, time: "09:00" },
        { kind: "check:midday", channel: c, time: "13:30" },
        { kind: "check:evening", channel: c, time: "19:30" },
      ]);
      const schedule = await startSchedule();
      expect(roundPost(c, "morning")).toBeUndefined();
      fake.now = Date.parse("2026-11-23T07:30:00Z");
      await schedule.check();
      const parent = roundPost(c, "morning");
      expect(parent).toBeDefined();
      // Before its time: nothing, even with a tap (there is no check to edit yet).
      fake.now = Date.parse("2026-11-23T08:59:00Z");
      await schedule.check();
      const [first] = await recordPets(deps, store, "morning", date, 1);
      await editor.changed(date, "morning");
      expect(checksOf(c, "morning")).toEqual([]);

      fake.now = Date.parse("2026-11-23T09:00:00Z");
      await schedule.check();
      const [check, ...more] = checksOf(c, "morning");
      expect(more).toEqual([]);
      expect(check?.thread_ts).toBe(parent?.ts);
      expect(check?.metadata?.event_payload).toMatchObject({ date, kind: "check:morning", late: false });
      const before = textOf(check);
      expect(before).toContain("Not recorded yet");
      expect(before).toMatch(/• [^:]+: [^\n]+/);
      expect(before).not.toContain(`${first}:`); // recorded before the check: not named
      expect(before).not.toContain("<!"); // no mention unless ROUND_CHECK_MENTION is set
      expect(limitViolations(asMessage(check as StoredMessage))).toEqual([]);
      await schedule.check();
      expect(checksOf(c, "morning")).toHaveLength(1);

      // One more pet recorded: the reply is edited, and that pet is no longer named.
      fake.now = Date.parse("2026-11-23T09:05:00Z");
      const [second] = await recordPets(deps, store, "morning", date, 1);
      expect(before).toContain(`${second}:`);
      await editor.changed(date, "morning");
      const edited = textOf(checksOf(c, "morning")[0]);
      expect(edited).not.toContain(`${second}:`);
      expect(edited).toContain("updated 09:05");
      expect(edited).toContain("Not recorded yet");

      // Everything recorded: the same reply says so.
      fake.now = Date.parse("2026-11-23T09:20:00Z");
      await recordPets(deps, store, "morning", date);
      await editor.changed(date, "morning");
      const [done, ...none] = checksOf(c, "morning");
      expect(none).toEqual([]);
      expect(done?.ts).toBe(check?.ts);
      expect(textOf(done)).toContain("all recorded ✓");
      expect(textOf(done)).not.toContain("Not recorded yet");
      schedule.stop();
      await store.close();
    },
    60_000,
  );

  it.skipIf(skip)(
    "after a restart, and with two replicas, the check is posted once",
    async () => {
      const store = await open();
      const c = `C0CHECK${++seq}`;
      const date = "2026-11-23";
      const fake = { now: Date.parse("2026-11-23T12:00:00Z") };
      const one = makeBot(fake, store, c, date);
      const two = makeBot(fake, store, c, date);
      await one.job.runPost("rounds:midday", date);
      fake.now = Date.parse("2026-11-23T13:30:00Z");
      // Two replicas at the check's time, at once.
      const results = await Promise.all([
        one.job.runPost("check:midday", date),
        two.job.runPost("check:midday", date),
      ]);
      expect(results.map((r) => r.result).sort()).toEqual(
        results.some((r) => r.result === "duplicate-removed")
          ? ["duplicate-removed", "posted"]
          : ["already-posted", "posted"],
      );
      expect(checksOf(c, "midday")).toHaveLength(1);
      // A restart after the check's time: the new process starts what is due today, finds it made.
      fake.now = Date.parse("2026-11-23T13:45:00Z");
      const restarted = await makeBot(fake, store, c, date).startSchedule();
      expect(checksOf(c, "midday")).toHaveLength(1);
      expect(
        inChannel(c).filter((m) => !m.thread_ts && m.metadata?.event_payload.kind === "rounds:midday"),
      ).toHaveLength(1);
      // Taps on either replica edit the one reply.
      await recordPets(one.deps, store, "midday", date);
      await two.editor.changed(date, "midday");
      expect(textOf(checksOf(c, "midday")[0])).toContain("all recorded ✓");
      restarted.stop();
      await store.close();
    },
    60_000,
  );
});

describe("the round check's time and words", () => {
  it("on the spring DST day (London, 29 Mar 2026): the morning round at 07:30 BST, its check at 09:00 BST (08:00 UTC)", async () => {
    const store = scratchRecord();
    const c = `C0CHECK${++seq}`;
    const date = "2026-03-29";
    const fake = { now: Date.parse("2026-03-29T05:00:00Z") }; // 06:00 BST
    const schedule = await makeBot(fake, store, c, date).startSchedule();
    fake.now = Date.parse("2026-03-29T06:30:00Z"); // 07:30 BST
    await schedule.check();
    expect(roundPost(c, "morning")).toBeDefined();
    fake.now = Date.parse("2026-03-29T07:59:00Z"); // 08:59 BST
    await schedule.check();
    expect(checksOf(c, "morning")).toEqual([]);
    fake.now = Date.parse("2026-03-29T08:00:00Z"); // 09:00 BST
    await schedule.check();
    expect(checksOf(c, "morning")).toHaveLength(1);
    expect(checksOf(c, "morning")[0]?.metadata?.event_payload.late).toBe(false);
    expect(textOf(checksOf(c, "morning")[0])).toContain("Morning round, Sun 29 Mar");
    schedule.stop();
  }, 60_000);

  it("ROUND_CHECK_MENTION is the one mention it carries; ROUND_CHECK_AFTER moves it; nothing is posted when all is recorded", async () => {
    const store = scratchRecord();
    const c = `C0CHECK${++seq}`;
    const date = "2026-11-23";
    const fake = { now: Date.parse("2026-11-23T18:00:00Z") };
    const env = { ROUND_CHECK_MENTION: "S0NURSES", ROUND_CHECK_AFTER: "45" };
    const { job, deps, posts } = makeBot(fake, store, c, date, env);
    expect(posts.find((p) => p.kind === "check:evening")?.time).toBe("18:45");
    await job.runPost("rounds:evening", date);
    fake.now = Date.parse("2026-11-23T18:45:00Z");
    await job.runPost("check:evening", date);
    const text = textOf(checksOf(c, "evening")[0]);
    expect(text).toContain("<!subteam^S0NURSES>");
    expect(text.match(/<!/g)).toHaveLength(1);
    // The midday round recorded in full before its check: the check posts nothing.
    await job.runPost("rounds:midday", date);
    await recordPets(deps, store, "midday", date);
    expect(await job.runPost("check:midday", date)).toEqual({ result: "nothing-to-post" });
    expect(checksOf(c, "midday")).toEqual([]);
    expect(() => loadConfig({ ROUND_CHECK_MENTION: "@nurses" })).toThrow(/user group id/);
    expect(() => loadConfig({ ROUND_CHECK_AFTER: "forever" })).toThrow(/ROUND_CHECK_AFTER/);
    expect(loadConfig({ ROUND_CHECK_AFTER: "1h30m" }).roundCheck.afterMinutes).toBe(90);
  }, 60_000);
});
