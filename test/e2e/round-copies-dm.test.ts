/**
 * A round shown in direct messages, end to end: the real Bolt app over HTTP, signed `block_actions`
 * bodies, the Slack stand-in and the awkward sandbox, on SQLite and on PostgreSQL. The evening round
 * of Sun 22 Nov is posted in the rounds channel as scheduled; Jane and Tom each open it from Home's
 * "Show the round" (a copy in each one's DM with the app, kept in the care record as a `round_copy`).
 * A dose given on the channel's post draws both DM copies again; one given on Jane's copy draws the
 * channel's post and Tom's copy again: no copy keeps showing as still to give a dose given on
 * another (a reader could give it twice). A late reply of the dose times' job draws the DM copies
 * again with the channel's post, so they say "late" as it does.
 */
import { describe, expect, it } from "vitest";
import { enterFromPaper } from "../../src/answers/paper-enter.ts";
import { loadSheet } from "../../src/answers/sheets.ts";
import { recordAll } from "../../src/blocks/buttons.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import type { TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, nameStaff, SIGNING_SECRET, useHarnessOn } from "../helpers/bot.ts";
import { awkwardRounds } from "../helpers/plan-slack.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import {
  type Button,
  buttonsOf,
  postRounds,
  roundPostOf,
  sectionOf,
  tapRecord,
} from "../helpers/record-slack.ts";
import { postSigned, tapBody } from "../helpers/slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const CHANNEL = "C0ROUNDS";
const DATE = "2026-11-22";
const START = Date.parse(`${DATE}T19:35:00Z`);
let at = START;
const clock = { now: () => new Date(at) };
const engines = useStoreEngines(clock);

let homeTaps = 0;

/** `user` taps Home's "Show the round": the copy's messages in their DM with the app, once all are there. */
async function showRound(h: Harness, user: string): Promise<TimelineEntry[]> {
  const since = h.slack.timeline.at(-1)?.id ?? 0;
  const n = ++homeTaps;
  const tap = tapBody({
    user,
    trigger: `tshow${n}`,
    on: { modal: { id: `V${user}`, view: { type: "home", blocks: [] } } },
    action: {
      action_id: "home_list:rounds",
      block_id: "home",
      value: JSON.stringify({ l: "rounds" }),
      action_ts: `1764200000.000${n}`,
    },
  });
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(tap) });
  expect(res.status).toBe(200);
  const mine = () => h.slack.timeline.filter((m) => m.id > since && m.channel === user && !m.ephemeral);
  await h.slack.waitFor(() => mine().length > 0, 30_000);
  let count = -1;
  while (count !== mine().length) {
    count = mine().length;
    await new Promise((r) => setTimeout(r, 1500));
  }
  return mine();
}

