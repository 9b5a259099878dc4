/**
 * A late reply too long for one message (src/blocks/parts.ts), edited as entries arrive: every part
 * updated where it is, none posted twice; a reply in one part edited with one update and no read; a
 * reply an edit made longer and a correction shorter again: its part no longer needed says so.
 * Over a real care record (SQLite) and a Slack that keeps its messages as Slack does.
 */
import { describe, expect, it } from "vitest";
import { firstPart } from "../../src/blocks/parts.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { Deps } from "../../src/deps.ts";
import { alertMessages, DoseAlertEditor } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert, recordPosted } from "../../src/digest/dose-alert-records.ts";
import { DIGEST_EVENT } from "../../src/digest/post.ts";
import { type DigestSlack, type HistoryMessage, postFurther } from "../../src/digest/slack.ts";
import type { DoseAlert } from "../../src/domain/dose-alerts.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { PART_UNUSED } from "../../src/words/parts.ts";
import { longWords } from "../helpers/care-parts.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { scratchRecord } from "../helpers/record.ts";
import { replicaEngines } from "../helpers/replica-stores.ts";

const DATE = "2026-11-23";
const TZ = "Europe/London";
const C = "C0ROUNDS";

const ITEMS = ["med:1", "med:2", "med:3", "med:4", "med:5"] as const;

type Kept = HistoryMessage & Message & { channel: string; thread_ts?: string | undefined };

/** A Slack that keeps its messages (Kennel Desk's bot posts them): what was posted, updated and read. */
function fakeSlack() {
  const messages: Kept[] = [];
  const updates: string[] = [];
  const reads: string[] = [];
  let n = 0;
  const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  const slack: DigestSlack = {
    self: async () => ({ botId: "B0DESK" }),
    lookAlike: () => undefined,
    history: async (channel) => messages.filter((m) => m.channel === channel && !m.thread_ts).reverse(),
    replies: async (channel, ts) => {
      reads.push(ts);
      return copy(messages.filter((m) => m.channel === channel && (m.ts === ts || m.thread_ts === ts)));
    },
    async post(channel, message, o = {}) {
      const ts = `${1_795_400_000 + ++n}.000100`;
      messages.push({
        channel,
        ts,
        thread_ts: o.threadTs,
        bot_id: "B0DESK",
        metadata: o.metadata,
        ...copy(message),
      });
      return ts;
    },
    remove: async () => undefined,
    async update(channel, ts, message) {
      updates.push(ts);
      const m = messages.find((x) => x.channel === channel && x.ts === ts);
      if (!m) throw new Error("message_not_found");
      Object.assign(m, copy(message));
    },
  };
  return { slack, messages, updates, reads };
}

/** A late reply naming one pet's `items` doses, each dose's words `words` characters long. */
function lateAlert(items: number, words: number): DoseAlert {
  const window = {
    opensAt: `${DATE}T07:00:00.000Z`,
    dueAt: `${DATE}T08:00:00.000Z`,
    lateAt: `${DATE}T08:45:00.000Z`,
    closesAt: `${DATE}T10:00:00.000Z`,
  };
  return {
    kind: "late",
    date: DATE,
    round: "morning",
    at: `${DATE}T08:45:01.000Z`,
    doses: ITEMS.slice(0, items).map((item, i) => ({
      bookingId: 100,
      petId: 200,
      petName: "Biscuit",
      room: "Kennel 4",
      due: { item, label: `Drug${i}`, text: longWords(`d${i}x`, words) },
      window,
      state: { state: "late" } as never,
    })),
  };
}

/** The reply posted as the dose times' job posts it: in the round post's thread, its parts after it. */
async function posted(store: CareRecordStore, deps: Deps, s: ReturnType<typeof fakeSlack>, alert: DoseAlert) {
  const parent = await s.slack.post(
    C,
    { text: "Morning round", blocks: [] },
    {
      metadata: {
        event_type: DIGEST_EVENT,
        event_payload: { date: DATE, kind: "rounds:morning", part: 1, parts: 1 },
      },
    },
  );
  const { claim } = await claimAlert(store, alert, 1, alert.at);
  const messages = alertMessages(deps, claim, DATE, []);
  const ts = await s.slack.post(C, firstPart(messages), { threadTs: parent });
  await recordPosted(store, alert, { attempt: 1, channel: C, ts });
  await postFurther(s.slack, C, messages, { firstTs: ts, threadTs: parent });
  return s.messages.filter((m) => m.thread_ts === parent).map((m) => m.ts);
}

