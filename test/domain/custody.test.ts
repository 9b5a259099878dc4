import { describe, expect, it } from "vitest";
import {
  balanceOf,
  type DoseTaken,
  type MedicineCount,
  type MedicineIn,
  type MedicineOut,
  register,
  secondPersonProblem,
  takenFromPack,
} from "../../src/domain/custody.ts";
import {
  countDue,
  defaultDiscardDays,
  discardBy,
  handoverCountDue,
  isControlled,
  lastDoseDue,
  runway,
} from "../../src/domain/custody-rules.ts";
import {
  amountIn,
  balanceUnit,
  inBalanceUnit,
  quantityWords,
  readAmount,
} from "../../src/domain/custody-units.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { runsOutWords, runwayShortWords } from "../../src/words/custody.ts";
import { TRAMADOL_PACK } from "../helpers/custody-fixtures.ts";

describe("a plan's amount in the counted unit", () => {
  it.each([
    ["½ tab", "tablet", 0.5],
    ["1/2 tab", "tablet", 0.5],
    ["1 1/2 tablets", "tablet", 1.5],
    ["1½ tabs", "tablet", 1.5],
    ["one and a half tablets", "tablet", 1.5],
    ["2 x 50mg tabs", "tablet", 2],
    ["1.5ml", "ml", 1.5],
    ["1,5 ml", "ml", 1.5],
    ["6iu", "iu", 6],
    ["6 units", "iu", 6],
    ["4 IU", "iu", 4],
    ["2 drops", "drop", 2],
    ["1 sachet", "sachet", 1],
    ["1 capsule", "capsule", 1],
  ] as const)("%s of %s is %d", (amount, unit, n) => {
    expect(amountIn(amount, unit)).toBe(n);
  });

  it.each([
    ["1 tab", "ml"],
    ["1.5 ml", "tablet"],
    ["1 capsule", "tablet"],
    ["1-2 tabs", "tablet"],
    ["some", "tablet"],
    [undefined, "tablet"],
    ["2 mg", "tablet"],
  ] as const)("%s of %s cannot be matched: count by hand, never a guess", (amount, unit) => {
    expect(amountIn(amount, unit)).toBeUndefined();
  });

  it("a pen counted with what it holds keeps its balance in that unit", () => {
    expect(balanceUnit("pen", { amount: 300, unit: "iu" })).toBe("iu");
    expect(inBalanceUnit(2, "pen", { amount: 300, unit: "iu" })).toBe(600);
    expect(balanceUnit("pen", undefined)).toBe("pen");
    expect(readAmount("6iu")).toEqual({ n: 6, unit: "iu" });
    expect(quantityWords(27.5)).toBe("27½");
  });
});

const who = { userId: "U1", userName: "Jane" };
const tom = { userId: "U2", userName: "Tom" };
const medIn = (o: Partial<MedicineIn> = {}): MedicineIn => ({
  id: 1,
  seq: 1,
  date: "2026-11-23",
  bookingId: 9,
  petId: 7,
  item: "med:1",
  ...TRAMADOL_PACK,
  highAlert: true,
  by: who,
  witness: tom,
  recordedAt: "2026-11-23T07:00:00.000Z",
  ...o,
});
const dose = (o: Partial<DoseTaken>): DoseTaken => ({
  id: 10,
  seq: 10,
  kind: "round",
  date: "2026-11-23",
  round: "morning",
  outcome: "given",
  amount: 1,
  by: "Jane",
  at: "2026-11-23T07:30:00.000Z",
  ...o,
});

