/**
 * A message drawn again in place, or posted in a thread, that a long day made into several (a welfare
 * flag of a pet named in 3,000 characters, its vet in 15,000): the first part takes the first part's
 * place with its buttons, every further part follows in the thread; nothing is cut. Drawn again,
 * whichever part was tapped, each part is updated where it is (its markers: src/blocks/parts.ts),
 * a missing one posted, one no longer needed kept and saying so: never posted twice. Of normal
 * size: one chat.update, nothing posted, nothing read, as before.
 */

import { describe, expect, it } from "vitest";
import { firstPart, furtherParts } from "../../src/blocks/parts.ts";
import type { Message } from "../../src/blocks/types.ts";
import { flagMessages } from "../../src/blocks/welfare.ts";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { postParts, replaceParts, tappedParts } from "../../src/listeners/replace-parts.ts";
import { WelfareRedraw } from "../../src/listeners/welfare-redraw.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { PART_UNUSED } from "../../src/words/parts.ts";
import { adviceFlag, expectWhole, HUGE, longWords } from "../helpers/care-parts.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { scratchRecord } from "../helpers/record.ts";
import { replicaEngines } from "../helpers/replica-stores.ts";

const TZ = "Europe/London";
const clock = { now: () => new Date("2026-11-24T10:00:00Z") };
/** A redraw's deps on `record` (a missing part is claimed there before it is posted). */
const depsOn = (record: CareRecordStore) =>
  ({ log: silentLogger(), config: { timezone: TZ }, clock, record }) as unknown as BotDeps;
const deps = depsOn(scratchRecord(clock));

type Sent = Message & { channel: string; ts: string; thread_ts?: string | undefined };

/** The last ts a fake client gave: each message of the file's tests has its own, as in Slack. */
let n = 0;

/**
 * A Web API client over a channel's messages, as Slack keeps them (no token: chat.update goes
 * through it): what was updated and posted, and how often the thread was read.
 */
function fakeClient() {
  const timeline: Sent[] = [];
  const updated: Sent[] = [];
  const posted: Array<Message & { channel: string; thread_ts?: string }> = [];
  const reads: string[] = [];
  const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  const client = {
    chat: {
      update: async (a: Sent) => {
        const m = timeline.find((x) => x.channel === a.channel && x.ts === a.ts);
        if (m) Object.assign(m, { text: a.text, blocks: copy(a.blocks) });
        updated.push(a);
        return { ok: true };
      },
      postMessage: async (a: Message & { channel: string; thread_ts?: string }) => {
        posted.push(a);
        const ts = `2.${++n}`;
        // Posted to a user's id, Slack answers with the DM's own channel id (D…), where the message is.
        const channel = a.channel.startsWith("U") ? `D${a.channel.slice(1)}` : a.channel;
        timeline.push({
          channel,
          ts,
          thread_ts: a.thread_ts,
          text: a.text,
          blocks: copy(a.blocks),
        });
        return { ok: true, ts, channel };
      },
    },
    conversations: {
      replies: async (a: { channel: string; ts: string }) => {
        reads.push(a.ts);
        const thread = timeline.filter(
          (m) => m.channel === a.channel && (m.ts === a.ts || m.thread_ts === a.ts),
        );
        return { ok: true, has_more: false, messages: copy(thread) };
      },
    },
  };
  return { client: client as never, timeline, updated, posted, reads };
}

const asMessage = (m: Message) => ({ text: m.text, blocks: m.blocks });