/** Dose `i` given, at 08:50 by Jane. */
const given = (store: CareRecordStore, alert: DoseAlert, i: number) => {
  const d = alert.doses[i];
  if (!d) throw new Error(`no dose ${i}`);
  return store.record([
    {
      date: DATE,
      round: "morning",
      bookingId: d.bookingId,
      petId: d.petId,
      petName: d.petName,
      item: d.due.item,
      itemText: d.due.text,
      outcome: "given",
      userId: "U0JANE",
      userName: "Jane",
      requestKey: `given:${i}`,
    },
  ]);
};

/** The first `n` doses not given, each with a reason of 150 characters, at 08:50 by Jane. */
async function notGiven(store: CareRecordStore, alert: DoseAlert, n: number): Promise<Entry[]> {
  const result = await store.record(
    alert.doses.slice(0, n).map((d, i) => ({
      date: DATE,
      round: "morning" as const,
      bookingId: d.bookingId,
      petId: d.petId,
      petName: d.petName,
      item: d.due.item,
      itemText: d.due.text,
      outcome: "not_given" as const,
      reasonCode: "other" as const,
      reason: longWords(`why${i}`, 150),
      userId: "U0JANE",
      userName: "Jane",
      requestKey: "not-given",
    })),
  );
  if (result.status !== "recorded") throw new Error(`not recorded: ${result.status}`);
  return result.entries;
}

/** Each of `entries` corrected to given, with no reason. */
const correctedToGiven = (store: CareRecordStore, entries: Entry[]) =>
  store.record(
    entries.map((e) => ({
      date: e.date,
      round: e.round,
      bookingId: e.bookingId,
      petId: e.petId,
      petName: e.petName,
      item: e.item,
      itemText: e.itemText,
      outcome: "given" as const,
      userId: "U0JANE",
      userName: "Jane",
      requestKey: "corrections",
      supersedes: e.id,
    })),
  );

describe("a late reply edited as entries arrive", () => {
  const setUp = () => {
    const clock = { now: () => new Date(`${DATE}T08:50:00Z`) };
    const store = scratchRecord(clock);
    const config = {
      timezone: TZ,
      roundCheck: { mention: undefined },
      doses: { escalateMention: undefined },
    };
    const deps = { log: silentLogger(), config, clock, record: store } as unknown as Deps & {
      record: CareRecordStore;
    };
    return { store, deps };
  };

  it("in 3 parts, edited twice: the same 3 messages, each updated in place, none posted again", async () => {
    const { store, deps } = setUp();
    const s = fakeSlack();
    const alert = lateAlert(5, 3500);
    const parts = await posted(store, deps, s, alert);
    expect(parts).toHaveLength(3);
    const count = s.messages.length;
    const editor = new DoseAlertEditor(deps, s.slack);
    for (const i of [0, 4]) {
      await given(store, alert, i);
      await editor.changed(DATE, "morning");
    }
    expect(s.messages).toHaveLength(count);
    expect(s.messages.filter((m) => m.thread_ts).map((m) => m.ts)).toEqual(parts);
    expect(s.updates).toEqual([...parts, ...parts]);
    const text = JSON.stringify(s.messages.map((m) => m.blocks));
    expect(text.match(/given 08:50 Jane/g)).toHaveLength(2);
    expect(text.match(/continued \(\d of 3\)/g)).toHaveLength(2);
    await store.close();
  });

  it("in one part: one update, the thread not read", async () => {
    const { store, deps } = setUp();
    const s = fakeSlack();
    const alert = lateAlert(2, 40);
    const parts = await posted(store, deps, s, alert);
    expect(parts).toHaveLength(1);
    await given(store, alert, 0);
    await new DoseAlertEditor(deps, s.slack).changed(DATE, "morning");
    expect(s.updates).toEqual(parts);
    expect(s.reads).toEqual([]);
    await store.close();
  });

  it("in one part, made 2 by two entries with reasons, then 1 by their corrections: its part 2 says it is no longer used", async () => {
    const { store, deps } = setUp();
    const s = fakeSlack();
    const alert = lateAlert(3, 2650);
    const [reply] = await posted(store, deps, s, alert);
    expect(s.messages.filter((m) => m.thread_ts)).toHaveLength(1);
    const editor = new DoseAlertEditor(deps, s.slack);
    const entries = await notGiven(store, alert, 2);
    await editor.changed(DATE, "morning");
    const thread = () => s.messages.filter((m) => m.thread_ts);
    expect(thread().map((m) => m.ts)[0]).toBe(reply);
    expect(thread()).toHaveLength(2);
    const part2 = thread()[1];
    expect(part2?.text).not.toBe(PART_UNUSED);
    expect(JSON.stringify(thread().map((m) => m.blocks))).toContain("why0");
    expect((await correctedToGiven(store, entries)).status).toBe("recorded");
    await editor.changed(DATE, "morning");
    expect(thread()).toHaveLength(2);
    expect(thread()[1]?.ts).toBe(part2?.ts);
    expect(thread()[1]?.text).toBe(PART_UNUSED);
    const first = JSON.stringify(thread()[0]?.blocks);
    expect(first.match(/given 08:50 Jane/g)).toHaveLength(2);
    expect(first).not.toContain("why0");
    expect(s.reads).toHaveLength(2);
    // Edited again in one part: its thread read again (the record says it was long once), nothing posted.
    await editor.changed(DATE, "morning");
    expect(s.reads).toHaveLength(3);
    expect(thread()).toHaveLength(2);
    expect(thread()[1]?.text).toBe(PART_UNUSED);
    await store.close();
  });
});

