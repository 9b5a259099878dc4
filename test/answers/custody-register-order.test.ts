/**
 * A dose corrected to "given" after it was "not given" is a new dose at its own time (a fresh try
 * found it placed at the first entry's time, before the count and the hand-back recorded between
 * them, and that count re-judged "1 tablet short"): over the sandbox and a real SQLite care record on
 * an injected clock. And a dose's outcome corrected (given, then refused) is the same dose: it keeps
 * its place, before a count that followed it.
 */
import { expect, it } from "vitest";
import { stayCustodyOf } from "../../src/answers/custody.ts";
import { countIn, countMedicine, handBack } from "../../src/answers/custody-write.ts";
import { countInStart } from "../../src/domain/custody-rules.ts";
import { amountIn, type CountUnit } from "../../src/domain/custody-units.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { CUSTODY_DAY as DATE, medicatedMorning, useCustodyDay } from "./custody-day.ts";

let now = Date.parse(`${DATE}T07:00:00Z`);
const at = (time: string) => {
  now = Date.parse(`${DATE}T${time}Z`);
};
const house = useCustodyDay({ now: () => new Date(now) });
const JANE = { userId: "U0JANE", userName: "Jane" };
const TOM = { userId: "U0TOM", userName: "Tom" };
const unitOf = (i: PlanItem): CountUnit => countInStart(i).unit ?? "tablet";
const inTablets = (i: PlanItem) => unitOf(i) === "tablet" && amountIn(i.what.amount, "tablet") !== undefined;

async function onePet() {
  let found = false;
  const { pets } = await medicatedMorning(house, 1, (i, pet) => {
    if (found || !pet.due.some((d) => d.item === i.key) || countInStart(i).secondPerson) return false;
    found = inTablets(i);
    return found;
  });
  const pet = pets[0];
  if (!pet) throw new Error("the sandbox's morning round has no medicine in tablets");
  return pet;
}

it("a dose given again after it was corrected to not given sits at its own time, after the count and the hand-back", async () => {
  const { deps, store } = house;
  const one = await onePet();
  const a = amountIn(one.item.what.amount, unitOf(one.item)) as number;
  const m = await countIn(deps, {
    bookingId: one.pet.bookingId,
    petId: one.pet.petId,
    item: one.item.key,
    label: "Phenobarbital 60 mg",
    unit: unitOf(one.item),
    quantity: 30,
    ownerNameChecked: true,
    storage: "room",
    controlled: false,
    by: JANE,
    requestKey: "o-in",
  });
  if (m.status !== "recorded") throw new Error("not counted in");
  const entry = {
    date: DATE,
    round: "morning" as const,
    bookingId: one.pet.bookingId,
    petId: one.pet.petId,
    petName: one.pet.name,
    item: one.item.key,
    itemText: one.item.what.text,
    userId: JANE.userId,
    userName: JANE.userName,
  };
  const chain = async (time: string, fields: Record<string, unknown>, supersedes?: number) => {
    at(time);
    const r = await store.record([
      {
        ...entry,
        outcome: "given" as const,
        ...fields,
        ...(supersedes ? { supersedes } : {}),
        requestKey: `o-${time}`,
      },
    ]);
    if (r.status !== "recorded") throw new Error(`not recorded at ${time}`);
    return r.entries[0]?.id as number;
  };
  // 13:00 given, 13:00:20 corrected to refused (the same dose), 13:00:40 to not given: asleep.
  const given = await chain("13:00:00", {});
  const refused = await chain("13:00:20", { outcome: "refused", reason: "spat it out" }, given);
  const asleep = await chain(
    "13:00:40",
    { outcome: "not_given", reasonCode: "asleep", reason: "asleep" },
    refused,
  );
  // 13:02 counted 28 (−2, explained); 13:04 20 handed back (−8, explained).
  at("13:02:00");
  const c = await countMedicine(deps, {
    custodyId: m.value.id,
    counted: 28,
    by: TOM,
    reason: "not_known_yet",
    note: "looking into it",
    requestKey: "o-count",
  });
  expect(c.status).toBe("recorded");
  at("13:04:00");
  const h = await handBack(deps, {
    custodyId: m.value.id,
    quantity: 20,
    to: "Mr Pugh",
    by: JANE,
    reason: "not_known_yet",
    note: "owner asked",
  });
  expect(h.status).toBe("recorded");
  // 13:06 given after all: a new dose, after the hand-back.
  await chain("13:06:00", {}, asleep);
  at("14:00:00");
  const held = (await stayCustodyOf(deps, one.pet.bookingId, one.pet.petId)).medicines[0];
  if (!held) throw new Error("no medicine");
  const order = held.lines.map(
    (l) => `${l.kind}${l.kind === "dose" ? `:${l.dose.outcome}` : ""}@${l.at.slice(11, 16)}`,
  );
  expect(order).toEqual([
    "in@07:00",
    "dose:given@13:00",
    "dose:refused@13:00",
    "count@13:02",
    "count@13:04",
    "out@13:04",
    "dose:given@13:06",
  ]);
  const count = held.lines.find((l) => l.kind === "count");
  // (the hand-back short of its balance is counted too, at 13:04)
  // The count was counted against 30 and stays so: nothing since re-judges it.
  expect(count && count.kind === "count" ? count.since : "no count").toBeUndefined();
  expect(held.balance).toBe(-a);
});
