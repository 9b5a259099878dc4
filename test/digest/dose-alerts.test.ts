/**
 * The dose times' replies (issue 35) on a fake clock, over real Web API calls to the loopback Slack
 * stand-in, the sandbox kennel API and a real care record (both engines): with the rounds at
 * 08:00, 12:00 and 18:00 and the default windows, a dose is due at 07:00, late at 08:45:01 and
 * missed at 10:00:01 (a high-alert drug: late 08:15:01, missed 08:30:01, its nudge at 06:45), each
 * transition one reply in the round post's thread, once across two replicas sharing one store and
 * across restarts; nothing for a dose recorded by then; a restart after the window closed posts the
 * missed reply only; a claim left by a replica that died is taken over once; edits as entries
 * arrive. They replaced the round check (ROUND_CHECK_AFTER).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundDoses } from "../../src/answers/obligations.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { Deps } from "../../src/deps.ts";
import { DoseAlertEditor } from "../../src/digest/dose-alert-editor.ts";
import { alertKey, claimAlert, readAlerts } from "../../src/digest/dose-alert-records.ts";
import { type AlertOutcome, DoseAlertJob } from "../../src/digest/dose-alerts.ts";
import { DigestJob } from "../../src/digest/job.ts";
import { DOSE_ALERT_EVENT } from "../../src/digest/post.ts";
import { PostClaims } from "../../src/digest/post-claims.ts";
import { scheduledPosts } from "../../src/digest/posts.ts";
import { webClientSlack } from "../../src/digest/slack.ts";
import type { Round } from "../../src/domain/care.ts";
import { alertInstant, alertsAt } from "../../src/domain/dose-alerts.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { localDate } from "../../src/time.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { scratchRecord } from "../helpers/record.ts";
import { type SlackStandIn, type StoredMessage, startSlackStandIn } from "../helpers/slack.ts";
import { replicaParts, sandboxKennel } from "./replica.ts";

const pg = usePostgres();
const DATE = "2026-11-23";
const TZ = "Europe/London";
let slack: SlackStandIn;
let sandbox: Sandbox;
let seq = 0;

beforeAll(async () => {
  // A day's replies in a few seconds of real time: Slack's pace of one post a second is not the point here.
  slack = await startSlackStandIn({ limits: { postBurst: 100_000 } });
  sandbox = await startSandbox({ seed: 17, customers: 120, today: DATE, timezone: TZ });
}, 60_000);
afterAll(async () => {
  await slack.close();
  await sandbox.close();
});

interface Fake {
  now: number;
}

/** One bot's dose times over the shared Slack stand-in and store, on the fake clock. */
function replica(fake: Fake, store: CareRecordStore, channel: string, env: Record<string, string> = {}) {
  const { config, log, kennel, client, clock } = replicaParts(
    slack,
    "xoxb-test-0000-doses",
    {
      ...sandboxKennel(sandbox),
      KENNEL_TIMEZONE: TZ,
      ROUNDS_CHANNEL: channel,
      ROUNDS_TIMES: "08:00,12:00,18:00",
      // The welfare check has posts of its own, not what is tested here (and a 23:30 round would precede its 20:00).
      WELFARE_ROUNDS: "off",
      ...env,
    },
    () => fake.now,
  );
  const deps: Deps & { record: CareRecordStore } = { kennel, log, config, clock, record: store };
  const digestSlack = webClientSlack(client);
  const posts = new DigestJob({
    deps,
    slack: digestSlack,
    settings: { posts: scheduledPosts(config) },
    settleMs: 0,
    sleep: async () => true,
  });
  const redraws: string[] = [];
  // As src/digest/dose-times.ts wires it: the round's post being made, by its claim.
  const claims = new PostClaims(store);
  const alerts = new DoseAlertJob({
    deps,
    slack: digestSlack,
    channel,
    roundPostMaking: async (date, round, now) =>
      (await claims.standing({ date, kind: `rounds:${round}`, channel }, now)) !== undefined,
    redrawRound: async (date, round) => {
      redraws.push(`${date} ${round}`);
    },
  });
  return { deps, posts, alerts, redraws, editor: new DoseAlertEditor(deps, digestSlack), client };
}