describe.each(engines)("a round shown in direct messages ($name)", ({ open, skip }) => {
  let h: Harness;
  let store: CareRecordStore;
  /** The channel's scheduled round post, and Jane's and Tom's copies from Home's "Show the round". */
  let scheduled: TimelineEntry[];
  let jane: TimelineEntry[];
  let tom: TimelineEntry[];

  useHarnessOn(
    { open, skip },
    () => awkwardRounds(clock, CHANNEL),
    async (started) => {
      ({ h, store } = started);
      nameStaff(h, { U0JANE: "Jane", U0TOM: "Tom" });
      // The first sheet drafts the pets' plans; confirmed, the round has its one-tap buttons.
      await postRounds(h, CHANNEL, "evening");
      await confirmAllPlans(h.record, h.config, clock);
      const since = h.slack.timeline.at(-1)?.id ?? 0;
      await h.bot.digest?.runPost("rounds:evening", DATE, { retry: false });
      scheduled = await roundPostOf(h.slack, since);
      jane = await showRound(h, "U0JANE");
      tom = await showRound(h, "U0TOM");
    },
    120_000,
  );

  const current = (m: TimelineEntry) => h.slack.timeline.find((x) => x.id === m.id) as TimelineEntry;
  const updatesOf = (m: TimelineEntry) =>
    h.slack.api.filter(
      (r) => r.path === "/api/chat.update" && r.body.ts === m.ts && r.body.channel === m.channel,
    ).length;
  /** The message of `messages` (as it is now) showing the pet of `b`. */
  const holding = (messages: TimelineEntry[], b: Button) => {
    const m = messages.find((x) => sectionOf(current(x).blocks, b.state) !== "");
    if (!m) throw new Error(`${b.state.n} is not on the copy`);
    return m;
  };
  /** The one-tap buttons on `messages` of the pets with nothing recorded yet. */
  const stillToGive = async (messages: TimelineEntry[]) => {
    const out: Array<{ message: TimelineEntry; button: Button }> = [];
    for (const m of messages)
      for (const b of await buttonsOf(store, current(m).blocks, recordAll))
        if (!sectionOf(current(m).blocks, b.state).includes("✅")) out.push({ message: m, button: b });
    return out;
  };
  const untapped = async (messages: TimelineEntry[]) => {
    const [first] = await stillToGive(messages);
    if (!first) throw new Error("no pet left with nothing recorded");
    return first;
  };
  const given = (m: TimelineEntry, b: Button, who: string) =>
    h.slack.waitFor(() => new RegExp(`✅ .*${who}`).test(sectionOf(current(m).blocks, b.state)), 10_000);

  it.skipIf(skip)(
    "each copy is kept in the care record: its DM, its messages, its sheet, in the chain",
    async () => {
      expect(jane.length).toBeGreaterThan(0);
      expect(jane.map((m) => m.thread_ts)).toEqual(jane.map(() => undefined));
      const copies = await store.log({ kind: "round_copy", date: DATE });
      // The first /rounds of the setup, posted in the channel as a message and its thread, is one too.
      expect(copies.map((c) => c.body.channel)).toEqual([CHANNEL, "U0JANE", "U0TOM"]);
      const [asked, forJane, forTom] = copies;
      expect(asked?.body).toMatchObject({ round: "evening", thread: true });
      expect(asked?.body.parts.length).toBeGreaterThan(1);
      expect(forJane?.body).toMatchObject({ v: 1, round: "evening", thread: false, user: "U0JANE" });
      expect(asked?.body.user).toBeUndefined();
      expect(forJane?.body.parts).toEqual(jane.map((m) => m.ts));
      expect(forTom?.body.parts).toEqual(tom.map((m) => m.ts));
      expect(forJane?.requestKey).toBe(`round_copy:U0JANE:${jane[0]?.ts}`);
      // The sheet it drew, kept: its buttons name it.
      const sheet = await loadSheet({ record: store }, forJane?.body.sheet ?? 0);
      expect(sheet).toMatchObject({ date: DATE, round: "evening" });
      expect(sheet?.messages).toHaveLength(jane.length);
      const [b] = await buttonsOf(store, jane[0]?.blocks, recordAll);
      expect(b?.state.s).toBe(forJane?.body.sheet);
      expect((await store.verify()).ok).toBe(true);
    },
  );

  it.skipIf(skip)(
    "a dose given on the channel's post: both DM copies are drawn again showing it",
    async () => {
      const { message, button: b } = await untapped(scheduled);
      const inJane = holding(jane, b);
      const inTom = holding(tom, b);
      expect(sectionOf(current(inJane).blocks, b.state)).not.toContain("✅");
      const before = { jane: updatesOf(inJane), tom: updatesOf(inTom) };

      await tapRecord(h, message.id, b, "U0JANE");
      await h.slack.waitFor(() => updatesOf(inJane) > before.jane && updatesOf(inTom) > before.tom, 10_000);
      await given(inJane, b, "Jane");
      await given(inTom, b, "Jane");
      expect(sectionOf(current(message).blocks, b.state)).toMatch(/✅ .*Jane/);
    },
  );

  it.skipIf(skip)(
    "a dose given on Jane's DM copy: the channel's post and Tom's copy are drawn again showing it",
    async () => {
      const { message, button: b } = await untapped(jane);
      const post = holding(scheduled, b);
      const inTom = holding(tom, b);
      expect(sectionOf(current(post).blocks, b.state)).not.toContain("✅");
      expect(sectionOf(current(inTom).blocks, b.state)).not.toContain("✅");
      const before = { post: updatesOf(post), tom: updatesOf(inTom) };

      await tapRecord(h, message.id, b, "U0TOM");
      await h.slack.waitFor(() => updatesOf(post) > before.post && updatesOf(inTom) > before.tom, 10_000);
      await given(post, b, "Tom");
      await given(inTom, b, "Tom");
      await given(message, b, "Tom");
    },
  );

  it.skipIf(skip)(
    "a dose entered from the paper at the terminal: the next tap, elsewhere, draws the copies' messages holding that pet",
    async () => {
      // A pet with a dose still to give, and another to tap on a message of Jane's copy without it.
      const left = await stillToGive(scheduled);
      const withDose = left.find((x) => x.button.state.i.some(([item]) => isMedicationItem(item)));
      if (!withDose) throw new Error("no pet with a dose still to give");
      const inJane = holding(jane, withDose.button);
      const other = left.find((x) => x !== withDose && holding(jane, x.button) !== inJane);
      if (!other) throw new Error("no pet to tap on another message of Jane's copy");
      // Entered as `kennel-desk record enter` does it: in the record, no Slack message drawn.
      const sheet = await loadSheet({ record: store }, withDose.button.state.s);
      const pet = sheet?.pets.find(
        (p) => p.bookingId === withDose.button.state.b && p.petId === withDose.button.state.p,
      );
      const dose = pet?.due.find((d) => isMedicationItem(d.item));
      if (!sheet || !pet || !dose) throw new Error("the pet's dose is not on its kept sheet");
      const cell = { item: dose.item, mark: "given" as const, time: "19:32", by: "JD" };
      const who = { userId: "terminal:JD", userName: "JD" };
      const entered = await enterFromPaper(h.bot.deps, sheet, pet, [cell], who, "cli:paper:copies");
      expect(entered.status).toBe("recorded");
      expect(sectionOf(current(inJane).blocks, withDose.button.state)).not.toContain("from the paper chart");

      await tapRecord(h, other.message.id, other.button, "U0TOM");
      await given(holding(jane, other.button), other.button, "Tom");
      await h.slack.waitFor(
        () => sectionOf(current(inJane).blocks, withDose.button.state).includes("from the paper chart"),
        10_000,
      );
    },
  );

  it.skipIf(skip)("a copy Slack no longer has is tried once, logged, and left alone after", async () => {
    // Two pets still to give, on one message of Tom's copy; then Tom's copy deleted in Slack (he
    // cleared his DM): a tap on the channel's post tries it once, the next tap not again.
    const left = (await stillToGive(scheduled)).map((x) => ({ ...x, inTom: holding(tom, x.button) }));
    const pair = left.flatMap((x) =>
      left.filter((y) => y !== x && y.inTom.ts === x.inTom.ts).map((y) => [x, y]),
    );
    const [first, second] = pair[0] ?? [];
    if (!first || !second) throw new Error("no message of Tom's copy holds two pets still to give");
    const tries = () =>
      h.slack.api.filter(
        (r) => r.path === "/api/chat.update" && r.body.channel === "U0TOM" && r.body.ts === first.inTom.ts,
      ).length;
    const before = tries();
    for (const m of tom) h.slack.timeline.splice(h.slack.timeline.indexOf(current(m)), 1);

    await tapRecord(h, first.message.id, first.button, "U0JANE");
    await given(holding(jane, first.button), first.button, "Jane");
    await h.slack.waitFor(() => tries() === before + 1, 10_000);
    await tapRecord(h, second.message.id, second.button, "U0JANE");
    await given(holding(jane, second.button), second.button, "Jane");
    await new Promise((r) => setTimeout(r, 500));
    expect(tries()).toBe(before + 1);
  });

  it.skipIf(skip)(
    "a dose late: the late reply draws Jane's DM copy again with the channel's post, only its messages with something not recorded",
    async () => {
      const alerts = h.bot.doseAlerts;
      if (!alerts) throw new Error("the bot has no dose times' job");
      // One message of Jane's copy with every pet recorded first (nothing there can turn late): it is
      // not drawn again; one with a pet still to give is.
      const sheet = await loadSheet(
        { record: store },
        (await buttonsOf(store, jane[0]?.blocks, recordAll))[0]?.state.s ?? 0,
      );
      const left = await stillToGive(jane);
      const quiet = jane.find((m, i) => {
        const here = left.filter((x) => x.message === m).length;
        const pets = sheet?.pets.filter((p) => p.message === i && p.due.length > 0).length ?? 0;
        return here > 0 && here === pets && left.some((x) => x.message !== m);
      });
      if (!quiet) throw new Error("no message of Jane's copy whose pets are all one tap");
      for (const x of left.filter((y) => y.message === quiet)) {
        await tapRecord(h, x.message.id, x.button, "U0JANE");
        await given(x.message, x.button, "Jane");
      }
      const open = left.find((x) => x.message !== quiet);
      if (!open) throw new Error("no pet left with nothing recorded on Jane's copy");
      const { message, button: b } = open;
      const post = holding(scheduled, b);
      // Drawn at 19:35, five minutes into the 19:30 round: nothing late yet.
      expect(sectionOf(current(message).blocks, b.state)).not.toContain("⏰ late");
      await new Promise((r) => setTimeout(r, 500));
      const quietBefore = updatesOf(quiet);
      try {
        at = Date.parse(`${DATE}T20:20:00Z`);
        await alerts.check();
        await h.slack.waitFor(() => sectionOf(current(post).blocks, b.state).includes("⏰ late"), 10_000);
        await h.slack.waitFor(() => sectionOf(current(message).blocks, b.state).includes("⏰ late"), 10_000);
        expect(updatesOf(quiet)).toBe(quietBefore);
      } finally {
        at = START;
      }
    },
  );
});
