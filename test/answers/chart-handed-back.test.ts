/**
 * The chart on paper of a medicine handed back (a fresh try: after the hand-back, the chart printed
 * the next days' cells blank to give and sign, with no word that the kennel holds none): over the
 * sandbox and a real SQLite care record on an injected clock, the row stays (the plan still asks the
 * dose) and says to whom and when it was handed back, and to ask the vet or the owner before giving;
 * tomorrow's round, shown for reference, says the kennel holds none as today's post does.
 */
import { expect, it } from "vitest";
import { chartOf } from "../../src/answers/chart.ts";
import { handBack } from "../../src/answers/custody-write.ts";
import { askedRoundPost } from "../../src/digest/round-post.ts";
import { chartDoc } from "../../src/present/chart.ts";
import { docText } from "../../src/text/doc.ts";
import { addDays } from "../../src/time.ts";
import { chartOptions, PLAIN_TEXT } from "../helpers/chart.ts";
import { countedPhenobarbital, CUSTODY_DAY as DATE, useCustodyDay } from "./custody-day.ts";

let now = Date.parse(`${DATE}T07:30:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });
const JANE = { userId: "U0JANE", userName: "Jane" };

it("a medicine handed back says so on its chart row, which stays with its cells", async () => {
  const { deps } = house;
  const { one, custody } = await countedPhenobarbital(house, "c-in");
  const chart = async () => {
    const c = await chartOf(deps, { from: DATE, days: 2, petId: one.pet.petId });
    return { c, text: docText(chartDoc(c, chartOptions(DATE)), PLAIN_TEXT) };
  };
  const WORDS =
    "handed back Mon 23 Nov to Mr Pugh: the kennel holds none: ask the vet or the owner before giving";
  expect((await chart()).text).not.toContain(WORDS);
  now = Date.parse(`${DATE}T07:35:00Z`);
  const handed = await handBack(deps, { custodyId: custody.id, quantity: 30, to: "Mr Pugh", by: JANE });
  expect(handed.status).toBe("recorded");
  const { c, text } = await chart();
  expect(text).toContain(WORDS);
  // The row stays, with its cells: the plan still asks the dose.
  const pet = c.pets.find((p) => p.petId === one.pet.petId);
  expect(pet?.rows.find((r) => r.item === one.item.key)?.handedBack).toEqual({ to: "Mr Pugh", date: DATE });
  expect(Object.keys(pet?.cells ?? {}).some((k) => k.endsWith(`|${one.item.key}`))).toBe(true);
  // Tomorrow's rounds, for reference: the medicine handed back says so where it is due, as today's post does.
  const tomorrow = await Promise.all(
    (["morning", "midday", "evening"] as const).map((r) => askedRoundPost(deps, r, addDays(DATE, 1))),
  );
  expect(JSON.stringify(tomorrow)).toContain(
    "Phenobarbital 60 mg: handed back to Mr Pugh on Mon 23 Nov: the kennel holds none",
  );
});