describe("the register", () => {
  it("counted in → given → refused → vomited → not given → counted → handed back, the balance after each", () => {
    const doses = [
      dose({ id: 10, seq: 10 }),
      dose({ id: 11, seq: 11, outcome: "refused", reasonCode: "refused", at: "2026-11-23T17:00:00.000Z" }),
      dose({ id: 12, seq: 12, outcome: "not_given", reasonCode: "vomited", at: "2026-11-24T07:30:00.000Z" }),
      dose({
        id: 13,
        seq: 13,
        outcome: "not_given",
        reasonCode: "none_left",
        at: "2026-11-24T17:00:00.000Z",
      }),
      dose({ id: 14, seq: 14, amount: 0.5, at: "2026-11-25T07:30:00.000Z" }),
    ];
    const count: MedicineCount = {
      id: 20,
      seq: 20,
      date: "2026-11-25",
      custodyId: 1,
      counted: 24,
      expected: 24.5,
      by: who,
      witness: tom,
      reason: "miscount",
      note: "half tab in the pot",
      at: "2026-11-25T09:00:00.000Z",
    };
    const out: MedicineOut = {
      id: 30,
      seq: 30,
      date: "2026-11-26",
      custodyId: 1,
      quantity: 24,
      to: "Mrs Smith",
      by: who,
      witness: tom,
      at: "2026-11-26T10:00:00.000Z",
    };
    const lines = register([medIn()], doses, [count], [out]);
    expect(lines.map((l) => [l.kind, l.balance])).toEqual([
      ["in", 28],
      ["dose", 27],
      ["dose", 26],
      ["dose", 25],
      ["dose", 24.5],
      ["count", 24],
      ["out", 0],
    ]);
    const c = lines.find((l) => l.kind === "count");
    expect(c?.kind === "count" && c.difference).toBe(-0.5);
    expect(balanceOf(lines)).toBe(0);
    expect(takenFromPack({ outcome: "not_given", reasonCode: "asleep" })).toBe(false);
  });

  it("a dose whose amount cannot be matched leaves the balance to count by hand until the next count", () => {
    const lines = register(
      [medIn()],
      [dose({ amount: undefined }), dose({ id: 11, seq: 11, at: "2026-11-23T17:00:00.000Z" })],
      [
        {
          id: 20,
          seq: 20,
          date: "2026-11-24",
          custodyId: 1,
          counted: 26,
          by: who,
          witness: tom,
          at: "2026-11-24T09:00:00.000Z",
        },
      ],
      [],
    );
    expect(lines.map((l) => l.balance)).toEqual([28, undefined, undefined, 26]);
    const c = lines[3];
    expect(c?.kind === "count" && c.difference).toBeUndefined();
  });

  it("a second, different person for a controlled or high-alert medicine", () => {
    expect(secondPersonProblem({ controlled: true, highAlert: false }, who, undefined)).toBe("missing");
    expect(
      secondPersonProblem({ controlled: false, highAlert: true }, who, { userId: "U1", userName: "Jane" }),
    ).toBe("same");
    expect(secondPersonProblem({ controlled: true, highAlert: true }, who, tom)).toBeUndefined();
    expect(secondPersonProblem({ controlled: false, highAlert: false }, who, undefined)).toBeUndefined();
  });
});

const item = (o: Partial<PlanItem> = {}): PlanItem => ({
  key: "med:1",
  what: { text: "Caninsulin 6iu twice daily with food", name: "Caninsulin", amount: "6iu" },
  when: {
    rounds: [
      { round: "morning", why: "twice daily" },
      { round: "evening", why: "twice daily" },
    ],
    days: { every: "day" },
    steps: [],
  },
  kind: { kind: "routine" },
  highAlert: { class: "insulin", word: "Caninsulin" },
  source: { fields: [], hash: "x" },
  readBy: "reader",
  doubts: [],
  sameDrugAs: [],
  ...o,
});
const stay = (departure: string | undefined) => ({
  arrival: "2026-11-28T10:00:00.000Z",
  departure,
  timeZone: "Europe/London",
  roundTimes: { morning: "07:30", midday: "12:00", evening: "18:00" },
});

