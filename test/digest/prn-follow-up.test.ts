/**
 * The as-needed doses' follow-up job on both engines (issue 35): a dose given at 09:10 is followed
 * up at 10:10 (PRN_FOLLOW_UP), not before; two replicas sharing one record send it once; a bot that
 * was down sends, when it starts, the follow-ups due meanwhile; an answered dose, and one given more
 * than a day ago, are not followed up; the loop sleeps until the next follow-up is due; a giver made
 * a guest since the dose is sent nothing, though the bot never heard of it but from users.info, asked
 * at the hour; Slack not answering then delays the follow-up, never loses it, asked again 1, 2, 4, 8
 * minutes after each failure, then every 15 minutes, not at every look.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEffect } from "../../src/answers/prn.ts";
import { admitsNow } from "../../src/app/background.ts";
import type { Message } from "../../src/blocks/types.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { BotBase } from "../../src/deps.ts";
import { type Admission, PrnFollowUps } from "../../src/digest/prn-follow-up.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { Access } from "../../src/listeners/access.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

let now = Date.parse("2026-11-22T09:30:00Z");
const clock = { now: () => new Date(now) };
const engines = useStoreEngines(clock);

const config = loadConfig({
  KENNEL_API_KEY: "test-key-0000000000000000",
  KENNEL_API_BASE_URL: "https://kennel.example/api/v1",
  KENNEL_TIMEZONE: "Europe/London",
});

describe.each(engines)("the follow-ups of as-needed doses ($name)", ({ open, skip }) => {
  let store: CareRecordStore;
  let deps: BotBase;
  const sent: Array<{ to: string; message: Message }> = [];
  /** Givers the access check refuses now (made a guest since the dose), and whom it was asked about. */
  const refused = new Set<string>();
  const asked: string[] = [];
  const replica = (o: { sleep?: (ms: number) => Promise<boolean> } = {}) =>
    new PrnFollowUps({
      deps,
      admits: async (userId) => {
        asked.push(userId);
        return refused.has(userId) ? "refused" : "admitted";
      },
      send: async (to, message) => {
        sent.push({ to, message });
        return { channel: `D${to}`, ts: `1.${sent.length}` };
      },
      ...o,
    });

  /** A dose as the give form keeps it (the contract's body). */
  async function dose(givenAt: string, userId: string, key: string) {
    const { entry } = await store.append({
      kind: "prn",
      date: givenAt.slice(0, 10),
      bookingId: 7,
      petId: 70,
      userId,
      requestKey: key,
      body: {
        item: "med:2",
        label: "Piriton 4mg",
        itemText: "Piriton 4mg PRN",
        reason: "scratching",
        givenAt,
        userName: userId === "U0JANE" ? "Jane" : "Tom",
      },
    });
    return entry.id;
  }

  beforeAll(async () => {
    if (skip) return;
    now = Date.parse("2026-11-22T09:30:00Z");
    sent.length = 0;
    store = await open();
    const log = silentLogger();
    deps = {
      kennel: createKennelClient(config.kennel as NonNullable<Config["kennel"]>, { log }),
      log,
      config,
      clock,
      record: store,
    };
  });
  afterAll(async () => {
    if (!skip) await store.close();
  });

  it.skipIf(skip)("due an hour after it was given, not before; two replicas send it once", async () => {
    const id = await dose("2026-11-22T09:10:00.000Z", "U0JANE", "view:V1");
    const [a, b] = [replica(), replica()];
    expect(await a.runOnce()).toEqual({ sent: 0, next: "2026-11-22T10:10:00.000Z" });
    expect(sent).toEqual([]);
    now = Date.parse("2026-11-22T10:10:00Z");
    // At once, as two replicas would (a second call in one replica shares its pass).
    const [one, two] = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect((one?.sent ?? 0) + (two?.sent ?? 0)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe("U0JANE");
    expect(sent[0]?.message.text).toBe("Effect of Piriton 4mg for pet 70?");
    expect(JSON.stringify(sent[0]?.message.blocks)).toContain(
      `"value":"{\\"d\\":${id},\\"e\\":\\"helped\\"}"`,
    );
    const claims = await store.log({ kind: "prn_follow_up" });
    expect(claims.map((c) => c.requestKey)).toEqual([`prn_follow_up:${id}`]);
    // Later looks, by either: nothing more.
    expect((await a.runOnce()).sent + (await b.runOnce()).sent).toBe(0);
  });

  it.skipIf(skip)(
    "a bot down at the time sends it when it starts; answered and day-old doses are not followed up",
    async () => {
      sent.length = 0;
      await dose("2026-11-22T11:00:00.000Z", "U0TOM", "view:V2");
      const answered = await dose("2026-11-22T11:05:00.000Z", "U0JANE", "view:V3");
      await recordEffect(deps, {
        prnId: answered,
        effect: "no_change",
        who: { userId: "U0JANE", userName: "Jane" },
      });
      await dose("2026-11-21T09:00:00.000Z", "U0JANE", "view:V4");
      // Down from 10:30 to 14:00: the 11:00 dose's follow-up (12:00) went unsent; it goes at start.
      now = Date.parse("2026-11-22T14:00:00Z");
      const woke: number[] = [];
      let release: (v: boolean) => void = () => undefined;
      const job = replica({
        sleep: (ms) => {
          woke.push(ms);
          return new Promise<boolean>((r) => {
            release = r;
          });
        },
      });
      job.start();
      await expect.poll(() => sent.length).toBe(1);
      expect(sent[0]?.to).toBe("U0TOM");
      await expect.poll(() => woke.length).toBe(1);
      // Nothing else due: the loop waits a tick (a minute) for another replica's doses.
      expect(woke[0]).toBe(60_000);
      // A dose given now: the loop, woken, waits until its follow-up is due (a minute at most).
      await dose("2026-11-22T13:59:30.000Z", "U0JANE", "view:V5");
      release(true);
      await expect.poll(() => woke.length).toBe(2);
      expect(woke[1]).toBe(60_000);
      now = Date.parse("2026-11-22T14:59:00Z");
      release(true);
      await expect.poll(() => woke.length).toBe(3);
      expect(woke[2]).toBe(30_000);
      now = Date.parse("2026-11-22T14:59:30Z");
      release(true);
      await expect.poll(() => sent.length).toBe(2);
      job.stop();
      release(false);
      expect(sent.map((s) => s.to)).toEqual(["U0TOM", "U0JANE"]);
    },
  );

  it.skipIf(skip)(
    "a giver the access check refuses now (made a guest since the dose) is sent nothing, once",
    async () => {
      sent.length = 0;
      asked.length = 0;
      refused.add("U0GUEST");
      const guests = await dose("2026-11-22T15:00:00.000Z", "U0GUEST", "view:V6");
      await dose("2026-11-22T15:01:00.000Z", "U0TOM", "view:V7");
      now = Date.parse("2026-11-22T16:01:00Z");
      const job = replica();
      expect((await job.runOnce()).sent).toBe(1);
      // Tom, still staff, hears back; the guest gets no message naming the pet or its medicine.
      expect(sent.map((s) => s.to)).toEqual(["U0TOM"]);
      expect(asked).toEqual(["U0GUEST", "U0TOM"]);
      // Claimed all the same: not asked about again at every look, nor sent later by another replica.
      const claims = await store.log({ kind: "prn_follow_up" });
      expect(claims.map((c) => c.requestKey)).toContain(`prn_follow_up:${guests}`);
      expect((await replica().runOnce()).sent).toBe(0);
      expect(asked).toEqual(["U0GUEST", "U0TOM"]);
      expect(sent).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    "through the access check: Slack asked at the hour, a guest since is sent nothing; Slack not answering delays it",
    async () => {
      sent.length = 0;
      /** What users.info says now (an Error: Slack failing), and whom it was asked about. */
      const users = new Map<string, Record<string, unknown> | Error>();
      const looked: string[] = [];
      const client = {
        users: {
          info: async ({ user }: { user: string }) => {
            looked.push(user);
            const u = users.get(user);
            if (u instanceof Error) throw u;
            return { ok: true, user: u };
          },
        },
      } as unknown as Parameters<typeof admitsNow>[1];
      const access = new Access([], clock, silentLogger());
      access.setWorkspace({ teamId: "T1" });
      const job = () =>
        new PrnFollowUps({
          deps,
          admits: admitsNow(access, client),
          send: async (to, message) => {
            sent.push({ to, message });
            return { channel: `D${to}`, ts: `1.${sent.length}` };
          },
        });
      // Both givers seen as staff at the dose (a tap's users.info).
      now = Date.parse("2026-11-22T17:00:00Z");
      for (const id of ["U0LEE", "U0MAY"]) {
        users.set(id, { id, team_id: "T1", name: id.toLowerCase() });
        expect(await access.check(client, id, undefined, { home: true })).toEqual({ ok: true });
      }
      const lees = await dose("2026-11-22T17:00:00.000Z", "U0LEE", "view:V8");
      const mays = await dose("2026-11-22T17:00:00.000Z", "U0MAY", "view:V9");
      // Lee made a guest half an hour later; no user_change reached the bot. May's users.info fails.
      users.set("U0LEE", { id: "U0LEE", team_id: "T1", is_restricted: true });
      users.set("U0MAY", new Error("fatal_error"));
      looked.length = 0;
      now = Date.parse("2026-11-22T18:00:00Z");
      const claims = async () => (await store.log({ kind: "prn_follow_up" })).map((c) => c.requestKey);
      expect((await job().runOnce()).sent).toBe(0);
      expect(looked.sort()).toEqual(["U0LEE", "U0MAY"]);
      expect(sent).toEqual([]);
      // Lee's claimed (not asked about again); May's not: tried again at the next look.
      expect(await claims()).toContain(`prn_follow_up:${lees}`);
      expect(await claims()).not.toContain(`prn_follow_up:${mays}`);
      // Slack answers again at the next tick: May, still staff, hears back, once.
      users.set("U0MAY", { id: "U0MAY", team_id: "T1", name: "may" });
      now = Date.parse("2026-11-22T18:01:00Z");
      looked.length = 0;
      expect((await job().runOnce()).sent).toBe(1);
      expect(looked).toEqual(["U0MAY"]);
      expect(sent.map((s) => s.to)).toEqual(["U0MAY"]);
      expect(await claims()).toContain(`prn_follow_up:${mays}`);
      expect((await job().runOnce()).sent).toBe(0);
      expect(sent).toHaveLength(1);
    },
  );
  /**
   * A replica whose access check answers `U0ROY`'s follow-ups from `answers` in turn (an Error: it
   * throws), everyone else admitted; the minutes after `hour` at which it asked about Roy.
   */
  function scripted(hour: number, answers: Array<Admission | Error>) {
    const askedAt: number[] = [];
    const job = new PrnFollowUps({
      deps,
      admits: async (userId) => {
        if (userId !== "U0ROY") return "admitted";
        askedAt.push((now - hour) / 60_000);
        const answer = answers.shift() ?? "admitted";
        if (answer instanceof Error) throw answer;
        return answer;
      },
      send: async (to, message) => {
        sent.push({ to, message });
        return { channel: `D${to}`, ts: `1.${sent.length}` };
      },
    });
    return { job, askedAt };
  }

  /** Looks once a minute, from `hour` for `minutes` more: what each look came to. */
  async function everyMinute(job: PrnFollowUps, hour: number, minutes: number) {
    const looks: Array<{ sent: number; next: string | undefined }> = [];
    for (let minute = 0; minute <= minutes; minute++) {
      now = hour + minute * 60_000;
      looks.push(await job.runOnce());
    }
    return looks;
  }

  it.skipIf(skip)(
    "Slack failing three times at the hour: asked again 1, 3 and 7 minutes after, not at every look; sent once when it answers",
    async () => {
      sent.length = 0;
      now = Date.parse("2026-11-22T19:00:00Z");
      await dose("2026-11-22T19:00:00.000Z", "U0ROY", "view:V10");
      const hour = Date.parse("2026-11-22T20:00:00Z");
      const { job, askedAt } = scripted(hour, ["unknown", new Error("fatal_error"), "unknown", "admitted"]);
      const looks = await everyMinute(job, hour, 10);
      expect(askedAt).toEqual([0, 1, 3, 7]);
      expect(looks.map((l) => l.sent)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
      expect(sent.map((s) => s.to)).toEqual(["U0ROY"]);
      // Each look after a failure says when Slack is asked again (the loop wakes then).
      expect([looks[0]?.next, looks[1]?.next, looks[3]?.next]).toEqual([
        "2026-11-22T20:01:00.000Z",
        "2026-11-22T20:03:00.000Z",
        "2026-11-22T20:07:00.000Z",
      ]);
      expect(looks[10]?.next).toBeUndefined();
    },
  );

  it.skipIf(skip)(
    "Slack failing for an hour: asked at most every 15 minutes, the follow-up kept; a giver made a guest meanwhile is sent nothing",
    async () => {
      sent.length = 0;
      now = Date.parse("2026-11-22T21:00:00Z");
      const id = await dose("2026-11-22T21:00:00.000Z", "U0ROY", "view:V11");
      const hour = Date.parse("2026-11-22T22:00:00Z");
      const failing = Array.from({ length: 7 }, () => "unknown" as const);
      const { job, askedAt } = scripted(hour, [...failing, "refused"]);
      const looks = await everyMinute(job, hour, 70);
      // 1, 2, 4, 8 minutes after each failure, then every 15: still asked an hour on, never given up.
      expect(askedAt).toEqual([0, 1, 3, 7, 15, 30, 45, 60]);
      expect(looks.every((l) => l.sent === 0)).toBe(true);
      expect(sent).toEqual([]);
      // Refused at last: claimed, not sent, and not asked about again.
      const claims = await store.log({ kind: "prn_follow_up" });
      expect(claims.map((c) => c.requestKey)).toContain(`prn_follow_up:${id}`);
      expect(askedAt).toHaveLength(8);
    },
  );
});
