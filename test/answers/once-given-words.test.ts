/**
 * A dose owed once a day by its words (no time given, plan not confirmed), given at another round
 * today, is guarded as one its confirmed plan gives once a day (test/answers/once-given-late.test.ts):
 * a carer's fresh try found Scout's Apoquel, late-entered given at the morning round (08:00), then
 * recorded "given" on the evening ✏️ Record each… with no tick, though its hint said "record it here
 * only if it is given again"; the sheet said "✅ Apoquel 16 mg given 18:04 Jane", and nothing flagged a
 * second dose. Now the form offers "Given again: I have checked" (its label saying the plan is not
 * confirmed), refuses without it (nothing written), and writes it ticked with who checked; the one tap
 * is refused too. What is due is not changed. A pet whose morning dose was not given records its
 * evening one with no tick. Real loopback HTTP to the sandbox and a real SQLite record.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { checkGivenAgain } from "../../src/answers/given-again.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { latestSheet, petOf, type Sheet, type SheetPet } from "../../src/answers/sheets.ts";
import { readAgainTicks } from "../../src/blocks/record-form.ts";
import { againTick } from "../../src/blocks/record-items.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import type { Round } from "../../src/domain/care.ts";
import { zonedInstant } from "../../src/time.ts";
import { GIVEN_AGAIN_TICK, GIVEN_AGAIN_WORDS_LABEL } from "../../src/words/not-due.ts";
import { apoquelDay, DAY, type PetRef, TZ } from "../helpers/apoquel-day.ts";

const SAYS =
  "☑️ given today at the morning round by Jane 08:00 — owed once a day by its words (no time given, plan not confirmed): check before giving it again";
const SAM = { userId: "U0SAM", userName: "Sam" };
const day = apoquelDay();
const { depsAt } = day;
let given: PetRef | undefined;
let notGiven: PetRef | undefined;

/** The pet on the round's kept sheet. */
async function onSheet(hhmm: string, round: Round, p: PetRef): Promise<{ sheet: Sheet; pet: SheetPet }> {
  const sheet = await latestSheet(depsAt(hhmm), DAY, round);
  const pet = sheet && petOf(sheet, p.bookingId, p.petId);
  if (!sheet || !pet) throw new Error(`the pet is not on the ${round} sheet`);
  return { sheet, pet };
}

beforeAll(async () => {
  const found = await day.start(2);
  [given, notGiven] = found;
  if (!given || !notGiven)
    throw new Error("no two pets on the morning sheet with Apoquel due from its words");
  // 12:20: Jane late-enters the first pet's morning Apoquel, given at 08:00.
  const { sheet, pet } = await onSheet("12:20", "morning", given);
  const givenAt = zonedInstant(DAY, "08:00", TZ).toISOString();
  const write = { item: "med:5" as const, outcome: "given" as const, givenAt };
  const jane = { userId: "U0JANE", userName: "Jane" };
  const r = await recordItems(depsAt("12:20"), sheet, pet, [write], jane, `am-${given.petId}`);
  if (r.status !== "recorded") throw new Error(`the morning dose was not recorded: ${r.status}`);
  await prepareRoundPost(depsAt("18:00"), "evening", DAY);
}, 120_000);

afterAll(day.close);

it("given at the morning round: the evening form offers the tick, refuses without it, writes it ticked; the one tap is refused", async () => {
  const p = given as PetRef;
  const { sheet, pet } = await onSheet("18:04", "evening", p);
  // Still due at the evening round from its words, as the round kept it.
  expect(pet.due.find((d) => d.item === "med:5")?.unconfirmed).toBe(true);
  const asks = await tapAsks(depsAt("18:04"), { sheet, pet, day: "today" }, "each");
  // The hint says it is settled (as before), and the form offers the tick, its label saying why.
  expect(asks.settled?.get("med:5")).toContain("owed once a day by its words");
  expect(asks.again).toEqual(["med:5"]);
  expect(JSON.stringify(againTick("med:5", asks.again, true))).toContain(GIVEN_AGAIN_WORDS_LABEL);
  // Given, no tick: refused at the dose's field, nothing written.
  const choices = [{ item: "med:5" as const, outcome: "given" as const, reason: undefined }];
  const unticked = readAgainTicks({ "again:med:5": { again: { selected_options: [] } } });
  const deps = depsAt("18:04");
  const refused = await checkGivenAgain(deps, sheet, pet, { choices, ...unticked }, SAM);
  expect(refused.ok).toBe(false);
  const words = refused.ok ? "" : (refused.errors["it:med:5"] ?? "");
  expect(words.startsWith(`${SAYS}. Not recorded.`)).toBe(true);
  expect(words).toContain(`tick “${GIVEN_AGAIN_TICK}” below`);
  const evening = { date: DAY, round: "evening" as const, bookingId: p.bookingId, petId: p.petId };
  expect(await day.store().entries(evening)).toEqual([]);
  // The one tap would record it again: refused (Record each… only).
  const tap = await tapAsks(depsAt("18:04"), { sheet, pet, day: "today" }, "all");
  expect(tap.onceGiven).toBe(true);
  // Ticked: written, its note saying who checked.
  const ticked = readAgainTicks({ "again:med:5": { again: { selected_options: [{ value: "checked" }] } } });
  const ok = await checkGivenAgain(deps, sheet, pet, { choices, ...ticked }, SAM);
  if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
  const done = await recordEach(deps, sheet, pet, { writes: ok.choices, ifNeeded: [] }, SAM, "pm-words");
  expect(done.status).toBe("done");
  expect((await day.store().entries(evening)).map((e) => [e.item, e.outcome, e.note])).toEqual([
    ["med:5", "given", "given again today: checked by Sam"],
  ]);
}, 90_000);

it("not given at the morning round: the evening form records it with no tick", async () => {
  const p = notGiven as PetRef;
  const { sheet, pet } = await onSheet("18:06", "evening", p);
  const choices = [{ item: "med:5" as const, outcome: "given" as const, reason: undefined }];
  expect(await checkGivenAgain(depsAt("18:06"), sheet, pet, { choices, ...readAgainTicks({}) }, SAM)).toEqual(
    {
      ok: true,
      choices,
    },
  );
  const tap = await tapAsks(depsAt("18:06"), { sheet, pet, day: "today" }, "all");
  expect(tap.onceGiven).toBe(false);
}, 90_000);
