import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  careOf,
  dietFor,
  type Medication,
  medicationsFor,
  ROUNDS,
  type Round,
} from "../../src/domain/care.ts";
import { dueItems } from "../../src/domain/record.ts";
import { onceADay, onceADayRound, roundsNamed } from "../../src/domain/round-words.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { roundText } from "../../src/text/index.ts";
import { roundMedicationRow } from "../../src/words/care.ts";
import { booking, PLAIN, pet, roundOf } from "../text/fixtures.ts";

describe("the round words", () => {
  it.each([
    ["Rimadyl 50 mg: half a tablet with breakfast", { morning: "breakfast" }],
    ["Calmex: one capsule at bedtime", { evening: "bedtime" }],
    ["One capsule with lunch", { midday: "lunch" }],
    ["Apoquel: one tablet twice daily", { morning: "twice daily", evening: "twice daily" }],
    ["Clavaseptin: one tablet BID with food", { morning: "BID", evening: "BID" }],
    [
      "Cefalexin: one capsule every 8 hours",
      { morning: "every 8 hours", midday: "every 8 hours", evening: "every 8 hours" },
    ],
    ["Eye drops TID", { morning: "TID", midday: "TID", evening: "TID" }],
    ["One drop every 12 hours", { morning: "every 12 hours", evening: "every 12 hours" }],
    ["No food after 6pm", { evening: "6pm" }],
    ["Give at 7am and 12:30", { morning: "7am" }],
    ["One tablet with dinner (or tea)", { evening: "dinner" }],
    [
      "Strict bed rest; one tablet with each meal",
      { morning: "each meal", midday: "each meal", evening: "each meal" },
    ],
    ["One capsule before bed", { evening: "before bed" }],
    ["Metacam: 1.25 ml on food", {}],
    ["Pro-Kolin paste: 2 ml until stools are firm", {}],
    ["", {}],
  ])("%j names %j", (text, named) => {
    expect(roundsNamed(text)).toEqual(named);
  });

  it("a time written as a clock time names its round", () => {
    expect(roundsNamed("at 12:30")).toEqual({ midday: "12:30" });
    expect(roundsNamed("at 18:00")).toEqual({ evening: "18:00" });
  });

  it.each([
    ["Felimazole 2.5 mg: one tablet once daily", "once daily"],
    ["Cardisure: one tablet daily, an hour before food", "daily"],
    ["Thyroxine SID", "SID"],
    ["One tablet every 24 hours", "every 24 hours"],
    ["One tablet once a day with dinner", "once a day"],
    ["One tablet twice daily", undefined],
    ["Daily, every 8 hours", undefined],
    ["One tablet every other day", undefined],
    ["One tablet with each meal, daily", undefined],
    ["One tablet", undefined],
  ])("%j is once a day: %j", (text, words) => {
    expect(onceADay(text)).toBe(words);
  });

  it("a once-a-day instruction's round: the one its words name, else the morning", () => {
    expect(onceADayRound("one tablet once daily")).toBe("morning");
    expect(onceADayRound("one capsule once daily at bedtime")).toBe("evening");
    expect(onceADayRound("once a day with lunch")).toBe("midday");
    // "Bed rest" is not bedtime.
    expect(onceADayRound("strict bed rest; one tablet once daily")).toBe("morning");
  });
});

const rows = (pet: Pet, round: Round) =>
  medicationsFor(careOf(pet).medications, round).map((m) => roundMedicationRow(m, round));

