/**
 * A dose recorded given after all of its medicine was handed back (a fresh try: a controlled drug
 * handed back to its owner, then "given" with nothing asked, and no surface said so): over the
 * sandbox and a real SQLite care record on an injected clock, a tap on the round asks first, as the
 * discard-by check does ("handed back to Mr Pugh …: the kennel holds none"); recorded anyway, the
 * dose is kept (never refused) and flagged on the register, the stock and Home until it is corrected.
 */
import { expect, it } from "vitest";
import { stayCustodyOf } from "../../src/answers/custody.ts";
import { drugRegister, stockNow } from "../../src/answers/custody-stock.ts";
import { handBack } from "../../src/answers/custody-write.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { drugRegisterDoc } from "../../src/present/custody.ts";
import { medicinesHomeLines } from "../../src/present/custody-post.ts";
import { lineText } from "../../src/present/doc.ts";
import { docText } from "../../src/text/doc.ts";
import { countedPhenobarbital, CUSTODY_DAY as DATE, useCustodyDay } from "./custody-day.ts";

let now = Date.parse(`${DATE}T07:30:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });
const JANE = { userId: "U0JANE", userName: "Jane" };

it("a dose of a medicine handed back asks first; recorded given, it is kept and flagged until corrected", async () => {
  const { deps, store } = house;
  const tz = deps.config.timezone;
  const { sheet, one, custody } = await countedPhenobarbital(house, "b-in");
  now = Date.parse(`${DATE}T07:35:00Z`);
  const handed = await handBack(deps, { custodyId: custody.id, quantity: 30, to: "Mr Pugh", by: JANE });
  expect(handed.status).toBe("recorded");

  // A tap asks first (one tap opens the form with the words), as the discard-by check does.
  now = Date.parse(`${DATE}T07:40:00Z`);
  const asked = await tapAsks(deps, { sheet, pet: one.pet, day: "today" }, "all");
  expect(asked.ask).toEqual({
    kind: "discard",
    words: expect.stringContaining("Phenobarbital 60 mg: handed back to Mr Pugh on Mon 23 Nov"),
  });
  expect(JSON.stringify(asked.ask)).toContain("the kennel holds none");

  // Recorded given all the same: kept, and flagged.
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
  const given = await store.record([{ ...entry, outcome: "given", requestKey: "b-given" }]);
  if (given.status !== "recorded") throw new Error("the dose was not recorded");
  const m = (await stayCustodyOf(deps, one.pet.bookingId, one.pet.petId)).medicines[0];
  expect(m?.givenNoneHeld?.map((d) => d.id)).toEqual([given.entries[0]?.id]);
  const FLAG = "after it was handed back: the kennel held none";
  const register = docText(drugRegisterDoc(await drugRegister(deps, "phenobarbital"), tz), {
    color: false,
    timezone: tz,
    thisYear: "2026",
  });
  expect(register).toContain(FLAG);
  const home = () => stockNow(deps).then((s) => medicinesHomeLines(s, tz).map(lineText).join("\n"));
  expect(await home()).toContain(`⚠️ given (morning) Mon 23 Nov 2026, 07:40 by Jane ${FLAG}`);

  // Corrected (it was not given after all): the flag is gone.
  now = Date.parse(`${DATE}T07:45:00Z`);
  await store.record([
    {
      ...entry,
      outcome: "not_given",
      reasonCode: "other",
      reason: "none left: it went home",
      supersedes: given.entries[0]?.id as number,
      requestKey: "b-fix",
    },
  ]);
  expect(await home()).not.toContain(FLAG);
});
