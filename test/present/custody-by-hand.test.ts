/**
 * A medicine whose dose has no amount that can be read in the counted unit is to count by hand, and
 * every surface that says so says why, in the same place, with the plan's words as written: its
 * runway (the plan's dose "half a tab" on a medicine counted in tablets) and its balance (a dose
 * given of that amount leaves it unknown): the stock (Home's view, the connector's and `kennel-desk
 * stock`'s words), the pet's medicines and card, the register's foot, the departures post's
 * hand-back and the hand-back form's head; escaped for mrkdwn in Block Kit.
 */
import { describe, expect, it } from "vitest";
import type { StayCustody } from "../../src/answers/custody.ts";
import type { HeldMedicine } from "../../src/answers/custody-stock.ts";
import { handBackHeadText, handBackMessages, stockView } from "../../src/blocks/custody.ts";
import { lineMrkdwn } from "../../src/blocks/doc.ts";
import { type DoseTaken, register } from "../../src/domain/custody.ts";
import { runway } from "../../src/domain/custody-rules.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { registerItem, stockDoc } from "../../src/present/custody.ts";
import { petMedicineLines } from "../../src/present/custody-pet.ts";
import { lineText } from "../../src/present/doc.ts";
import { docText } from "../../src/text/doc.ts";
import { balanceWords, byHandWhy, runwayShortWords } from "../../src/words/custody.ts";
import { held } from "../helpers/custody-fixtures.ts";

const TZ = "Europe/London";
const HALF = "half a tab <with food>";
const WHY = `its dose on the plan has no amount we can read: "${HALF}"`;

const item = (amount: string | undefined): PlanItem => ({
  key: "med:1",
  what: { text: `Drug0 50 mg ${amount ?? ""} twice daily`, name: "Drug0", ...(amount ? { amount } : {}) },
  when: {
    rounds: [
      { round: "morning", why: "twice daily" },
      { round: "evening", why: "twice daily" },
    ],
    days: { every: "day" },
    steps: [],
  },
  kind: { kind: "routine" },
  source: { fields: [], hash: "x" },
  readBy: "reader",
  doubts: [],
  sameDrugAs: [],
});

const stayTimes = {
  arrival: "2026-12-01T10:00:00.000Z",
  departure: "2026-12-05T10:00:00.000Z",
  timeZone: TZ,
  roundTimes: { morning: "07:30", midday: "12:00", evening: "18:00" },
};
const NOW = new Date("2026-12-02T09:00:00.000Z");

/** Drug0 held, 20 tablets left, its runway read against a plan whose dose is `amount`. */
function heldWith(amount: string | undefined): HeldMedicine {
  const h = held(0, false);
  return {
    ...h,
    runway: runway(item(amount), 20, "tablet", stayTimes, NOW, "2026-12-02"),
    today: "2026-12-02",
  };
}

/** Drug0 after a dose of the plan's "half a tab" was given: its balance unknown. */
function afterDose(): HeldMedicine {
  const h = held(0, false);
  const dose: DoseTaken = {
    id: 11,
    seq: 11,
    kind: "round",
    date: "2026-12-01",
    round: "evening",
    outcome: "given",
    amount: undefined,
    amountText: HALF,
    by: "Jane",
    at: "2026-12-01T18:05:00.000Z",
  };
  const lines = register([h.medicine.first], [dose], [], []);
  return { ...h, medicine: { ...h.medicine, lines, balance: undefined }, today: "2026-12-02" };
}

describe("count by hand, with why", () => {
  it("the words: the plan's amount as written; one in another unit; none at all", () => {
    expect(byHandWhy(HALF, "tablet")).toBe(WHY);
    expect(byHandWhy("5 ml", "tablet")).toBe('its dose on the plan is "5 ml", not counted in tablets');
    expect(byHandWhy(undefined, "tablet")).toBe("its dose on the plan has no amount");
    const r = runway(item(HALF), 20, "tablet", stayTimes, NOW, "2026-12-02");
    expect(r).toEqual({ status: "count_by_hand", dose: { amount: HALF, unit: "tablet" } });
    expect(runwayShortWords(r)).toBe(`count by hand (${WHY})`);
    // The balance to count by hand says why; known, or with no register to say, as before.
    expect(balanceWords(undefined, "tablet", afterDose().medicine.lines)).toBe(`count by hand (${WHY})`);
    expect(balanceWords(undefined, "tablet")).toBe("count by hand");
    expect(balanceWords(9, "tablet")).toBe("≈ 9 tablets left");
  });

  it("the stock, in the terminal and the connector's words and in Block Kit, escaped", () => {
    for (const h of [heldWith(HALF), afterDose()]) {
      const stock = { today: "2026-12-02", held: [h], unread: [] };
      const printed = docText(stockDoc(stock, TZ), { color: false, timezone: TZ, thisYear: "2026" });
      expect(printed).toContain(`count by hand (${WHY})`);
      const blocks = JSON.stringify(stockView(() => "sealed", stock, TZ).blocks);
      expect(blocks).toContain("half a tab &lt;with food&gt;");
      expect(blocks).not.toContain("<with food>");
    }
  });

  it("the pet's card, the register's foot, the hand-back: its post and its form", () => {
    for (const h of [heldWith(HALF), afterDose()]) {
      const stay = { bookingId: 100, petId: 200, medicines: [h.medicine] } as StayCustody;
      const card = petMedicineLines(stay, [h]).map(lineText).join("\n");
      expect(card).toContain(`count by hand (${WHY})`);
      expect(petMedicineLines(stay, [h]).map(lineMrkdwn).join("\n")).toContain("&lt;with food&gt;");
    }
    const h = afterDose();
    const foot = registerItem(h.medicine, h.medicine.lines, TZ);
    expect(foot.kind === "item" && lineText(foot.lines.at(-1) ?? [])).toBe(`count by hand (${WHY}) held now`);
    // The hand-back form's head: the record's balance, escaped (its words are mrkdwn).
    expect(handBackHeadText(h.medicine)).toContain(
      'The record\'s balance: count by hand (its dose on the plan has no amount we can read: "half a tab &lt;with food&gt;"). Count what is handed back.',
    );
    // The departures post's reply: what to hand back, with its balance.
    const back = handBackMessages(
      [{ bookingId: 100, petId: 200, petName: "Pet0", medicines: [h.medicine] }],
      "2026-12-02",
    );
    const said = JSON.stringify(back);
    expect(said).toContain("Drug0 50 mg: count by hand (its dose on the plan has no amount we can read:");
    expect(said).toContain("half a tab &lt;with food&gt;");
  });
});
