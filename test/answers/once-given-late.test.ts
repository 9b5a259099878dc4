/**
 * A dose its confirmed plan gives at one round a day, given today at another round, is said wherever
 * the dose is asked again, not only on its round post and form (test/answers/once-given.test.ts): a
 * carer's fresh try found the evening "⏰ late: Biscuit Apoquel 16 mg" reply and the Home tab silent,
 * and an evening ✏️ Record each… opened before the morning's dose was late-entered (so it said nothing)
 * recorded a second dose when submitted after it. Now the late or missed reply (posted, and drawn
 * again when the morning's entry comes) and Home say it beside the dose; the form submitted after the
 * entry is refused at the dose's field, nothing written, unless "Given again: I have checked" is ticked
 * (on the form from the start, the morning round having asked it too); ticked, it is written and its
 * note says who checked. A drug its plan gives at two rounds says nothing. Real loopback HTTP to the
 * sandbox and a real SQLite record.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { checkGivenAgain } from "../../src/answers/given-again.ts";
import { roundDoses } from "../../src/answers/obligations.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { latestSheet, petOf, type Sheet, type SheetPet } from "../../src/answers/sheets.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { readAgainTicks } from "../../src/blocks/record-form.ts";
import { DoseAlertEditor, firstDrawing } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert, recordPosted } from "../../src/digest/dose-alert-records.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import type { DigestSlack } from "../../src/digest/slack.ts";
import type { Round } from "../../src/domain/care.ts";
import { alertsAt } from "../../src/domain/dose-alerts.ts";
import { todayText } from "../../src/text/house.ts";
import { localDate, zonedInstant } from "../../src/time.ts";
import { GIVEN_AGAIN_TICK } from "../../src/words/not-due.ts";
import { APOQUEL, apoquelDay, DAY, type PetRef, TZ } from "../helpers/apoquel-day.ts";

const SAYS =
  "☑️ given today at the morning round by Jane 08:00 — its plan gives it once a day: check before giving it again";
const SAM = { userId: "U0SAM", userName: "Sam" };
const day = apoquelDay();
const { depsAt } = day;
let once: PetRef | undefined;
let twice: PetRef | undefined;
/** What the evening form of each pet offered, opened at 18:05 (before the morning's entry). */
const opened = new Map<string, Awaited<ReturnType<typeof tapAsks>>>();
/** The evening's late or missed reply, posted before the morning's entry, as Slack holds it. */
const slackText = new Map<string, string>();
let replyTs = "";

const key = (p: PetRef) => `${p.bookingId}-${p.petId}`;

/** The pet on the round's kept sheet. */
async function onSheet(hhmm: string, round: Round, p: PetRef): Promise<{ sheet: Sheet; pet: SheetPet }> {
  const sheet = await latestSheet(depsAt(hhmm), DAY, round);
  const pet = sheet && petOf(sheet, p.bookingId, p.petId);
  if (!sheet || !pet) throw new Error(`the pet is not on the ${round} sheet`);
  return { sheet, pet };
}

/** The evening's late or missed reply naming both pets' Apoquel at 20:30, claimed and posted. */
async function postEveningReply(): Promise<void> {
  const deps = depsAt("20:30");
  const at = deps.clock.now().toISOString();
  const doses = await roundDoses(deps, "evening", DAY);
  const alerts = alertsAt(DAY, "evening", doses, at, { today: DAY, localDate: (i) => localDate(i, TZ) });
  const names = (p: PetRef) => (d: { petId: number; bookingId: number; due: { item: string } }) =>
    d.petId === p.petId && d.bookingId === p.bookingId && d.due.item === "med:5";
  const alert = alerts.find(
    (a) => a.kind !== "nudge" && a.doses.some(names(once as PetRef)) && a.doses.some(names(twice as PetRef)),
  );
  if (!alert) throw new Error("no late or missed evening reply names both pets' Apoquel");
  const { claim } = await claimAlert(day.store(), alert, 1, at);
  const { messages } = await firstDrawing(deps, claim, DAY, Promise.resolve(undefined));
  replyTs = "1795400001.000100";
  slackText.set(replyTs, JSON.stringify(messages[0]));
  await recordPosted(day.store(), alert, { attempt: 1, channel: "C0ROUNDS", ts: replyTs });
}

/** The morning's Apoquel late-entered by Jane at 21:00, given at 08:00. */
async function morningGiven(p: PetRef): Promise<void> {
  const { sheet, pet } = await onSheet("21:00", "morning", p);
  const givenAt = zonedInstant(DAY, "08:00", TZ).toISOString();
  const write = { item: "med:5" as const, outcome: "given" as const, givenAt };
  const jane = { userId: "U0JANE", userName: "Jane" };
  const r = await recordItems(depsAt("21:00"), sheet, pet, [write], jane, `am-${p.petId}`);
  if (r.status !== "recorded") throw new Error(`the morning dose was not recorded: ${r.status}`);
}