const pg = usePostgres();
const clock = { now: () => new Date(`${DATE}T08:50:00Z`) };

/** Two replicas' stores of one record, on each engine. */
const engines = replicaEngines(pg, clock);

describe.each(engines)("a late reply edited by two replicas sharing one record ($name)", ({ skip, open }) => {
  const depsOf = (record: CareRecordStore) =>
    ({
      log: silentLogger(),
      config: { timezone: TZ, roundCheck: { mention: undefined }, doses: { escalateMention: undefined } },
      clock,
      record,
    }) as unknown as Deps & { record: CareRecordStore };
  const closeAll = (stores: CareRecordStore[]) => Promise.all([...new Set(stores)].map((x) => x.close()));

  it.skipIf(skip)("both at once, after it grew from 1 part to 2: part 2 posted once", async () => {
    const stores = await open();
    const [a, b] = stores as [CareRecordStore, CareRecordStore];
    const s = fakeSlack();
    const alert = lateAlert(3, 2650);
    const [reply] = await posted(a, depsOf(a), s, alert);
    await notGiven(a, alert, 2);
    // Each replica reads the thread before either posts: both find part 2 missing.
    const read = s.slack.replies;
    let arrived = 0;
    let bothRead = () => {};
    const both = new Promise<void>((resolve) => {
      bothRead = resolve;
    });
    s.slack.replies = async (channel, ts) => {
      const thread = await read(channel, ts);
      if (++arrived === 2) bothRead();
      await both;
      return thread;
    };
    await Promise.all(
      [a, b].map((store) => new DoseAlertEditor(depsOf(store), s.slack).changed(DATE, "morning")),
    );
    const thread = s.messages.filter((m) => m.thread_ts);
    expect(thread.map((m) => m.ts)[0]).toBe(reply);
    expect(thread).toHaveLength(2);
    expect(JSON.stringify(thread.map((m) => m.blocks)).match(/continued \(2 of 2\)/g)).toHaveLength(1);
    await closeAll(stores);
  });

  it.skipIf(skip)(
    "made 2 parts by one, then 1 by the other: its part 2 says it is no longer used",
    async () => {
      const stores = await open();
      const [a, b] = stores as [CareRecordStore, CareRecordStore];
      const s = fakeSlack();
      const alert = lateAlert(3, 2650);
      await posted(a, depsOf(a), s, alert);
      const entries = await notGiven(a, alert, 2);
      await new DoseAlertEditor(depsOf(a), s.slack).changed(DATE, "morning");
      const thread = () => s.messages.filter((m) => m.thread_ts);
      expect(thread()).toHaveLength(2);
      expect(thread()[1]?.text).not.toBe(PART_UNUSED);
      expect((await correctedToGiven(b, entries)).status).toBe("recorded");
      // Another replica, or this one after a restart: it never drew the reply in 2 parts itself.
      await new DoseAlertEditor(depsOf(b), s.slack).changed(DATE, "morning");
      expect(thread()).toHaveLength(2);
      expect(thread()[1]?.text).toBe(PART_UNUSED);
      expect(JSON.stringify(thread().map((m) => m.blocks))).not.toContain("why0");
      await closeAll(stores);
    },
  );
});
