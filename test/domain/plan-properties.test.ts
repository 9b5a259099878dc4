/**
 * Properties of the reader and the schedule, over instructions made of the words kennels type: it
 * never schedules more doses in a day than the words allow, never shortens a number, and an item it
 * cannot read is never due.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Round } from "../../src/domain/care.ts";
import { type CareFields, draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { itemOnRound, type StayTimes } from "../../src/domain/plan/schedule.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { addDays } from "../../src/time.ts";
import { stayContext } from "../helpers/reader.ts";
import { corpus, itemOf, judge } from "./plan-corpus-cases.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T07:00:00Z", "2026-12-12T20:00:00Z", {
  bookingId: 5,
  petId: 50,
});
const STAY: StayTimes = {
  arrival: CONTEXT.arrival,
  departure: CONTEXT.departure,
  timeZone: CONTEXT.timeZone,
  roundTimes: DEFAULT_ROUND_TIMES,
};
const ROUNDS: Round[] = ["morning", "midday", "evening"];
const DATES = Array.from({ length: 9 }, (_, i) => addDays("2026-12-04", i));

/** How often, and the most doses a day the words allow. */
const OFTEN: Array<[string, number]> = [
  ["once daily", 1],
  ["SID", 1],
  ["once a day", 1],
  ["daily", 1],
  ["every 24 hours", 1],
  ["BID", 2],
  ["twice daily", 2],
  ["q12h", 2],
  ["every 12 hours", 2],
  ["2x daily", 2],
  ["TID", 3],
  ["q8h", 3],
  ["every 8 hours", 3],
  ["three times a day", 3],
  ["PRN, max 2 in 24h", 2],
];
const ROUND_WORDS = [
  "with breakfast",
  "AM",
  "at lunch",
  "PM",
  "at bedtime",
  "in the morning",
  "with dinner",
  "at 7am",
  "at 18:00",
  "12:30",
];
const DRUGS = [
  "Apoquel 16mg",
  "Metacam",
  "Vetmedin 2,5 mg",
  "Rimadyl 50mg",
  "Caninsulin",
  "Thyroxine 0.4mg",
  "Zylkene",
];
const AMOUNTS = ["1 tab", "1/2 tab", "1.5ml", "4 units", "2 drops", "half a tablet"];
const EXTRA = [
  "",
  "EOD from 6/12",
  "Mon/Wed/Fri",
  "STOP after 9/12",
  "START 7/12",
  "only if she has eaten",
  "with food",
];

const dosesPerDay = (item: PlanItem, date: string) =>
  ROUNDS.filter((round) => {
    const s = itemOnRound(item, date, round, STAY).status;
    return s === "due" || s === "conditional";
  }).length;

const medications = (fields: CareFields) => draftPlan(fields, CONTEXT).items.filter((i) => i.key !== "meal");

