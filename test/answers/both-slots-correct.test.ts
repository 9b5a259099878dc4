/**
 * One drug in two slots, both given with "Both given: I have checked" ticked by Jane, each entry's note
 * saying so: a correction of one of them (a new entry superseding it, never overwriting) asked the tick
 * again and, ticked, named whoever corrected it, so the record lost who had checked the second dose.
 * Now a correction that keeps it given, its twin still given, carries Jane's words on the new entry and
 * asks nothing; a correction to not given carries nothing. Over a real care record (SQLite).
 */
import { expect, it } from "vitest";
import { checkBothSlots } from "../../src/answers/both-slots.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { readBothTicks } from "../../src/blocks/record-form.ts";
import type { ItemKey, Outcome } from "../../src/record/types.ts";
import { BOTH_GIVEN_REFUSED } from "../../src/words/not-due.ts";
import { ALERT_DATE as DATE } from "../helpers/dose-alert-replies.ts";
import { SHEET, twoSlotScout } from "../helpers/two-slot-scout.ts";

const JANE = { userId: "U0JANE", userName: "Jane" };
const SAM = { userId: "U0SAM", userName: "Sam" };
const TICKED = readBothTicks({ "both:med:2": { both: { selected_options: [{ value: "checked" }] } } });

/** Scout's morning round kept asking both slots of one drug; both given, ticked by Jane. */
async function bothGivenByJane() {
  const b = await twoSlotScout();
  const both = (["med:1", "med:2"] as const).map((item) => ({ item, outcome: "given" as const }));
  const checked = await checkBothSlots(b.deps, SHEET, b.pet, { choices: both, ticked: TICKED }, JANE);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  await recordItems(b.deps, SHEET, b.pet, checked.choices, JANE, "k-both");
  const ids = new Map((await b.store.entries({ date: DATE })).map((e) => [e.item, e.id]));
  return { ...b, ids };
}

/** Sam's correction of medication 1 as ✏️ Record each… sends it: checked, then written superseding it. */
async function correct(
  b: Awaited<ReturnType<typeof bothGivenByJane>>,
  fix: { outcome: Outcome; note?: string; reason?: string },
  ticked: ReadonlySet<string> = new Set(),
) {
  const choices = [{ item: "med:1" as ItemKey, ...fix }];
  const recordedGiven = new Set<ItemKey>(["med:1", "med:2"]);
  const checked = await checkBothSlots(b.deps, SHEET, b.pet, { choices, ticked, recordedGiven }, SAM);
  if (!checked.ok) return checked;
  const writes = checked.choices.map((c) => ({ ...c, supersedes: b.ids.get(c.item) }));
  expect((await recordItems(b.deps, SHEET, b.pet, writes, SAM, "k-fix")).status).toBe("recorded");
  const current = (await b.store.entries({ date: DATE })).filter((e) => e.supersededBy === undefined);
  return {
    ok: true as const,
    current: current.map((e) => [e.item, e.outcome, e.userName, e.note, e.supersedes]),
  };
}

it("a correction that keeps the slot given carries who checked both, with no tick asked again", async () => {
  const b = await bothGivenByJane();
  expect(await correct(b, { outcome: "given", note: "given with food" })).toEqual({
    ok: true,
    current: [
      ["med:2", "given", "Jane", "both slots given: checked by Jane", undefined],
      ["med:1", "given", "Sam", "given with food · both slots given: checked by Jane", b.ids.get("med:1")],
    ],
  });
  await b.store.close();
});

it("ticked again anyway: still the check as it was made, by Jane, said once", async () => {
  const b = await bothGivenByJane();
  const done = await correct(b, { outcome: "given", note: "given with food" }, TICKED);
  expect(done.ok && done.current[1]?.[3]).toBe("given with food · both slots given: checked by Jane");
  await b.store.close();
});

it("a correction to not given: no note carried, nothing asked", async () => {
  const b = await bothGivenByJane();
  const done = await correct(b, { outcome: "not_given", reason: "one dose only: the owner's" });
  expect(done.ok && done.current.find((c) => c[0] === "med:1")).toEqual([
    "med:1",
    "not_given",
    "Sam",
    undefined,
    b.ids.get("med:1"),
  ]);
  await b.store.close();
});

it("a slot recorded not given, corrected to given beside its twin given: a second dose, asked as ever", async () => {
  const b = await bothGivenByJane();
  await correct(b, { outcome: "not_given", reason: "one dose only" });
  b.ids.set(
    "med:1",
    (await b.store.entries({ date: DATE })).find((e) => e.item === "med:1" && !e.supersededBy)?.id as number,
  );
  const choices = [{ item: "med:1" as ItemKey, outcome: "given" as const }];
  const form = { choices, ticked: new Set<string>(), recordedGiven: new Set<ItemKey>(["med:2"]) };
  expect(await checkBothSlots(b.deps, SHEET, b.pet, form, SAM)).toEqual({
    ok: false,
    errors: { "it:med:1": BOTH_GIVEN_REFUSED },
  });
  await b.store.close();
});