const replies = (c: string, kind?: "nudge" | "late" | "missed", round: Round = "morning") =>
  slack.messages.filter(
    (m) =>
      m.channel === c &&
      m.metadata?.event_type === DOSE_ALERT_EVENT &&
      new RegExp(`^dose_alert:${kind ?? "[a-z]+"}:${DATE}:${round}:`).test(
        String(m.metadata.event_payload.key),
      ),
  );
const roundPostOf = (c: string, round: Round) =>
  slack.messages.find(
    (m) => m.channel === c && !m.thread_ts && m.metadata?.event_payload.kind === `rounds:${round}`,
  );
const textOf = (m: StoredMessage | undefined) => JSON.stringify(m?.blocks ?? []);
const asMessage = (m: StoredMessage): Message => ({ text: m.text, blocks: m.blocks as Message["blocks"] });
const at = (fake: Fake, iso: string) => {
  fake.now = Date.parse(iso);
};
/** What the replies came to, those found posted already left out: "posted late", "claimed-elsewhere late". */
const results = (o: AlertOutcome[]) =>
  o.filter((x) => x.result !== "already-posted").map((x) => `${x.result} ${x.key.split(":")[1]}`);

/**
 * Two replicas at an instant: one posted the reply; the other found it claimed (or, when it looked a
 * moment later, posted already). Which one won is the race's.
 */
const onePosted = (o: AlertOutcome[], kind: string) => {
  expect(o.filter((x) => x.result === "posted").map((x) => x.key.split(":")[1])).toEqual([kind]);
  for (const x of o) expect(["posted", "claimed-elsewhere", "already-posted"]).toContain(x.result);
};

/**
 * Records every due item not recorded yet of `count` pets of the round (all of them when
 * undefined); `plain`: only pets with no high-alert drug.
 */
async function record(
  deps: Deps,
  store: CareRecordStore,
  round: Round,
  o: { count?: number; plain?: boolean } = {},
) {
  const all = await roundDoses(deps, round, DATE);
  const high = new Set(all.filter((d) => d.due.highAlert).map((d) => `${d.bookingId}-${d.petId}`));
  const doses = all.filter(
    (d) => d.state.state !== "recorded" && !(o.plain && high.has(`${d.bookingId}-${d.petId}`)),
  );
  const pets = [...new Set(doses.map((d) => `${d.bookingId}-${d.petId}`))].slice(0, o.count);
  const done: string[] = [];
  for (const key of pets) {
    const mine = doses.filter((d) => `${d.bookingId}-${d.petId}` === key);
    const first = mine[0];
    if (!first) continue;
    const requestKey = `k${++seq}`;
    await store.record(
      mine.map((d) => ({
        date: DATE,
        round,
        bookingId: d.bookingId,
        petId: d.petId,
        petName: d.petName,
        item: d.due.item,
        itemText: d.due.text,
        outcome: d.due.item === "meal" ? ("ate_all" as const) : ("given" as const),
        userId: "U0JANE",
        userName: "Jane",
        requestKey,
      })),
    );
    done.push(`${first.petName} (${first.room})`);
  }
  return done;
}

/**
 * Each engine's store, and a second replica's view of it: on PostgreSQL a store of its own on the
 * same database (another pool, as another process has); SQLite is one bot process per file, so its
 * two replicas share the one store.
 */
interface Opened {
  store: CareRecordStore;
  second: () => Promise<CareRecordStore>;
}
const engines: Array<{ name: string; open: (fake: Fake) => Promise<Opened>; skip: boolean }> = [
  {
    name: "SQLite",
    open: async (fake) => {
      const store = scratchRecord({ now: () => new Date(fake.now) });
      return { store, second: async () => store };
    },
    skip: false,
  },
  {
    name: "PostgreSQL",
    open: async (fake) => {
      const url = await pg.freshDatabase();
      const at = async () =>
        (await openCareRecord({ engine: "postgres", url }, { now: () => new Date(fake.now) }, undefined))
          .store;
      return { store: await at(), second: at };
    },
    skip: !pg.available,
  },
];

