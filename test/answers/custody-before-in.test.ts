/**
 * A dose given before its medicine was counted in (the paper chart's morning dose, entered after the
 * count-in; or one written in the same minute as the count-in, before it) is a line of the register
 * that moves nothing ("before it was counted in: not from this stock"), so an inspector can reconcile
 * the stay's record with the register; never left out silently. Over the sandbox's loopback HTTP and
 * a real SQLite care record.
 */
import { expect, it } from "vitest";
import { stayCustodyOf } from "../../src/answers/custody.ts";
import { countIn } from "../../src/answers/custody-write.ts";
import { enterFromPaper } from "../../src/answers/paper-enter.ts";
import { countInStart } from "../../src/domain/custody-rules.ts";
import { registerLine } from "../../src/present/custody.ts";
import { lineText } from "../../src/present/doc.ts";
import { CUSTODY_DAY as DATE, medicatedMorning, useCustodyDay } from "./custody-day.ts";

let now = Date.parse(`${DATE}T07:00:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });
it("a dose given before its medicine was counted in is in the register, not against the balance, the same minute said so", async () => {
  const { deps } = house;
  const { sheet, pets } = await medicatedMorning(
    house,
    2,
    (i, pet) => pet.due.some((d) => d.item === i.key) && countInStart(i).secondPerson === false,
  );
  const words: string[] = [];
  for (const [n, one] of pets.entries()) {
    if (!one) continue;
    now = Date.parse(`${DATE}T13:04:37Z`);
    const counted = await countIn(deps, {
      bookingId: one.pet.bookingId,
      petId: one.pet.petId,
      item: one.item.key,
      label: "Tablets",
      unit: "tablet",
      quantity: 12,
      ownerNameChecked: true,
      storage: "room",
      controlled: false,
      by: { userId: "U0JANE", userName: "Jane" },
      requestKey: `k-before-in-${n}`,
    });
    expect(counted.status).toBe("recorded");
    now = Date.parse(`${DATE}T13:10:00Z`);
    // The paper says given at 07:30 (long before) for one, refused at 13:04 (the minute of the count) for the other.
    const cell = n === 0 ? { mark: "given" as const, time: "07:30" } : { mark: "R" as const, time: "13:04" };
    const entered = await enterFromPaper(
      deps,
      sheet,
      one.pet,
      [{ item: one.item.key, ...cell, by: "JD" }],
      { userId: "U0SAM", userName: "Sam Lee" },
      `cli:paper:before:${n}`,
    );
    expect(entered.status).toBe("recorded");
    const stay = await stayCustodyOf(deps, one.pet.bookingId, one.pet.petId);
    const medicine = stay.medicines.at(-1);
    if (!medicine) throw new Error("the medicine counted in is not in the stay's custody");
    // Listed, so the stay's record and the register reconcile; the balance is the count's.
    expect(medicine.balance).toBe(12);
    const doses = medicine.lines.filter((l) => l.kind === "dose");
    expect(doses).toHaveLength(1);
    words.push(...doses.map((l) => lineText(registerLine(l, medicine, deps.config.timezone))));
  }
  expect(words[0]).toContain(
    "given (morning) before it was counted in: not from this stock · not against the balance",
  );
  expect(words[1]).toContain("in the minute it was counted in, before it: not from this stock");
});