describe("medication on the sheets, by the instruction's words", () => {
  it("Juniper's Rimadyl: the breakfast dose written in the instruction is on the morning sheet, in full", () => {
    const juniper: Pet = {
      medication:
        "Rimadyl 50 mg: half a tablet with breakfast, hidden in a small piece of cheese; she spits it out if she sees it",
      medicationPm: "Half a tablet with dinner, hidden in cheese as in the morning",
    };
    expect(rows(juniper, "morning")).toEqual([
      "Rimadyl 50 mg · instruction: Rimadyl 50 mg: half a tablet with breakfast, hidden in a small piece of cheese; she spits it out if she sees it · later: evening: Half a tablet with dinner, hidden in cheese as in the morning",
    ]);
    expect(rows(juniper, "midday")).toEqual([
      "Rimadyl 50 mg · nothing this round (given at the evening round)",
    ]);
  });

  it("an instruction whose words name a round is on that round's sheet even without a field for it", () => {
    const gaba: Pet = {
      medication: "Gabapentin 100 mg: one capsule with breakfast, lunch and dinner",
      medicationPm: "One capsule with dinner",
    };
    const [midday] = medicationsFor(careOf(gaba).medications, "midday");
    expect(midday).toMatchObject({ state: "named", due: true, words: "lunch" });
    expect(rows(gaba, "midday")).toEqual([
      'Gabapentin 100 mg · instruction (its words "lunch" put it on this round): Gabapentin 100 mg: one capsule with breakfast, lunch and dinner',
    ]);
    const bedtime: Pet = { medication: "Calmex: one capsule at bedtime" };
    expect(medicationsFor(careOf(bedtime).medications, "evening")[0]).toMatchObject({ state: "named" });
    // In the other rounds the line stays, with the instruction, and says where it is given: not due there.
    expect(medicationsFor(careOf(bedtime).medications, "midday")[0]).toMatchObject({
      state: "named_elsewhere",
      due: false,
    });
    // In the morning too, for an instruction with no field at all.
    expect(medicationsFor(careOf(bedtime).medications, "morning")[0]).toMatchObject({
      state: "named_elsewhere",
      due: false,
    });
    const eight: Pet = { medication: "Cefalexin 500 mg: one capsule every 8 hours" };
    for (const r of ROUNDS)
      expect(medicationsFor(careOf(eight).medications, r)[0]).toMatchObject({
        state: "named",
        words: "every 8 hours",
      });
    const twice: Pet = { medication: "Yumove: two tablets twice daily" };
    expect(rows(twice, "evening")[0]).toContain('its words "twice daily" put it on this round');
  });

  it("an untimed instruction whose words name other rounds says which there, and is not due there (a bedtime sedative is not given, nor recorded as given, at lunch)", () => {
    const bedtime: Pet = { medication: "Calmex: one capsule at bedtime" };
    for (const r of ["morning", "midday"] as const) {
      expect(rows(bedtime, r)).toEqual([
        'Calmex · instruction: Calmex: one capsule at bedtime · its words name the evening ("bedtime"): given at that round, not this one',
      ]);
      // Still on the sheet, with the instruction in full; due on the evening sheet only.
      expect(medicationsFor(careOf(bedtime).medications, r)[0]?.due).toBe(false);
      expect(dueItems(roundSheet(careOf(bedtime), r)).map((d) => d.item)).not.toContain("med:1");
    }
    expect(medicationsFor(careOf(bedtime).medications, "evening")[0]?.due).toBe(true);
    expect(dueItems(roundSheet(careOf(bedtime), "evening")).map((d) => d.item)).toContain("med:1");
    const twice: Pet = { medication: "Yumove: two tablets twice daily" };
    expect(rows(twice, "midday")[0]).toContain(
      'its words name the morning and evening ("twice daily"): given at those rounds, not this one',
    );
    for (const r of ["morning", "evening"] as const)
      expect(medicationsFor(careOf(twice).medications, r)[0]?.due).toBe(true);
    const plain: Pet = { medication: "Apoquel 16 mg, one tablet" };
    expect(rows(plain, "midday")[0]).toContain("no time given: follow the instruction");
  });

  it("an untimed once-a-day instruction is due on one sheet only; the others say where (issue 27)", () => {
    const once: Pet = { medication: "Felimazole 2.5 mg: one tablet once daily" };
    expect(rows(once, "morning")).toEqual([
      "Felimazole 2.5 mg · instruction: Felimazole 2.5 mg: one tablet once daily · once a day: check it was not given already",
    ]);
    for (const r of ["midday", "evening"] as const) {
      expect(rows(once, r)).toEqual(["Felimazole 2.5 mg · given once a day (see the morning sheet)"]);
      expect(medicationsFor(careOf(once).medications, r)[0]?.due).toBe(false);
    }
    const night: Pet = { medication: "Calmex: one capsule once daily at bedtime" };
    expect(rows(night, "evening")[0]).toContain("once a day: check it was not given already");
    // The morning sheet still carries the instruction in full.
    expect(rows(night, "morning")).toEqual([
      "Calmex · instruction: Calmex: one capsule once daily at bedtime · given once a day (see the evening sheet)",
    ]);
    expect(rows(night, "midday")).toEqual(["Calmex · given once a day (see the evening sheet)"]);
    // With a field of its own for a round, the API's fields decide: not treated as once a day.
    const timed: Pet = { medication: "Apoquel 16 mg once daily", medicationPm: "one tablet with dinner" };
    expect(medicationsFor(careOf(timed).medications, "morning")[0]?.state).toBe("instruction");
  });

  it("a diet whose words name another round is on that round's sheet too", () => {
    const sheet = roundSheet(
      careOf({ dietaryRequirementsAm: "Half the bowl now, the rest at lunch" }),
      "midday",
    );
    expect(sheet.diet.named).toEqual([
      { round: "morning", text: "Half the bowl now, the rest at lunch", words: "lunch" },
    ]);
    expect(sheet.fed).toBe(true);
    expect(sheet.nothing).toBe(false);
  });
});