describe.each(engines)("the dose times' replies ($name)", ({ open, skip }) => {
  /** This engine's record on a fake clock starting at `at` (the test moves it), and a channel of the test's own. */
  const fresh = async (at: string) => {
    const fake = { now: Date.parse(at) };
    return { fake, ...(await open(fake)), c: `C0DOSE${++seq}` };
  };

  it.skipIf(skip)(
    "a 08:00 dose: due at 07:00, late at 08:45:01, missed at 10:00:01; one late and one missed reply across two replicas; the high-alert drug's nudge and escalation",
    async () => {
      const { fake, store, second, c } = await fresh(`${DATE}T06:00:00Z`);
      const env = { ROUND_CHECK_MENTION: "S0NURSES", ROUND_ESCALATE_MENTION: "U0MANAGER" };
      const other = await second();
      const one = replica(fake, store, c, env);
      const two = replica(fake, other, c, env);
      const both = async () => {
        const [a, b] = await Promise.all([one.alerts.check(), two.alerts.check()]);
        return [...a, ...b];
      };
      // The states by the window: due at 07:00, late at 08:45:01, missed at 10:00:01.
      const gabapentin = (await roundDoses(one.deps, "morning", DATE)).find((d) => d.due.highAlert);
      const plain = (await roundDoses(one.deps, "morning", DATE)).find((d) => !d.due.highAlert);
      expect(plain?.window).toEqual({
        opensAt: `${DATE}T07:00:00.000Z`,
        dueAt: `${DATE}T08:00:00.000Z`,
        lateAt: `${DATE}T08:45:00.000Z`,
        closesAt: `${DATE}T10:00:00.000Z`,
      });
      expect(gabapentin?.window.closesAt).toBe(`${DATE}T08:30:00.000Z`);
      expect(results(await both())).toEqual([]);

      // 06:44:59 nothing; 06:45 the high-alert dose's nudge, once, in the channel (no round post yet).
      at(fake, `${DATE}T06:44:59Z`);
      expect(results(await both())).toEqual([]);
      at(fake, `${DATE}T06:45:00Z`);
      onePosted(await both(), "nudge");
      const [nudge, ...moreNudges] = replies(c, "nudge");
      expect(moreNudges).toEqual([]);
      expect(nudge?.thread_ts).toBeUndefined();
      expect(textOf(nudge)).toContain("💉 Zoë (Kennel 2):");
      expect(textOf(nudge)).toContain("— due 08:00, window 07:00–08:30; a second person witnesses it");
      expect(textOf(nudge)).not.toContain("<!");
      expect(results(await both())).toEqual([]);

      // The round post at 08:00; one pet recorded before anything is late.
      at(fake, `${DATE}T08:00:00Z`);
      await one.posts.runPost("rounds:morning", DATE);
      const parent = roundPostOf(c, "morning");
      expect(parent).toBeDefined();
      const [early] = await record(one.deps, store, "morning", { count: 1, plain: true });

      // The high-alert dose late at 08:15:01: its own reply, mentioning the escalation too.
      at(fake, `${DATE}T08:15:00Z`);
      expect(results(await both())).toEqual([]);
      at(fake, `${DATE}T08:15:01Z`);
      onePosted(await both(), "late");
      const [highLate] = replies(c, "late");
      expect(highLate?.thread_ts).toBe(parent?.ts);
      expect(textOf(highLate)).toContain("<!subteam^S0NURSES> <@U0MANAGER>");
      expect(textOf(highLate)).toContain("Zoë (Kennel 2): 💉 Gabapentin 100 mg");
      expect([...one.redraws, ...two.redraws]).toEqual([`${DATE} morning`]);

      // The high-alert dose missed at 08:30:01.
      at(fake, `${DATE}T08:30:01Z`);
      onePosted(await both(), "missed");
      // The rest late at 08:45:01: one reply naming each pet with its room and items, not the one recorded.
      at(fake, `${DATE}T08:45:00Z`);
      expect(results(await both())).toEqual([]);
      at(fake, `${DATE}T08:45:01Z`);
      onePosted(await both(), "late");
      const late = replies(c, "late");
      expect(late).toHaveLength(2);
      const text = textOf(late[1]);
      expect(late[1]?.thread_ts).toBe(parent?.ts);
      expect(text).toContain("⏰ Late: not recorded yet");
      expect(text).toContain("due 08:00 · window closes 10:00");
      expect(text).toMatch(/• [^(]+ \((Kennel|Cattery|Suite)[^)]*\): [^\n]*meal/);
      expect(text).not.toContain(`${early}:`);
      expect(text).toContain("<!subteam^S0NURSES>");
      expect(text).not.toContain("U0MANAGER"); // no high-alert drug in it: no escalation
      expect(limitViolations(asMessage(late[1] as StoredMessage))).toEqual([]);

      // The rest missed at 10:00:01. Then nothing more until the midday round's nudge.
      at(fake, `${DATE}T10:00:01Z`);
      onePosted(await both(), "missed");
      const missed = replies(c, "missed");
      expect(missed).toHaveLength(2);
      expect(textOf(missed[1])).toContain("❌ Missed: nothing recorded in the window");
      expect(textOf(missed[1])).not.toContain("U0MANAGER");
      expect(textOf(missed[0])).not.toContain("U0MANAGER"); // the escalation is at late only
      for (const t of ["10:30:00", "10:44:59"]) {
        at(fake, `${DATE}T${t}Z`);
        expect(results(await both())).toEqual([]);
      }
      expect(replies(c)).toHaveLength(5);
      expect(replies(c, "late")).toHaveLength(2);
      // A restart (a third process on the same store): nothing is posted again.
      expect(results(await replica(fake, store, c, env).alerts.check())).toEqual([]);
      expect(replies(c)).toHaveLength(5);
      if (other !== store) await other.close();
      await store.close();
    },
    120_000,
  );

  it.skipIf(skip)(
    "nothing once it is recorded; a reply is edited as entries arrive, striking what was recorded since",
    async () => {
      const { fake, store, c } = await fresh(`${DATE}T11:50:00Z`);
      const bot = replica(fake, store, c);
      await bot.posts.runPost("rounds:midday", DATE);
      // The midday round recorded in full before it is late: no late and no missed reply.
      await record(bot.deps, store, "midday");
      for (const t of ["12:15:01", "12:30:01", "12:45:01", "14:00:01"]) {
        at(fake, `${DATE}T${t}Z`);
        await bot.alerts.check();
      }
      expect(replies(c, undefined, "midday")).toEqual([]);

      // The evening round: late at 18:45:01 names them; entries arriving edit it.
      at(fake, `${DATE}T18:00:00Z`);
      await bot.posts.runPost("rounds:evening", DATE);
      at(fake, `${DATE}T18:45:01Z`);
      await bot.alerts.check();
      const [late] = replies(c, "late", "evening").filter((m) => !textOf(m).includes("💉"));
      expect(late).toBeDefined();
      at(fake, `${DATE}T18:50:00Z`);
      const [pet] = await record(bot.deps, store, "evening", { count: 1, plain: true });
      await bot.editor.changed(DATE, "evening");
      const edited = replies(c, "late", "evening").find((m) => m.ts === late?.ts);
      expect(textOf(edited)).toMatch(/\((ate all|given) 18:50 Jane\)/);
      expect(textOf(edited)).toContain(`• ${pet}: ~`);
      expect(textOf(edited)).toContain("updated 18:50 · edited as entries arrive");
      // Everything recorded: the reply says so, and nothing is missed at 20:00:01.
      await record(bot.deps, store, "evening");
      await bot.editor.changed(DATE, "evening");
      expect(textOf(replies(c, "late", "evening").find((m) => m.ts === late?.ts))).toContain(
        "✅ all recorded since",
      );
      at(fake, `${DATE}T20:00:01Z`);
      expect(results(await bot.alerts.check())).toEqual([]);
      expect(replies(c, "missed", "evening").filter((m) => !textOf(m).includes("💉"))).toEqual([]);
      await store.close();
    },
    120_000,
  );

  it.skipIf(skip)(
    "a start after the window closed, the round's post still being made: the missed reply waits for it and goes in its thread",
    async () => {
      const { fake, store, c } = await fresh(`${DATE}T10:30:00Z`);
      const bot = replica(fake, store, c);
      // The round's post claimed (by this replica's post job, or another's) and not posted yet.
      const ref = { date: DATE, kind: "rounds:morning", channel: c };
      const maker = new PostClaims(store);
      const gate = await maker.enter(ref, new Date(fake.now));
      expect(gate.state).toBe("mine");
      const waiting = (await bot.alerts.check()).filter((o) => o.key.includes(":morning:"));
      expect(waiting.map((o) => o.result)).toContain("waiting-for-post");
      expect(waiting.map((o) => o.result)).not.toContain("posted");
      expect(replies(c)).toEqual([]);
      // Its maker gives it up; the post job posts it; the reply, looked at again, goes in its thread.
      if (gate.state === "mine") await maker.release(ref, gate.attempt);
      await bot.posts.runPost("rounds:morning", DATE);
      const parent = roundPostOf(c, "morning");
      expect(parent).toBeDefined();
      at(fake, `${DATE}T10:30:20Z`);
      const after = (await bot.alerts.check()).filter((o) => o.key.includes(":morning:"));
      expect(after.map((o) => o.result)).toContain("posted");
      const [missed] = replies(c, "missed");
      expect(missed?.thread_ts).toBe(parent?.ts);
    },
    120_000,
  );

  it.skipIf(skip)(
    "a restart after the window closed posts the missed reply only, once; a claim left by a replica that died is taken over once; a reply Slack refused is tried again",
    async () => {
      const { fake, store, c } = await fresh(`${DATE}T10:30:00Z`);
      // Started at 10:30 with nothing posted: the morning's late replies are no longer true.
      const first = replica(fake, store, c);
      expect(results(await first.alerts.check()).sort()).toEqual(["posted missed", "posted missed"]);
      expect(replies(c, "late")).toEqual([]);
      expect(replies(c, "nudge")).toEqual([]);
      expect(replies(c, "missed")).toHaveLength(2);
      // Restarted again: nothing twice.
      expect(results(await replica(fake, store, c).alerts.check())).toEqual([]);
      expect(replies(c, "missed")).toHaveLength(2);

      // The midday round's late reply claimed by a replica that died before posting it.
      const survivor = replica(fake, store, c);
      await survivor.alerts.check();
      at(fake, `${DATE}T12:45:01Z`);
      const doses = await roundDoses(survivor.deps, "midday", DATE);
      const [alert] = alertsAt(DATE, "midday", doses, new Date(fake.now).toISOString(), {
        today: DATE,
        localDate: (iso) => localDate(iso, TZ),
      }).filter((a) => a.kind === "late");
      expect(alert).toBeDefined();
      if (!alert) return;
      expect((await claimAlert(store, alert, 1, new Date(fake.now).toISOString())).won).toBe(true);
      // Within two minutes the claim stands; after them the survivor takes it over, once.
      expect(results(await survivor.alerts.check())).toContain("claimed-elsewhere late");
      expect(replies(c, "late", "midday")).toEqual([]);
      at(fake, `${DATE}T12:47:00Z`);
      expect(results(await survivor.alerts.check())).toEqual([]);
      at(fake, `${DATE}T12:47:01Z`);
      const taken = await survivor.alerts.check();
      expect(taken.find((o) => o.key === alertKey(alert))).toMatchObject({ result: "posted", attempt: 2 });
      expect(replies(c, "late", "midday").filter((m) => !textOf(m).includes("💉"))).toHaveLength(1);
      const kept = await readAlerts(store, DATE);
      expect(kept.claims.get(alertKey(alert))?.map((x) => x.attempt)).toEqual([1, 2]);
      expect(kept.posted.get(alertKey(alert))?.attempt).toBe(2);
      expect(results(await replica(fake, store, c).alerts.check())).toEqual([]);

      // Slack failing at the midday round's missed instant: claimed, not posted; tried again two minutes on.
      slack.broken.add("chat.postMessage");
      try {
        at(fake, `${DATE}T14:00:01Z`);
        expect(results(await survivor.alerts.check())).toEqual(["failed missed"]);
      } finally {
        slack.broken.delete("chat.postMessage");
      }
      at(fake, `${DATE}T14:02:00Z`);
      expect(results(await survivor.alerts.check())).toEqual([]);
      at(fake, `${DATE}T14:02:01Z`);
      expect(results(await survivor.alerts.check())).toEqual(["posted missed"]);
      expect(replies(c, "missed", "midday").filter((m) => !textOf(m).includes("💉"))).toHaveLength(1);
      await store.close();
    },
    120_000,
  );
});