describe("a flag drawn again in place", () => {
  it("too long for one message: the first part in its place, with its buttons; the rest in its thread, every word", async () => {
    const { client, updated, posted } = fakeClient();
    const messages = flagMessages(adviceFlag({ id: 7, petName: HUGE.name, vet: HUGE.drug }), TZ);
    const at = { channel: "C1", ts: "1.5", threadTs: "1.1" };
    expect(await replaceParts(deps, client, at, messages, "update a welfare message")).toBe(true);
    expect(updated.map((u) => [u.channel, u.ts])).toEqual([["C1", "1.5"]]);
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.every((p) => p.channel === "C1" && p.thread_ts === "1.1")).toBe(true);
    const sent = [...updated, ...posted].map(asMessage);
    expectWhole(sent, HUGE.name, HUGE.drug);
    expect(JSON.stringify(sent).match(/"action_id":"wf_(advice|resolve)/g)).toHaveLength(2);
  });

  it("of normal size, tapped: one chat.update, nothing posted, nothing read", async () => {
    const { client, updated, posted, reads } = fakeClient();
    const drawn = flagMessages(adviceFlag({ id: 7, petName: "Biscuit", vet: "Vets" }), TZ);
    const at = tappedParts({ channel: "C1", ts: "1.5" }, drawn[0]?.blocks);
    expect(await replaceParts(deps, client, at, drawn, "x")).toBe(true);
    expect(updated).toHaveLength(1);
    expect(posted).toEqual([]);
    expect(reads).toEqual([]);
  });
});

/** A flag whose vet's name is `n` characters: 9,000 draws it in 2 messages, 15,000 in 3 (its buttons on the last). */
const long = (n: number) =>
  flagMessages(adviceFlag({ id: 7, petName: "Biscuit", vet: longWords("vt", n) }), TZ);
const hasButtons = (m: Message) => /"action_id":"wf_(advice|resolve)/.test(JSON.stringify(m.blocks));

/** A tap on the message at `ts`: where it is, as the tap's payload says it (its blocks with their block_ids). */
function tapOn(timeline: Sent[], ts: string | undefined) {
  const m = timeline.find((x) => x.ts === ts);
  if (!m) throw new Error(`no message ${ts}`);
  return tappedParts({ channel: m.channel, ts: m.ts, threadTs: m.thread_ts }, m.blocks);
}

describe("a long message posted to a person (the Home tab's answers, in their DM with the app)", () => {
  it("its further parts go in the thread of the DM Slack named, not to the person's id", async () => {
    const s = fakeClient();
    expect(await postParts(s.client, "U7", long(15_000))).toEqual({ sent: 3 });
    const [first, ...rest] = s.posted;
    expect(first?.channel).toBe("U7");
    expect(rest.map((m) => m.channel)).toEqual(["D7", "D7"]);
    expect(s.timeline.slice(1).every((m) => m.thread_ts === s.timeline[0]?.ts)).toBe(true);
  });
});

describe.each([
  { where: "a reply in a check's thread", inThread: "1.1" },
  { where: "a message in the channel", inThread: undefined },
])("a long flag drawn again, whichever part is tapped ($where)", ({ inThread }) => {
  /** The flag posted in `parts` messages as a check posts it; its messages' ts, in order. */
  async function posted(s: ReturnType<typeof fakeClient>, vet: number) {
    expect(await postParts(s.client, "C1", long(vet), inThread)).toEqual({ sent: s.posted.length });
    return s.timeline.map((m) => m.ts);
  }

  it("part 3 of 3 tapped twice: the same 3 messages, each updated in place, the buttons still on part 3", async () => {
    const s = fakeClient();
    const parts = await posted(s, 15_000);
    expect(parts).toHaveLength(3);
    expect(s.timeline.slice(1).every((m) => m.thread_ts === (inThread ?? parts[0]))).toBe(true);
    for (const _ of [1, 2])
      expect(await replaceParts(deps, s.client, tapOn(s.timeline, parts[2]), long(15_000), "x")).toBe(true);
    expect(s.timeline.map((m) => m.ts)).toEqual(parts);
    expect(s.posted).toHaveLength(3);
    expect(s.updated.map((u) => u.ts)).toEqual([...parts, ...parts]);
    expect(s.timeline.map(hasButtons)).toEqual([false, false, true]);
    const drawn = long(15_000);
    expect(s.timeline.map(asMessage)).toEqual([firstPart(drawn), ...furtherParts(drawn, parts[0] as string)]);
    expectWhole(s.timeline.map(asMessage), longWords("vt", 15_000));
    expect(s.reads).toEqual([inThread ?? parts[0], inThread ?? parts[0]]);
  });

  it("grown from 2 parts to 3: the two updated in place, one posted after them", async () => {
    const s = fakeClient();
    const parts = await posted(s, 9000);
    expect(parts).toHaveLength(2);
    expect(await replaceParts(deps, s.client, tapOn(s.timeline, parts[1]), long(15_000), "x")).toBe(true);
    expect(s.timeline.map((m) => m.ts).slice(0, 2)).toEqual(parts);
    expect(s.timeline).toHaveLength(3);
    expect(s.posted).toHaveLength(3);
    expect(s.posted[2]?.thread_ts).toBe(inThread ?? parts[0]);
    expect(s.timeline.map(hasButtons)).toEqual([false, false, true]);
    expectWhole(s.timeline.map(asMessage), longWords("vt", 15_000));
  });

  it("two forms opened on it in one part, both submitted after it grew to 2: part 2 posted once", async () => {
    const s = fakeClient();
    const [first] = await posted(s, 100);
    const opened = tapOn(s.timeline, first);
    expect(opened.parts).toBe(1);
    for (const _ of [1, 2]) expect(await replaceParts(deps, s.client, opened, long(9000), "x")).toBe(true);
    expect(s.timeline).toHaveLength(2);
    expect(s.posted).toHaveLength(2);
    expect(s.timeline.map(hasButtons)).toEqual([false, true]);
  });

  it("part 2 deleted from the thread, part 3 tapped: part 3's message takes part 2, part 3 posted after it, in order", async () => {
    const s = fakeClient();
    const parts = await posted(s, 15_000);
    s.timeline.splice(1, 1);
    expect(await replaceParts(deps, s.client, tapOn(s.timeline, parts[2]), long(15_000), "x")).toBe(true);
    expect(s.posted).toHaveLength(4);
    const ts = s.timeline.map((m) => m.ts);
    expect(ts.slice(0, 2)).toEqual([parts[0], parts[2]]);
    expect(ts).toHaveLength(3);
    const drawn = long(15_000);
    expect(s.timeline.map(asMessage)).toEqual([firstPart(drawn), ...furtherParts(drawn, parts[0] as string)]);
    expect(s.timeline.map(hasButtons)).toEqual([false, false, true]);
    // Tapped again on its new part 3: the same 3 messages, nothing posted.
    expect(await replaceParts(deps, s.client, tapOn(s.timeline, ts[2]), long(15_000), "x")).toBe(true);
    expect(s.timeline.map((m) => m.ts)).toEqual(ts);
    expect(s.posted).toHaveLength(4);
  });

  it("part 2 deleted, shrunk to 2: part 3's message takes part 2, nothing posted, nothing left as a note", async () => {
    const s = fakeClient();
    const parts = await posted(s, 15_000);
    s.timeline.splice(1, 1);
    expect(await replaceParts(deps, s.client, tapOn(s.timeline, parts[2]), long(9000), "x")).toBe(true);
    expect(s.posted).toHaveLength(3);
    expect(s.timeline.map((m) => m.ts)).toEqual([parts[0], parts[2]]);
    const drawn = long(9000);
    expect(s.timeline.map(asMessage)).toEqual([firstPart(drawn), ...furtherParts(drawn, parts[0] as string)]);
  });

  it("shrunk from 3 parts to 2: the third says it is no longer used; grown again, it is used again", async () => {
    const s = fakeClient();
    const parts = await posted(s, 15_000);
    expect(await replaceParts(deps, s.client, tapOn(s.timeline, parts[2]), long(9000), "x")).toBe(true);
    expect(s.timeline.map((m) => m.ts)).toEqual(parts);
    expect(s.timeline.map(hasButtons)).toEqual([false, true, false]);
    expect(s.timeline[2]?.text).toBe(PART_UNUSED);
    expectWhole(s.timeline.slice(0, 2).map(asMessage), longWords("vt", 9000));
    // Its buttons now on part 2: tapped there, drawn in 3 again.
    expect(await replaceParts(deps, s.client, tapOn(s.timeline, parts[1]), long(15_000), "x")).toBe(true);
    expect(s.timeline.map((m) => m.ts)).toEqual(parts);
    expect(s.posted).toHaveLength(3);
    expect(s.timeline.map(hasButtons)).toEqual([false, false, true]);
  });
});

const pg = usePostgres();

/** Two replicas' stores of one record, on each engine. */
const engines = replicaEngines(pg, clock);

describe.each(engines)(
  "a long flag drawn again by two replicas at once, one record ($name)",
  ({ skip, open }) => {
    it.skipIf(skip)(
      "grown from 2 parts to 3, both taps read the thread before either posts: part 3 posted once",
      async () => {
        const stores = await open();
        const s = fakeClient();
        expect(await postParts(s.client, "C1", long(9000), "1.1")).toEqual({ sent: 2 });
        const parts = s.timeline.map((m) => m.ts);
        const client = s.client as unknown as {
          conversations: { replies: (a: unknown) => Promise<unknown> };
        };
        const read = client.conversations.replies;
        let arrived = 0;
        let bothRead = () => {};
        const both = new Promise<void>((resolve) => {
          bothRead = resolve;
        });
        client.conversations.replies = async (a) => {
          const thread = await read(a);
          if (++arrived === 2) bothRead();
          await both;
          return thread;
        };
        const redraws = stores.map((record) =>
          replaceParts(depsOn(record), s.client, tapOn(s.timeline, parts[1]), long(15_000), "x"),
        );
        expect(await Promise.all(redraws)).toEqual([true, true]);
        expect(s.timeline).toHaveLength(3);
        expect(s.posted).toHaveLength(3);
        expect(s.timeline.slice(0, 2).map((m) => m.ts)).toEqual(parts);
        expect(s.timeline.map(hasButtons)).toEqual([false, false, true]);
        expectWhole(s.timeline.map(asMessage), longWords("vt", 15_000));
        await Promise.all([...new Set(stores)].map((x) => x.close()));
      },
    );
  },
);

describe("a flag just opened, posted in the check's thread", () => {
  it("too long for one message: every part in the thread, every word", async () => {
    const { client, posted } = fakeClient();
    await new WelfareRedraw(deps).postFlags(
      client,
      [adviceFlag({ id: 7, petName: HUGE.name, vet: HUGE.drug })],
      {
        channel: "C1",
        ts: "1.5",
      },
    );
    expect(posted.length).toBeGreaterThan(1);
    expect(posted.every((p) => p.thread_ts === "1.5")).toBe(true);
    expectWhole(posted.map(asMessage), HUGE.name, HUGE.drug);
  });

  it("of normal size: one message", async () => {
    const { client, posted } = fakeClient();
    await new WelfareRedraw(deps).postFlags(
      client,
      [adviceFlag({ id: 7, petName: "Biscuit", vet: "Vets" })],
      { channel: "C1", ts: "1.5" },
    );
    expect(posted).toHaveLength(1);
  });
});