// --- properties over generated pets --------------------------------------------------------------

const WORDS = [
  "one",
  "tablet",
  "half",
  "with",
  "food",
  "breakfast",
  "lunch",
  "dinner",
  "bedtime",
  "twice daily",
  "once daily",
  "daily",
  "SID",
  "BID",
  "TID",
  "every 8 hours",
  "every 12 hours",
  "every 24 hours",
  "at 6pm",
  "at 12:30",
  "in the evening",
  "morning",
  "drops",
  "2 ml",
  "1.25 ml",
  "cheese",
  "every other day",
  "EOD",
  "except Sunday",
  "Mon/Wed/Fri",
];
const DRUGS = ["Rimadyl 50 mg", "Apoquel 16 mg", "Felimazole 2.5 mg", "Calmex", "Metacam 1.5 mg/ml"];
const text = fc
  .tuple(fc.constantFrom(...DRUGS), fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 8 }))
  .map(([drug, words]) => (words.length ? `${drug}: ${words.join(" ")}` : drug));
const field = fc.option(text, { nil: undefined });
const dose = fc.option(
  fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }).map((w) => w.join(" ")),
  { nil: undefined },
);
const medPet = fc.array(fc.tuple(field, dose, dose), { minLength: 1, maxLength: 5 }).chain((meds) =>
  fc
    .record({
      dietaryRequirements: fc.option(dose, { nil: undefined }),
      dietaryRequirementsAm: fc.option(dose, { nil: undefined }),
      dietaryRequirementsNoon: fc.option(dose, { nil: undefined }),
      dietaryRequirementsPm: fc.option(dose, { nil: undefined }),
    })
    .map((diet) => {
      const p: Pet = { ...diet };
      const rec = p as Record<string, unknown>;
      meds.forEach(([main, noon, pm], i) => {
        const n = i === 0 ? "" : String(i + 1);
        rec[`medication${n}`] = main;
        rec[`medication${n}Noon`] = noon;
        rec[`medication${n}Pm`] = pm;
      });
      return p;
    }),
);

const fields = (m: Medication) => [m.instruction, m.midday, m.evening].filter((f): f is string => Boolean(f));