describe("runway", () => {
  const now = new Date("2026-11-29T09:00:00.000Z"); // Sun, after the morning round
  it("a supply that will not last to check-out: the day it runs out and the days short", () => {
    // 12 iu a day, 30 iu held: Sun evening (6), Mon (12), Tue (12) = 30, Wed short; home Sat 5 Dec morning.
    const r = runway(item(), 30, "iu", stay("2026-12-05T10:00:00.000Z"), now, "2026-11-29");
    expect(r).toEqual({
      status: "short",
      lastsTo: "2026-12-01",
      runsOut: "2026-12-02",
      runsOutAt: "morning",
      goesHome: "2026-12-05",
      daysShort: 4,
      dosesShort: 7,
    });
  });
  it("every other day: one dose short is said as that dose, dated, the same beside the balance and in the post", () => {
    const now = new Date("2026-12-02T09:00:00.000Z"); // Wed, after the morning round
    const furosemide = item({
      what: { text: "Furosemide 20mg 1 tab every other day", name: "Furosemide", amount: "1 tab" },
      when: {
        rounds: [{ round: "morning", why: "every other day" }],
        days: { every: "n_days", n: 2, from: "2026-12-02" },
        steps: [],
      },
      highAlert: undefined,
    });
    // 1 tablet: Fri 4 Dec's morning dose; Sun 6 Dec's is short; home Mon 7 Dec.
    const r = runway(furosemide, 1, "tablet", stay("2026-12-07T10:00:00.000Z"), now, "2026-12-02");
    if (r.status !== "short") throw new Error(`not short: ${JSON.stringify(r)}`);
    expect(r).toMatchObject({ runsOut: "2026-12-06", runsOutAt: "morning", dosesShort: 1 });
    expect(runwayShortWords(r)).toBe("runs out Sun 6 Dec, morning dose");
    expect(runsOutWords("Bramble", "Furosemide", r)).toBe(
      "Bramble's Furosemide runs out Sun 6 Dec, morning dose; Bramble goes home Mon 7 Dec: call the owner (1 dose short)",
    );
  });
  it("enough to go home; count by hand when the amount cannot be matched; nothing ahead for as-needed", () => {
    expect(runway(item(), 300, "iu", stay("2026-12-05T10:00:00.000Z"), now, "2026-11-29").status).toBe(
      "enough",
    );
    expect(runway(item(), 300, "ml", stay("2026-12-05T10:00:00.000Z"), now, "2026-11-29").status).toBe(
      "count_by_hand",
    );
    expect(runway(item(), undefined, "iu", stay(undefined), now, "2026-11-29").status).toBe("count_by_hand");
    expect(
      runway(item({ kind: { kind: "as_needed" } }), 3, "iu", stay(undefined), now, "2026-11-29").status,
    ).toBe("not_scheduled");
  });
});

describe("a dose in mg read against the strength counted in", () => {
  const pheno = item({
    what: { text: "Phenobarbital 60 mg, twice daily", name: "Phenobarbital", strength: "60 mg" },
    highAlert: { class: "anticonvulsant", word: "Phenobarbital" },
  });
  const reading = (strength: string) => ({ strength, words: pheno.what.text });
  it("60 mg of 60 mg tablets is one tablet; of 30 mg two; 15 mg a quarter; only when the words say one mass", () => {
    expect(amountIn(undefined, "tablet", reading("60 mg"))).toBe(1);
    expect(amountIn(undefined, "tablet", reading("Phenobarbital 30mg"))).toBe(2);
    expect(amountIn("15 mg", "tablet", reading("60 mg"))).toBe(0.25);
    expect(amountIn("Phenobarbital 60 mg", "capsule", reading("60 mg"))).toBe(1);
    // Not sure: no strength, a concentration, a part no one splits, a capsule halved, two masses.
    expect(amountIn(undefined, "tablet", reading("small tablets"))).toBeUndefined();
    expect(amountIn("20 mg", "ml", reading("50 mg/ml"))).toBeUndefined();
    expect(amountIn("10 mg", "tablet", reading("25 mg"))).toBeUndefined();
    expect(amountIn("30 mg", "capsule", reading("60 mg"))).toBeUndefined();
    expect(
      amountIn(undefined, "tablet", { strength: "60 mg", words: "Pheno 60 mg tabs, 30 mg BID" }),
    ).toBeUndefined();
    // A dose in tablets is read in tablets, whatever the strength says.
    expect(amountIn("1 tab", "tablet", reading("60 mg"))).toBe(1);
  });
  it("straight after counting in, before any dose: it lasts by the plan, not 'count by hand'", () => {
    const now = new Date("2026-12-02T09:00:00.000Z");
    const r = runway(
      pheno,
      30,
      "tablet",
      stay("2026-12-05T10:00:00.000Z"),
      now,
      "2026-12-02",
      reading("60 mg"),
    );
    expect(r).toEqual({ status: "enough", lastsTo: undefined });
    // Its strength not known: count by hand, saying why.
    const unknown = runway(
      pheno,
      30,
      "tablet",
      stay("2026-12-05T10:00:00.000Z"),
      now,
      "2026-12-02",
      reading("?"),
    );
    expect(runwayShortWords(unknown)).toBe(
      "count by hand (its dose on the plan is 60 mg, and the strength of each tablet counted in is not known)",
    );
    const odd = runway(
      pheno,
      30,
      "tablet",
      stay("2026-12-05T10:00:00.000Z"),
      now,
      "2026-12-02",
      reading("25 mg"),
    );
    expect(runwayShortWords(odd)).toBe(
      "count by hand (its dose on the plan is 60 mg: not a whole number of 25 mg tablets, nor a half or a quarter of one)",
    );
  });
});

