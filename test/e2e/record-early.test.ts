/**
 * Recording early asks (issue 32, item 8): a tap more than an hour before the round's time, or for a
 * pet arriving later that day and not checked in, opens a question ("The midday round is at 12:00:
 * record it now?", "Bramble arrives 19:10 and is not checked in: record anyway?") and writes nothing
 * until it is confirmed. Through signed bodies against the real Bolt app.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadSheet } from "../../src/answers/sheets.ts";
import { recordAll } from "../../src/blocks/buttons.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import {
  type Button,
  buttonsOf,
  postConfirmedRounds,
  tapRecord,
  viewPayload,
} from "../helpers/record-slack.ts";
import { postSigned } from "../helpers/slack.ts";

let at = Date.parse("2026-11-22T09:00:00Z");
const clock = { now: () => new Date(at) };
const CHANNEL = "C0ROUNDS";
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ clock, env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off" } });
  h.slack.users.set("U0JANE", { id: "U0JANE", profile: { display_name: "Jane" } });
}, 60_000);
afterAll(() => h.close());

const rounds = (text: string) => postConfirmedRounds(h, CHANNEL, text, clock);

/** Taps "All given & eaten": the question it opens, if any. */
async function tapAll(entryId: number, p: Button) {
  const payload = await tapRecord(h, entryId, p, "U0JANE");
  await h.slack.waitFor(
    () =>
      [...h.slack.modals.values()].some((m) => m.trigger_id === payload.trigger) ||
      h.slack.responsesFor(payload.responseId).length > 0 ||
      h.slack.api.some(
        (r) =>
          r.path === "/api/chat.update" && r.body.ts === h.slack.timeline.find((m) => m.id === entryId)?.ts,
      ),
    10_000,
  );
  return [...h.slack.modals.values()].find((m) => m.trigger_id === payload.trigger);
}

it("a tap more than an hour before the round asks, and records only when confirmed", async () => {
  // The evening round, so the midday one is still to be kept for the next test (a kept round's sheet
  // is what every later /rounds reads, issue 45).
  at = Date.parse("2026-11-22T09:00:00Z");
  const [first] = await rounds("evening");
  const entry = first as NonNullable<typeof first>;
  const p = (await buttonsOf(h.record, entry.blocks, recordAll))[0] as Button;
  const modal = await tapAll(entry.id, p);
  expect(modal?.view.callback_id).toBe("rec_late");
  expect(JSON.stringify(modal?.view)).toContain(
    `The evening round is at ${h.config.rounds.times.evening}: record it now?`,
  );
  expect(await h.record.entries({ date: "2026-11-22", petId: p.state.p })).toEqual([]);
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
    payload: JSON.stringify(viewPayload(modal as NonNullable<typeof modal>, "U0JANE", {})),
  });
  expect(await h.record.entries({ date: "2026-11-22", petId: p.state.p })).toHaveLength(p.state.i.length);
});

it("a tap for a pet who arrives later that day and is not checked in asks, and records only when confirmed; within the hour, a pet here records at once", async () => {
  // Fifty minutes before the midday round (London is on UTC in November): the round is not "early".
  const [hh, mm] = h.config.rounds.times.midday.split(":").map(Number) as [number, number];
  at =
    Date.parse(`2026-11-22T${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}:00Z`) - 50 * 60_000;
  const post = await rounds("midday");
  const all: Array<{ entryId: number; b: Button }> = [];
  for (const m of post)
    for (const b of await buttonsOf(h.record, m.blocks, recordAll)) all.push({ entryId: m.id, b });
  const sheet = await loadSheet(h, (all[0] as { b: Button }).b.state.s);
  const arriving = sheet?.pets.find((p) => p.arrivesAt && Date.parse(p.arrivesAt) > at);
  if (!arriving)
    throw new Error("the sandbox has no pet arriving, not checked in, before the midday round on 22 Nov");
  const late = all.find((x) => x.b.state.p === arriving.petId) as { entryId: number; b: Button };
  const modal = await tapAll(late.entryId, late.b);
  expect(JSON.stringify(modal?.view)).toMatch(
    /🛬 .+ arrives \d\d:\d\d and is not checked in: record anyway\?/,
  );
  expect(await h.record.entries({ date: "2026-11-22", round: "midday", petId: arriving.petId })).toEqual([]);
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
    payload: JSON.stringify(viewPayload(modal as NonNullable<typeof modal>, "U0JANE", {})),
  });
  expect(await h.record.entries({ date: "2026-11-22", round: "midday", petId: arriving.petId })).toHaveLength(
    late.b.state.i.length,
  );
  // A pet who is here, within the hour before the round: one tap, no question.
  const here = all.find((x) => !sheet?.pets.find((p) => p.petId === x.b.state.p)?.arrivesAt) as {
    entryId: number;
    b: Button;
  };
  expect(await tapAll(here.entryId, here.b)).toBeUndefined();
  expect(await h.record.entries({ date: "2026-11-22", round: "midday", petId: here.b.state.p })).toHaveLength(
    here.b.state.i.length,
  );
});