describe("no dose hidden (properties over generated pets)", () => {
  it("every medication field appears, with the drug's name, on at least one round's sheet of a day in house", () => {
    fc.assert(
      fc.property(medPet, (p) => {
        const pair: [ReturnType<typeof booking>, Pet] = [
          booking({ checkInDate: "2026-11-23T10:00:00Z", checkOutDate: "2026-11-25T10:00:00Z" }),
          pet({ ...p, name: "Propsy" }),
        ];
        const sheets = ROUNDS.map((r) => roundText(roundOf(r, [pair]), PLAIN));
        for (const m of careOf(p).medications) {
          for (const f of fields(m)) {
            const shown = sheets.some((s) => s.split("\n").some((l) => l.includes(m.name) && l.includes(f)));
            expect(shown, `${m.name}: ${f}`).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("no medication with an instruction reads 'nothing this round' in the morning; nor does the pet", () => {
    fc.assert(
      fc.property(medPet, (p) => {
        const sheet = roundSheet(careOf(p), "morning");
        for (const rm of sheet.medications.filter((x) => x.medication.instruction)) {
          const row = roundMedicationRow(rm, "morning");
          expect(row).not.toContain("nothing this round");
          expect(row).toContain(rm.medication.instruction);
        }
        if (sheet.medications.some((x) => x.medication.instruction)) expect(sheet.nothing).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("the round words never remove a line the plain rule shows (a dose they put on other rounds is due there, and its line stays)", () => {
    fc.assert(
      fc.property(medPet, (p) => {
        const care = careOf(p);
        for (const round of ROUNDS) {
          const plain = medicationsFor(care.medications, round, { words: false });
          // A Sunday: "except Sunday" and "Mon/Wed/Fri" are off today.
          const worded = medicationsFor(care.medications, round, { words: true, date: "2026-12-06" });
          expect(worded.map((w) => w.medication)).toEqual(plain.map((x) => x.medication));
          plain.forEach((x, i) => {
            const w = worded[i];
            if (!w) throw new Error("a line was removed");
            const plainRow = roundMedicationRow(x, round);
            const row = roundMedicationRow(w, round);
            if (w.state === "once_elsewhere") {
              // Issue 27: given once a day, on the sheet named; there it is due, with the instruction.
              const at = w.onceAt as Round;
              const there = medicationsFor([w.medication], at)[0];
              expect(there?.due || there?.state === "some_days").toBe(true);
              expect(roundMedicationRow(there as NonNullable<typeof there>, at)).toContain(
                w.medication.instruction,
              );
              return;
            }
            if (w.state === "named_elsewhere") {
              // Its words name other rounds: there it is due, with the instruction; here the line stays.
              expect(row).toContain(w.medication.instruction);
              for (const at of Object.keys(w.namedRounds ?? {}) as Round[]) {
                const there = medicationsFor([w.medication], at)[0];
                // Due there, or shown there whole as every other day ("EOD lunch"): never chased daily.
                expect(there?.due || there?.state === "some_days").toBe(true);
              }
              expect(Object.keys(w.namedRounds ?? {}).length).toBeGreaterThan(0);
              return;
            }
            if (w.state === "some_days" || w.state === "not_today") {
              // Its days' words take it off today (never due every day by them): the line stays, whole.
              expect(row).toContain(w.medication.instruction);
              expect(row).toMatch(/not today: its words say|every other day|not every day/);
              return;
            }
            if (x.due) expect(w.due).toBe(true);
            if (x.dose) expect(w.dose).toBe(x.dose);
            for (const f of fields(x.medication)) if (plainRow.includes(f)) expect(row).toContain(f);
          });
          const { round: own, general } = dietFor(care.diet, round);
          const sheet = roundSheet(care, round);
          // The general diet is shown at every round: part of the meal, or a note where it is none.
          expect([sheet.diet.round, sheet.diet.general ?? sheet.diet.note]).toEqual([own, general]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a once-a-day medication is due on exactly one round", () => {
    fc.assert(
      fc.property(medPet, (p) => {
        for (const m of careOf(p).medications) {
          const states = ROUNDS.map((r) => medicationsFor([m], r)[0]);
          if (!states.some((s) => s?.state === "once_a_day" || s?.state === "once_elsewhere")) continue;
          // Every other day: due on no sheet from the words (src/domain/sheet-days.ts).
          const days = states.some((s) => s?.state === "some_days") ? 0 : 1;
          expect(states.filter((s) => s?.due).length).toBe(days);
        }
      }),
      { numRuns: 300 },
    );
  });
});
