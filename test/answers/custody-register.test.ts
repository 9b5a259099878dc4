/**
 * A medicine's register never rewrites its past (a fresh try found a dose corrected after a count
 * dropped from the register, the count's "−2 against the balance" read "−3" there and "−2" on
 * Home): over the sandbox and a real SQLite care record on an injected clock, a dose given, a count
 * short of its balance, then the dose corrected to "not given: asleep". The dose stays a line,
 * struck through, with what corrected it and when; the count keeps the balance it was counted
 * against, and says beside it what the correction makes it, in the same words on the register, the
 * stock (Home's, the connector's, `kennel-desk stock`'s), the medicines view and the export. And a
 * medicine handed back is not "not counted in"; a refill counts in the whole.
 */
import { expect, it } from "vitest";
import { stayCustodyOf } from "../../src/answers/custody.ts";
import { drugRegister, petMedicines, stockNow } from "../../src/answers/custody-stock.ts";
import { countIn, countMedicine, handBack } from "../../src/answers/custody-write.ts";
import { countInStart, medicineLabel } from "../../src/domain/custody-rules.ts";
import { amountIn, amountWords, type CountUnit, quantityWords } from "../../src/domain/custody-units.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { drugRegisterDoc, medicineHead, openDiscrepancyLines, stockDoc } from "../../src/present/custody.ts";
import { custodyRecordRows } from "../../src/present/custody-export.ts";
import { petMedicinesDoc } from "../../src/present/custody-pet.ts";
import { medicinesHomeLines } from "../../src/present/custody-post.ts";
import { type Doc, type Line, lineText } from "../../src/present/doc.ts";
import { docText } from "../../src/text/doc.ts";
import { reasonWords } from "../../src/words/doses.ts";
import { CUSTODY_DAY as DATE, medicatedMorning, useCustodyDay } from "./custody-day.ts";

let now = Date.parse(`${DATE}T07:00:00Z`);
const at = (time: string) => {
  now = Date.parse(`${DATE}T${time}:00Z`);
};
const house = useCustodyDay({ now: () => new Date(now) });
const JANE = { userId: "U0JANE", userName: "Jane" };
const TOM = { userId: "U0TOM", userName: "Tom" };
const text = (lines: Line[]) => lines.map(lineText).join("\n");
const printed = (doc: Doc) =>
  docText(doc, { color: false, timezone: house.deps.config.timezone, thisYear: "2026" });

/** The unit a plan's medicine is counted in. */
const unitOf = (i: PlanItem): CountUnit => countInStart(i).unit ?? "tablet";

/** A medicine counted in tablets whose plan's dose is read in tablets: its balance is kept. */
const inTablets = (i: PlanItem) => unitOf(i) === "tablet" && amountIn(i.what.amount, "tablet") !== undefined;

/**
 * Three pets, each with a medicine of its round that one person counts in (no pen or vial): the first
 * returned counted in tablets, its dose read in tablets.
 */
async function threePets() {
  let tablets = false;
  let others = 0;
  const { pets } = await medicatedMorning(house, 3, (i, pet) => {
    if (!pet.due.some((d) => d.item === i.key) || countInStart(i).secondPerson) return false;
    if (unitOf(i) === "pen" || unitOf(i) === "vial") return false;
    if (!tablets && inTablets(i)) tablets = true;
    else if (others < 2) others++;
    else return false;
    return true;
  });
  const first = pets.find((p) => inTablets(p.item));
  if (!first) throw new Error("the sandbox's morning round has no medicine in tablets");
  const [back, refill] = pets.filter((p) => p !== first);
  if (!back || !refill) throw new Error("the sandbox's morning round has too few medicated pets");
  return { one: first, back, refill };
}
type Pet = Awaited<ReturnType<typeof threePets>>["one"];

/** The morning's round and its pets, once for the file's tests. */
let chosen: ReturnType<typeof threePets> | undefined;
const petsOfDay = () => {
  chosen ??= threePets();
  return chosen;
};

async function countedIn(one: Pet, quantity: number, key: string) {
  const r = await countIn(house.deps, {
    bookingId: one.pet.bookingId,
    petId: one.pet.petId,
    item: one.item.key,
    label: "Apoquel 16mg",
    unit: unitOf(one.item),
    quantity,
    ownerNameChecked: true,
    storage: "room",
    controlled: false,
    by: JANE,
    requestKey: key,
  });
  if (r.status !== "recorded") throw new Error(`not counted in: ${JSON.stringify(r)}`);
  return r.value;
}