describe("the dose times' replies over the clock changes (Europe/London)", () => {
  const localTime = (iso: string) =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: TZ,
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }).format(new Date(iso));
  const instantOf = (key: string) => key.split(":").slice(4).join(":");

  for (const day of [
    // Spring: 01:00 GMT becomes 02:00 BST. Autumn: 02:00 BST becomes 01:00 GMT (01:00–02:00 twice).
    {
      date: "2026-03-29",
      from: "2026-03-28T20:00:00Z",
      to: "2026-03-30T01:00:00Z",
      late: "02:15:01",
      missed: "03:30:01",
    },
    {
      date: "2026-10-25",
      from: "2026-10-24T20:00:00Z",
      to: "2026-10-26T01:00:00Z",
      late: "01:15:01",
      missed: "01:30:01",
    },
  ]) {
    it(`${day.date}: the job's own loop posts every reply at its instant, windows from the rounds' local times; none twice, none skipped`, async () => {
      const dst = await startSandbox({ seed: 17, customers: 120, today: day.date, timezone: TZ });
      try {
        const fake = { now: Date.parse(day.from) };
        const store = scratchRecord({ now: () => new Date(fake.now) });
        const c = `C0DST${++seq}`;
        // A morning round at 00:30: its window runs through the clock change.
        const env = {
          KENNEL_API_BASE_URL: dst.url,
          KENNEL_API_KEY: dst.keys.main,
          ROUNDS_TIMES: "00:30,12:00,23:30",
        };
        const bot = replica(fake, store, c, env);
        const end = Date.parse(day.to);
        const job = new DoseAlertJob({
          deps: bot.deps,
          slack: webClientSlack(bot.client),
          channel: c,
          // Each sleep moves the clock on; the last look is at `end` itself.
          sleep: async (ms) => {
            if (fake.now >= end) return false;
            fake.now = Math.min(fake.now + ms, end);
            return true;
          },
        });
        await job.start();
        // What the doses' windows say should be posted between the two instants (nothing is recorded).
        const expected = new Set<string>();
        const from = Date.parse(day.from);
        for (const date of [localDate(from, TZ), day.date, localDate(end, TZ)]) {
          for (const round of ["morning", "midday", "evening"] as const) {
            const doses = await roundDoses(bot.deps, round, date);
            for (const d of doses) {
              for (const kind of d.due.highAlert
                ? (["nudge", "late", "missed"] as const)
                : (["late", "missed"] as const)) {
                const iso = alertInstant(kind, d.window);
                if (Date.parse(iso) > from && Date.parse(iso) <= end)
                  expected.add(alertKey({ kind, date, round, at: iso }));
              }
            }
          }
        }
        const mine = slack.messages.filter(
          (m) => m.channel === c && m.metadata?.event_type === DOSE_ALERT_EVENT,
        );
        // The first look catches up what was true before `from` (the day's missed replies): left out.
        const keys = mine
          .map((m) => String(m.metadata?.event_payload.key))
          .filter((k) => Date.parse(instantOf(k)) > from);
        expect(keys.length).toBe(new Set(keys).size);
        expect(new Set(keys)).toEqual(expected);
        // Each claimed (and posted) at its instant: the loop wakes there.
        for (const date of new Set(keys.map((k) => k.split(":")[2] as string))) {
          for (const [key, [claim]] of (await readAlerts(store, date)).claims) {
            if (!keys.includes(key) || !claim) continue;
            expect(Date.parse(claim.claimedAt) - Date.parse(instantOf(key)), key).toBeLessThan(1_000);
            expect(Date.parse(claim.claimedAt) - Date.parse(instantOf(key)), key).toBeGreaterThanOrEqual(0);
          }
        }
        // The 00:30 round's windows are real minutes from its local time, across the change.
        const morning = (kind: string) =>
          keys
            .filter((k) => k.startsWith(`dose_alert:${kind}:${day.date}:morning:`))
            .map((k) => localTime(instantOf(k)));
        expect(morning("late")).toContain(day.late);
        expect(morning("missed")).toContain(day.missed);
        expect(
          keys
            .filter((k) => k.startsWith(`dose_alert:late:${day.date}:midday:`))
            .map((k) => localTime(instantOf(k))),
        ).toContain("12:45:01");
        await store.close();
      } finally {
        await dst.close();
      }
    }, 300_000);
  }
});
