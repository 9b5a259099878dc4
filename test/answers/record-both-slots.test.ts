/**
 * One drug in two slots ("Owner's own Metacam 1.5ml" in medication 1, "Kennel stock Metacam 1.5ml" in
 * medication 2), its plan's "one dose or two?" not answered: ✏️ Record each… accepted "given" on both
 * in one submission with no question, and the record held two NSAID doses. Now both given are refused
 * at the second slot's field unless "Both given: I have checked" is ticked; ticked, both are written and
 * each entry says who checked. The "ask before giving both" hint is never on a slot recorded, nor on its
 * twin. Over a real care record (SQLite): the round kept as the bot keeps it, entries as a form writes them.
 */
import { expect, it } from "vitest";
import { checkBothSlots } from "../../src/answers/both-slots.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { petDay } from "../../src/answers/record-tap.ts";
import { readBothTicks } from "../../src/blocks/record-form.ts";
import { recordModal } from "../../src/blocks/record-modal.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import { BOTH_GIVEN_REFUSED, TWO_SLOTS_ASK } from "../../src/words/not-due.ts";
import { ALERT_DATE as DATE, janeEntry } from "../helpers/dose-alert-replies.ts";
import { OWN, SCOUT, SHEET, twoSlotScout } from "../helpers/two-slot-scout.ts";

const JANE = { userId: "U0JANE", userName: "Jane" };

const OWN_GIVEN = { item: "med:1" as const, outcome: "given" as const, reason: undefined };
const bothGiven = [
  OWN_GIVEN,
  { item: "med:2" as const, outcome: "given" as const, reason: undefined, note: "from the kennel's stock" },
];

it("both slots given on one form, no tick: refused at the second slot's field, nothing written", async () => {
  const { store, deps, pet } = await twoSlotScout();
  const checked = await checkBothSlots(deps, SHEET, pet, { choices: bothGiven, ticked: new Set() }, JANE);
  expect(checked).toEqual({ ok: false, errors: { "it:med:2": BOTH_GIVEN_REFUSED } });
  expect(BOTH_GIVEN_REFUSED).toContain("its care plan does not say one dose or two");
  expect(BOTH_GIVEN_REFUSED).toContain("“Both given: I have checked”");
  expect(await store.entries({ date: DATE })).toEqual([]);
  await store.close();
});

it("both given with the tick: both written, each entry saying who checked", async () => {
  const { store, deps, pet } = await twoSlotScout();
  const ticked = readBothTicks({ "both:med:2": { both: { selected_options: [{ value: "checked" }] } } });
  const checked = await checkBothSlots(deps, SHEET, pet, { choices: bothGiven, ticked }, JANE);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const result = await recordItems(deps, SHEET, pet, checked.choices, JANE, "k-both");
  expect(result.status).toBe("recorded");
  const notes = (await store.entries({ date: DATE })).map((e) => [e.item, e.outcome, e.note]);
  expect(notes).toEqual([
    ["med:1", "given", "both slots given: checked by Jane"],
    ["med:2", "given", "from the kennel's stock · both slots given: checked by Jane"],
  ]);
  await store.close();
});

it("one slot recorded given earlier, its twin given on a later form: asked the same, at the twin's field", async () => {
  const { store, deps, pet } = await twoSlotScout();
  const twin = [{ item: "med:2" as const, outcome: "given" as const, reason: undefined }];
  const later = { choices: twin, ticked: new Set<string>(), recordedGiven: new Set(["med:1" as const]) };
  expect(await checkBothSlots(deps, SHEET, pet, later, JANE)).toEqual({
    ok: false,
    errors: { "it:med:2": BOTH_GIVEN_REFUSED },
  });
  // Ticked: written, its note saying who checked.
  const ticked = readBothTicks({ "both:med:2": { both: { selected_options: [{ value: "checked" }] } } });
  const ok = await checkBothSlots(deps, SHEET, pet, { ...later, ticked }, JANE);
  expect(ok).toMatchObject({
    ok: true,
    choices: [{ item: "med:2", note: "both slots given: checked by Jane" }],
  });
  // The first slot changed to not given on the same form: one dose, nothing asked.
  const undone = [{ item: "med:1" as const, outcome: "not_given" as const, reason: "one dose" }, ...twin];
  expect((await checkBothSlots(deps, SHEET, pet, { ...later, choices: undone }, JANE)).ok).toBe(true);
  await store.close();
});

it("one slot given and the other not: as ever, no tick asked and no words added", async () => {
  const { store, deps, pet } = await twoSlotScout();
  const one = [OWN_GIVEN, { item: "med:2" as const, outcome: "not_given" as const, reason: "one dose" }];
  expect(await checkBothSlots(deps, SHEET, pet, { choices: one, ticked: new Set() }, JANE)).toEqual({
    ok: true,
    choices: one,
  });
  await store.close();
});

it("the form offers the tick once, after the pair's second slot", async () => {
  const { store, deps, pet } = await twoSlotScout();
  const day = await petDay(deps, SHEET, pet);
  expect(day?.pairs).toEqual([["med:1", "med:2"]]);
  const meta = { s: 1, b: 100, p: 200, c: "C1", t: "1.1", cur: [] };
  const clock = { time: "08:20", timezone: "Europe/London", settled: day?.settled, pairs: day?.pairs };
  const view = recordModal("sealed", meta, SHEET, pet, [], clock);
  const ids = view.blocks.map((b) => (b as { block_id?: string }).block_id).filter(Boolean);
  expect(ids.filter((id) => id?.startsWith("both:"))).toEqual(["both:med:2"]);
  expect(ids.indexOf("both:med:2")).toBeGreaterThan(ids.indexOf("it:med:2"));
  await store.close();
});

it("one slot recorded: the hint is on neither; its twin says to record it only if a second dose is given", async () => {
  const { store, deps, pet } = await twoSlotScout();
  await store.record([janeEntry(SCOUT, "morning", "med:1", OWN, "k-one")]);
  const current = new Map([["med:1", { outcome: "given" as const }]]);
  const day = await petDay(deps, SHEET, pet);
  const [own, stock] = recordFormItems(pet, current, undefined, day?.settled);
  expect(own?.hint).not.toContain(TWO_SLOTS_ASK);
  expect(stock?.hint).not.toContain(TWO_SLOTS_ASK);
  expect(stock?.hint).toContain("record it here only if a second dose is given");
  await store.close();
});