describe("doses still due (handing a medicine back)", () => {
  it("the last day of the stay a dose is due after now; none for as-needed or an open stay", () => {
    const now = new Date("2026-12-02T09:00:00.000Z");
    // Twice daily to check-out Sat 5 Dec at 10:00: the morning's 07:30 dose that day is the last.
    expect(lastDoseDue(item(), stay("2026-12-05T10:00:00.000Z"), now, "2026-12-02")).toBe("2026-12-05");
    // Check-out at 07:00, before the morning round: the Friday's evening dose is the last.
    expect(lastDoseDue(item(), stay("2026-12-05T07:00:00.000Z"), now, "2026-12-02")).toBe("2026-12-04");
    expect(
      lastDoseDue(item({ kind: { kind: "as_needed" } }), stay("2026-12-05T10:00:00.000Z"), now, "2026-12-02"),
    ).toBeUndefined();
    expect(lastDoseDue(item(), stay(undefined), now, "2026-12-02")).toBeUndefined();
  });
});

describe("discard-by, counts due, controlled", () => {
  it("opened on + its days, or the expiry when earlier; common days offered", () => {
    expect(discardBy({ openedOn: "2026-11-16", discardDays: 28 })).toBe("2026-12-14");
    expect(discardBy({ openedOn: "2026-11-16", discardDays: 28, expiry: "2026-12-01" })).toBe("2026-12-01");
    expect(discardBy({})).toBeUndefined();
    expect(defaultDiscardDays("Caninsulin", "vial", true)).toBe(42);
    expect(defaultDiscardDays("ProZinc", "pen", true)).toBe(28);
    expect(defaultDiscardDays("Rimadyl", "tablet", false)).toBeUndefined();
  });
  it("a controlled drug's count is due MEDICINE_COUNT_EVERY days after its last, overdue from then", () => {
    expect(countDue("2026-11-20", 7, "2026-11-26")).toEqual({ due: "2026-11-27", overdue: false, days: 0 });
    expect(countDue("2026-11-20", 7, "2026-11-29")).toEqual({ due: "2026-11-27", overdue: true, days: 2 });
  });
  it("at each handover the kennel sets (MEDICINE_COUNT_AT): the last one passed with no count since is overdue", () => {
    const zone = "Europe/London";
    const at = (iso: string) => new Date(iso);
    const handovers = ["07:30", "19:30"];
    // No handovers set: nothing due by handover (the days' rule alone).
    expect(handoverCountDue("2026-11-28T08:00:00Z", [], at("2026-11-29T12:00:00Z"), zone)).toBeUndefined();
    // Counted at 08:00 yesterday; yesterday's 19:30 handover passed without a count: overdue, naming it.
    expect(handoverCountDue("2026-11-28T08:00:00Z", handovers, at("2026-11-29T06:00:00Z"), zone)).toEqual({
      due: "2026-11-28",
      at: "19:30",
      overdue: true,
      days: 1,
    });
    // Counted at 19:35 yesterday (after that handover): nothing due before today's 07:30.
    expect(
      handoverCountDue("2026-11-28T19:35:00Z", handovers, at("2026-11-29T07:00:00Z"), zone),
    ).toBeUndefined();
    // Today's 07:30 passed since: overdue again, today's.
    expect(handoverCountDue("2026-11-28T19:35:00Z", handovers, at("2026-11-29T07:31:00Z"), zone)).toEqual({
      due: "2026-11-29",
      at: "07:30",
      overdue: true,
      days: 0,
    });
    // In the kennel's own zone: 07:30 in New York is 12:30 UTC.
    expect(
      handoverCountDue("2026-11-29T11:00:00Z", ["07:30"], at("2026-11-29T12:00:00Z"), "America/New_York"),
    ).toBeUndefined();
    expect(
      handoverCountDue("2026-11-29T11:00:00Z", ["07:30"], at("2026-11-29T12:31:00Z"), "America/New_York"),
    ).toMatchObject({ due: "2026-11-29", at: "07:30" });
  });
  it("controlled: the plan's class, and phenobarbital's names", () => {
    expect(
      isControlled({ highAlert: { class: "controlled", word: "tramadol" }, what: { text: "Tramadol 50mg" } }),
    ).toBe(true);
    expect(
      isControlled({
        highAlert: { class: "anticonvulsant", word: "Epiphen" },
        what: { text: "Epiphen 60mg BID" },
      }),
    ).toBe(true);
    expect(
      isControlled({ highAlert: { class: "insulin", word: "Caninsulin" }, what: { text: "Caninsulin 6iu" } }),
    ).toBe(false);
  });
});