describe("the reader and the schedule, as properties", () => {
  it("never schedule more doses in a day than the words allow", () => {
    const instruction = fc.record({
      drug: fc.constantFrom(...DRUGS),
      amount: fc.constantFrom(...AMOUNTS),
      often: fc.constantFrom(...OFTEN),
      rounds: fc.subarray(ROUND_WORDS, { maxLength: 3 }),
      extra: fc.constantFrom(...EXTRA),
      noon: fc.constantFrom(undefined, "1 tab", "Nil", "1/2 tab with lunch"),
      pm: fc.constantFrom(undefined, "1 tab", "none", "2 units at bedtime"),
    });
    fc.assert(
      fc.property(instruction, (i) => {
        const medication = [i.drug, i.amount, i.often[0], ...i.rounds, i.extra].join(" ");
        const [item] = medications({ medication, medicationNoon: i.noon, medicationPm: i.pm });
        if (!item) throw new Error("no item");
        for (const date of DATES) expect(dosesPerDay(item, date)).toBeLessThanOrEqual(i.often[1]);
      }),
      { numRuns: 300 },
    );
  });

  it("never shorten nor rewrite a number: the amount and strength are the words as written", () => {
    const digits = fc.integer({ min: 0, max: 999 }).map(String);
    const decimals = fc.tuple(
      fc.integer({ min: 0, max: 99 }),
      fc.constantFrom(".", ","),
      fc.stringMatching(/^\d{1,3}$/),
    );
    const number = fc.oneof(
      fc.integer({ min: 1, max: 500 }).map(String),
      decimals.map(([a, sep, b]) => `${a}${sep}${b}`),
      fc.constantFrom("1/2", "3/4", "1 1/2", "½", "1½", "¼", "0.625", "2.50", "10.0", "2,5"),
    );
    const amount = fc.tuple(
      number,
      fc.constantFrom("", " "),
      fc.constantFrom("tab", "tabs", "ml", "mL", "units", "IU", "drops", "caps", "sachet", "cups", "g"),
    );
    const strength = fc.tuple(
      digits,
      fc.constantFrom(".", ","),
      digits,
      fc.constantFrom("", " "),
      fc.constantFrom("mg", "mcg", "%"),
    );
    fc.assert(
      fc.property(amount, strength, fc.constantFrom(...OFTEN.slice(0, 14)), (a, s, often) => {
        const amountWords = a.join("");
        const strengthWords = `${s[0]}${s[1]}${s[2]}${s[3]}${s[4]}`;
        const medication = `Drugname ${strengthWords} ${amountWords} ${often[0]} with breakfast`;
        const [item] = medications({ medication });
        expect(item?.what.text).toBe(medication);
        expect(item?.what.amount).toBe(amountWords);
        expect(item?.what.strength).toBe(strengthWords);
      }),
      { numRuns: 300 },
    );
  });

  const WORDS = [
    ...DRUGS,
    ...AMOUNTS,
    ...ROUND_WORDS,
    ...OFTEN.map((o) => o[0]),
    ...EXTRA.filter(Boolean),
    "then",
    "2 tabs",
    "days 1-3",
    "until 8/12",
    "6/12",
    "31/2",
    "as needed",
    "for itching",
    "max 3 in 24h",
    "every other day",
    "weekly",
    "monthly",
    "for 5 days",
    "as directed",
    "1-2 tabs",
    "?",
    "Tue & Sat",
    "from 5 Dec",
    "last given 4/12",
    "2mg/kg",
    "or",
    "and",
    ",",
    "-",
    "Owner's own",
    "Kennel stock",
  ];
  const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((w) => w.join(" "));

  it("an item read by nobody is never due: 'check the instruction' in the stay, not due outside it", () => {
    const fields = fc.record({
      medication: fc.option(text, { nil: undefined }),
      medicationPm: fc.option(text, { nil: undefined }),
      medication2: fc.option(text, { nil: undefined }),
      medication2Noon: fc.option(text, { nil: undefined }),
      dietaryRequirements: fc.option(text, { nil: undefined }),
    });
    fc.assert(
      fc.property(fields, (f) => {
        for (const item of draftPlan(f, CONTEXT).items) {
          if (item.readBy !== "nobody") continue;
          expect(item.doubts.length).toBeGreaterThan(0);
          for (const date of DATES) {
            for (const round of ROUNDS) {
              const on = itemOnRound(item, date, round, STAY);
              if (on.status === "not_due") expect(["before_arrival", "after_departure"]).toContain(on.why);
              else expect(on.status).toBe("check");
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("whatever the words, every amount and strength read is a part of them, as written", () => {
    fc.assert(
      fc.property(text, (medication) => {
        const [item] = medications({ medication });
        // A bare "-" is no value: no item.
        if (!item) {
          expect(medication.trim()).toMatch(/^[-,]?$/);
          return;
        }
        const parts = [item.what.amount, item.what.strength, ...item.when.steps.map((s) => s.amount)];
        for (const part of parts) if (part !== undefined) expect(medication).toContain(part);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the closed reading (issue 42)", () => {
  /** The certain readings of the corpus, each with the field the word goes into. */
  const certain = corpus()
    .map((c) => ({ c, ...judge(c) }))
    .filter((v) => v.verdict === "right")
    .flatMap(({ c, item }) => {
      const found = Object.entries(c.fields).find(
        ([k, v]) => typeof v === "string" && (k.startsWith("medication") || k.startsWith("dietary")),
      );
      return found ? [{ c, item, field: found[0] as keyof CareFields, words: found[1] as string }] : [];
    });
  /** Words no kennel writes: never a drug, a food, a round, nor one edit from a round's word. */
  const unknown = fc.oneof(
    fc.constantFrom("zorblax", "quibbit", "frumple", "wuzzle", "blorp", "xanthe", "glimmick"),
    fc.stringMatching(/^[qxz][a-z]{3,7}$/),
  );

  it("adding an unknown word to any certain reading of the corpus makes it uncertain (or, in a reading that names no drug, the word is the drug's name)", () => {
    expect(certain.length).toBeGreaterThan(200);
    fc.assert(
      fc.property(fc.constantFrom(...certain), fc.nat(), unknown, ({ c, item, field, words }, at, word) => {
        const tokens = words.split(/\s+/);
        const i = at % (tokens.length + 1);
        const changed = [...tokens.slice(0, i), word, ...tokens.slice(i)].join(" ");
        const read = itemOf({ ...c, fields: { ...c.fields, [field]: changed } });
        if (read.readBy === "nobody") {
          expect(read.doubts.length).toBeGreaterThan(0);
          return;
        }
        // Sure still: only where the reading named no drug and the word became its name, shown as such.
        expect({ words: changed, hadName: item.what.name }).toEqual({ words: changed, hadName: undefined });
        expect(read.what.name?.split(/\s+/)).toContain(word);
      }),
      { numRuns: 600 },
    );
  });

  it("names the words it could not place, as written", () => {
    const [item] = medications({
      medication: "Caninsulin 6 units BID, if she wont eat = skip jab and ring owner",
    });
    expect(item?.readBy).toBe("nobody");
    expect(item?.doubts).toContain("unplaced_words");
    expect(item?.unplaced).toContain("ring");
  });
});
