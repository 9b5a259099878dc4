/**
 * A round sheet's medicines last as the pet's card says (issue 49), over the sandbox's loopback HTTP
 * and a real SQLite care record on an injected clock: a supply that lasts the stay says "lasts the
 * stay" on both, counted to the booking's check-out (the sheet's as its round kept it); and a supply
 * short says the dose it runs out at, dated ("runs out Thu 28 Jan, evening dose"), never a weekday alone.
 */
import { describe, expect, it } from "vitest";
import { sheetCustody } from "../../src/answers/custody-sheet.ts";
import { petMedicines } from "../../src/answers/custody-stock.ts";
import { countIn } from "../../src/answers/custody-write.ts";
import { owedRound } from "../../src/answers/obligations.ts";
import { countInStart } from "../../src/domain/custody-rules.ts";
import { petMedicineLines, sheetMedicineLines } from "../../src/present/custody-pet.ts";
import { lineText } from "../../src/present/doc.ts";
import { runwayShortWords } from "../../src/words/custody.ts";
import { CUSTODY_DAY as DATE, medicatedMorning, useCustodyDay } from "./custody-day.ts";

const now = Date.parse(`${DATE}T07:40:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });

describe("the sheet's runway", () => {
  it("says what the pet's card says: a supply lasting the stay 'lasts the stay', not a weekday weeks ahead", async () => {
    const { deps } = house;
    const { pets } = await medicatedMorning(house, 1, (i) => {
      const s = countInStart(i);
      return s.unit === "tablet" && !s.secondPerson && i.kind.kind !== "as_needed";
    });
    const [p] = pets;
    if (!p) throw new Error("no medicated pet");
    const r = await countIn(deps, {
      bookingId: p.pet.bookingId,
      petId: p.pet.petId,
      item: p.item.key,
      label: "Apoquel 16mg",
      unit: "tablet",
      quantity: 57,
      ownerNameChecked: true,
      storage: "room",
      controlled: false,
      by: { userId: "U0JANE", userName: "Jane" },
      requestKey: "k-runway",
    });
    expect(r.status).toBe("recorded");
    const card = await petMedicines(deps, p.pet.bookingId, p.pet.petId);
    const cardLine = petMedicineLines(card.stay, card.held).map(lineText).join("\n");
    expect(cardLine).toContain("lasts the stay");
    // The stay's check-out as the round kept it: no kennel API call at each redraw.
    const sheet = await sheetCustody(deps, [{ ...p.pet, due: p.pet.due }], owedRound(deps, DATE, "morning"));
    const sheetLine = sheetMedicineLines(sheet.get(`${p.pet.bookingId}-${p.pet.petId}`))
      .map(lineText)
      .join("\n");
    expect(sheetLine).toBe(cardLine);
  });

  it("a supply short is said as the dose it runs out at, dated, near or weeks ahead", () => {
    const short = (runsOut: string) =>
      ({
        status: "short",
        lastsTo: undefined,
        runsOut,
        runsOutAt: "evening",
        goesHome: undefined,
        daysShort: 1,
        dosesShort: 1,
      }) as const;
    expect(runwayShortWords(short("2027-01-28"))).toBe("runs out Thu 28 Jan, evening dose");
    expect(runwayShortWords(short("2026-12-08"))).toBe("runs out Tue 8 Dec, evening dose");
  });
});