it("a dose corrected after a count stays in the register, struck, and the count keeps its figures on every surface", async () => {
  const { deps, store } = house;
  const tz = deps.config.timezone;
  const { one } = await petsOfDay();
  const medicine = await countedIn(one, 60, "k-in");
  // The plan's dose in its counted unit (1 tablet in the fresh try's words).
  const u = unitOf(one.item);
  const a = amountIn(one.item.what.amount, u) as number;
  const n = (x: number) => amountWords(x, u);
  // 07:40: the morning's dose given (−a: 60 − a).
  at("07:40");
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
  const given = await store.record([{ ...entry, outcome: "given", requestKey: "k-given" }]);
  if (given.status !== "recorded") throw new Error("the dose was not recorded");
  const givenId = given.entries[0]?.id as number;
  // 13:03: counted 2 short of the balance (−2), explained.
  at("13:03");
  const counted = await countMedicine(deps, {
    custodyId: medicine.id,
    counted: 58 - a,
    by: TOM,
    reason: "not_known_yet",
    note: "looking into it",
    requestKey: "k-count",
  });
  expect(counted.status).toBe("recorded");
  // 13:05: Jane corrects the 07:40 dose: not given, asleep.
  at("13:05");
  await store.record([
    {
      ...entry,
      outcome: "not_given",
      reasonCode: "asleep",
      reason: "asleep",
      supersedes: givenId,
      requestKey: "k-fix",
    },
  ]);
  at("14:00");

  const stay = await stayCustodyOf(deps, one.pet.bookingId, one.pet.petId);
  const m = stay.medicines[0];
  if (!m) throw new Error("the medicine is not in the stay's custody");
  // The register keeps the dose, struck, and the count's figures as recorded then.
  expect(m.lines.map((l) => l.kind)).toEqual(["in", "dose", "count"]);
  const SINCE = `a correction since (13:05, Jane: 07:40 not given: ${reasonWords("asleep")}) makes the balance ${n(60)}: this count is ${n(a + 2)} short of it`;
  const THEN = `balance ≈ ${n(60 - a)} then (−${n(2)} against the balance)`;
  const register = printed(drugRegisterDoc(await drugRegister(deps, "apoquel"), tz));
  expect(register).toContain(`given (morning) −${n(a)} · balance ${quantityWords(60 - a)}`);
  expect(register).toContain(`superseded: corrected 13:05 by Jane: not given: ${reasonWords("asleep")}`);
  expect(register).toContain(THEN);
  expect(register).toContain(SINCE);
  expect(register).not.toContain(`−${n(a + 2)} against the balance`);
  expect(m.balance).toBe(58 - a);
  // Every other surface says the same figures.
  const open = text(openDiscrepancyLines(m, tz));
  expect(open).toContain(`counted ${n(58 - a)}, ${THEN}`);
  expect(open).toContain(SINCE);
  const stock = await stockNow(deps);
  const stockText = printed(stockDoc(stock, tz));
  expect(stockText).toContain(THEN);
  expect(stockText).toContain(SINCE);
  expect(text(medicinesHomeLines(stock, tz))).toContain(SINCE);
  const view = await petMedicines(deps, one.pet.bookingId, one.pet.petId);
  expect(printed(petMedicinesDoc(view.stay, view.held, { petName: one.pet.name, timezone: tz }))).toContain(
    SINCE,
  );
  const rows = custodyRecordRows([m], tz).filter((r) => r.outcome === "counted");
  expect(rows.map((r) => r.itemText).join("\n")).toContain(SINCE);
});

it("a medicine handed back says so in the pet's medicines view, never that it was not counted in", async () => {
  const { deps } = house;
  const tz = deps.config.timezone;
  const { back } = await petsOfDay();
  const held = await countedIn(back, 20, "k-in-back");
  // 17 of the 20 held: why it differs is said (a hand-back is counted as a count is).
  const handed = await handBack(deps, {
    custodyId: held.id,
    quantity: 17,
    to: "Mrs Owner",
    by: JANE,
    reason: "owner_brought_or_took",
    note: "the owner took 3 at drop-off",
  });
  expect(handed.status).toBe("recorded");
  const backView = await petMedicines(deps, back.pet.bookingId, back.pet.petId);
  const backText = printed(
    petMedicinesDoc(backView.stay, backView.held, { petName: back.pet.name, timezone: tz }),
  );
  expect(backText).toContain(`handed back ${amountWords(17, unitOf(back.item))}`);
  expect(backText).not.toContain(`${medicineLabel(back.item)}: not counted in`);
});

it("a refill counts in the whole: 60, then 30 more, is 90 counted in", async () => {
  const { deps } = house;
  const { refill } = await petsOfDay();
  await countedIn(refill, 60, "k-in-refill");
  await countedIn(refill, 30, "k-in-refill-2");
  const refilled = (await stayCustodyOf(deps, refill.pet.bookingId, refill.pet.petId)).medicines[0];
  if (!refilled) throw new Error("the refilled medicine is not in the stay's custody");
  expect(lineText(medicineHead(refilled))).toContain(
    `counted in ${amountWords(90, unitOf(refill.item))} (60 + 30 more)`,
  );
});