beforeAll(async () => {
  const found = await day.start(2);
  [once, twice] = found;
  if (!once || !twice) throw new Error("no two pets on the morning sheet with Apoquel due from its words");
  await day.confirm(once, ["evening"]);
  await day.confirm(twice, ["morning", "evening"]);
  await prepareRoundPost(depsAt("18:00"), "evening", DAY);
  // 18:05: each pet's evening ✏️ Record each… opened, the morning's dose not entered yet.
  for (const p of [once, twice]) {
    const { sheet: evening, pet } = await onSheet("18:05", "evening", p);
    opened.set(key(p), await tapAsks(depsAt("18:05"), { sheet: evening, pet, day: "today" }, "each"));
  }
  await postEveningReply();
  await morningGiven(once);
  await morningGiven(twice);
}, 120_000);

afterAll(day.close);

it("the evening's late or missed reply, drawn again when the morning's entry comes, and Home say it beside the dose", async () => {
  const line = `${APOQUEL} (${SAYS})`;
  // Posted at 20:30, before the morning's entry: nothing to say then.
  expect(slackText.get(replyTs)).toContain("Apoquel 16 mg");
  expect(slackText.get(replyTs)).not.toContain("its plan gives it once a day");
  // 21:00: the morning's entry redraws the evening's reply (another round's) with the words beside the dose.
  const slack = {
    post: async () => "1795400099.000100",
    update: async (_c: string, ts: string, m: unknown) => void slackText.set(ts, JSON.stringify(m)),
    replies: async () => [],
  } as unknown as DigestSlack;
  await new DoseAlertEditor(depsAt("21:01"), slack).changed(DAY, "morning");
  const redrawn = slackText.get(replyTs) ?? "";
  expect(redrawn).toContain(line);
  // Only once: the twice-a-day pet's Apoquel says nothing (its line is the same dose, words apart).
  expect(redrawn.split("its plan gives it once a day").length - 1).toBe(1);
  // Home names the late or missed dose with the same words; the twice-a-day one without.
  const today = await todayOverview(depsAt("21:02"));
  const named = today.record?.doses?.named ?? [];
  // The terminal's today (every dose named) says it on the dose's line, once.
  const text = todayText(today, { color: false, timezone: TZ, thisYear: "2026" });
  expect(text.split(SAYS).length - 1).toBe(1);
  const of = (p: PetRef) =>
    named.find((d) => d.pet === key(p) && d.item === "med:5" && d.round === "evening");
  expect(of(once as PetRef)).toMatchObject({ state: expect.stringMatching(/late|missed/), onceGiven: SAYS });
  expect(of(twice as PetRef)?.state).toMatch(/late|missed/);
  expect(of(twice as PetRef)?.onceGiven).toBeUndefined();
}, 90_000);

it("a form opened before the morning's entry, submitted after: refused at the dose's field, nothing written; ticked, written with who checked", async () => {
  const p = once as PetRef;
  const { sheet, pet } = await onSheet("21:05", "evening", p);
  const asks = opened.get(key(p));
  // The form said nothing of it when opened, and offered the tick from the start (the morning asked it too).
  expect(asks?.settled?.get("med:5") ?? "").not.toContain("once a day");
  expect(asks?.again).toEqual(["med:5"]);
  const choices = [{ item: "med:5" as const, outcome: "given" as const, reason: undefined }];
  const unticked = readAgainTicks({ "again:med:5": { again: { selected_options: [] } } });
  const deps = depsAt("21:05");
  const refused = await checkGivenAgain(deps, sheet, pet, { choices, ...unticked }, SAM);
  expect(refused.ok).toBe(false);
  const words = refused.ok ? "" : (refused.errors["it:med:5"] ?? "");
  expect(words.startsWith(`${SAYS}. Not recorded.`)).toBe(true);
  expect(words).toContain(`tick “${GIVEN_AGAIN_TICK}” below`);
  expect(
    await day.store().entries({ date: DAY, round: "evening", bookingId: p.bookingId, petId: p.petId }),
  ).toEqual([]);
  // A form with no tick for it (one opened before its tick was offered) says to open it again.
  const none = await checkGivenAgain(deps, sheet, pet, { choices, ...readAgainTicks({}) }, SAM);
  expect(none.ok ? "" : none.errors["it:med:5"]).toContain("open ✏️ Record each… again");
  // Ticked: written, its note saying who checked.
  const ticked = readAgainTicks({ "again:med:5": { again: { selected_options: [{ value: "checked" }] } } });
  const ok = await checkGivenAgain(deps, sheet, pet, { choices, ...ticked }, SAM);
  if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
  const done = await recordEach(deps, sheet, pet, { writes: ok.choices, ifNeeded: [] }, SAM, "pm-once");
  expect(done.status).toBe("done");
  const entries = await day.store().entries({
    date: DAY,
    round: "evening",
    bookingId: p.bookingId,
    petId: p.petId,
  });
  expect(entries.map((e) => [e.item, e.outcome, e.note])).toEqual([
    ["med:5", "given", "given again today: checked by Sam"],
  ]);
}, 90_000);

it("a drug its plan gives at two rounds, given at the morning's: the evening form records it with no tick", async () => {
  const p = twice as PetRef;
  const { sheet, pet } = await onSheet("21:10", "evening", p);
  expect(opened.get(key(p))?.again ?? []).toEqual([]);
  const choices = [{ item: "med:5" as const, outcome: "given" as const, reason: undefined }];
  expect(await checkGivenAgain(depsAt("21:10"), sheet, pet, { choices, ...readAgainTicks({}) }, SAM)).toEqual(
    {
      ok: true,
      choices,
    },
  );
}, 90_000);
