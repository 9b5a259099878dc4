/**
 * The reader's corpus: instructions in the words kennels type, each with its expected reading, or
 * the doubt that leaves it to a person. The stay: Sat 5 Dec 2026 to Sat 12 Dec, a kennel writing
 * dates day first (dmy) unless a case says otherwise.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Round } from "../../src/domain/care.ts";
import { type CareFields, draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import type {
  Days,
  Doubt,
  HighAlertClass,
  ItemKind,
  PlanItem,
  TaperStep,
} from "../../src/domain/plan/types.ts";

const CONTEXT: ReaderContext = {
  bookingId: 7,
  petId: 70,
  arrival: "2026-12-05T10:00:00Z",
  departure: "2026-12-12T10:00:00Z",
  timeZone: "Europe/London",
  dateOrder: "dmy",
  highAlertWords: ["Sileo", "chemo"],
  houseMeals: { rounds: ["morning", "evening"], bySpecies: { cat: ["morning", "midday", "evening"] } },
  now: "2026-12-05T10:00:00Z",
};

interface Reading {
  rounds: Round[];
  days?: Days;
  start?: string;
  stop?: string;
  steps?: TaperStep[];
  kind?: ItemKind;
  amount?: string;
  strength?: string;
  highAlert?: HighAlertClass;
}

const M: Round = "morning";
const N: Round = "midday";
const E: Round = "evening";

function readMedication(fields: CareFields | string, context: ReaderContext = CONTEXT): PlanItem {
  const care = typeof fields === "string" ? { medication: fields } : fields;
  const item = draftPlan(care, context).items.find((i) => i.key !== "meal");
  if (!item) throw new Error("no medication item");
  return item;
}

function expectReading(item: PlanItem, r: Reading): void {
  expect({ readBy: item.readBy, doubts: item.doubts }).toEqual({ readBy: "reader", doubts: [] });
  expect(item.when.rounds.map((d) => d.round)).toEqual(r.rounds);
  expect(item.when.days).toEqual(r.days ?? { every: "day" });
  expect(item.when.start).toBe(r.start);
  expect(item.when.stop).toBe(r.stop);
  expect(item.when.steps).toEqual(r.steps ?? []);
  expect(item.kind).toEqual(r.kind ?? { kind: "routine" });
  if (r.amount !== undefined) expect(item.what.amount).toBe(r.amount);
  if (r.strength !== undefined) expect(item.what.strength).toBe(r.strength);
  expect(item.highAlert?.class).toBe(r.highAlert);
}

/** Medications read with certainty (the instruction field alone). */
const READ: Array<[string, Reading]> = [
  // From issue 34's "Why", in the words that can be read:
  [
    "Piriton 4mg PRN – only if scratching, max 2 in 24h",
    { rounds: [], strength: "4mg", kind: { kind: "as_needed", reason: "only if scratching", maxPer24h: 2 } },
  ],
  [
    "Caninsulin 4 units twice daily with food, ONLY if she has eaten",
    {
      rounds: [M, E],
      amount: "4 units",
      kind: { kind: "conditional", condition: "ONLY if she has eaten" },
      highAlert: "insulin",
    },
  ],
  [
    "Prednisolone 5mg: 2 tabs each morning 5/12–7/12, then 1 tab each morning from 8/12",
    {
      rounds: [M],
      start: "2026-12-05",
      strength: "5mg",
      steps: [
        { amount: "2 tabs", from: "2026-12-05", to: "2026-12-07" },
        { amount: "1 tab", from: "2026-12-08" },
      ],
    },
  ],
  [
    "Fortekor 5mg 1 tab AM Mon/Wed/Fri",
    { rounds: [M], days: { every: "weekdays", weekdays: [1, 3, 5] }, amount: "1 tab" },
  ],
  ["Metronidazole 250mg 1 tab BID. STOP after 6/12", { rounds: [M, E], stop: "2026-12-06", amount: "1 tab" }],
  ["Cephalexin 500mg 1 cap BID, START 9/12", { rounds: [M, E], start: "2026-12-09", amount: "1 cap" }],
  [
    "Furosemide 10mg 1 tab EOD PM from 5/12",
    { rounds: [E], days: { every: "n_days", n: 2, from: "2026-12-05" }, start: "2026-12-05" },
  ],
  // Rounds by their words, clock times and how often:
  ["Rimadyl 50mg 1/2 tab with breakfast", { rounds: [M], amount: "1/2 tab", strength: "50mg" }],
  ["Rimadyl 50mg: half a tablet with breakfast", { rounds: [M], amount: "half a tablet" }],
  ["Apoquel 16mg 1 tab twice daily", { rounds: [M, E], amount: "1 tab", strength: "16mg" }],
  ["Clavaseptin 250mg 1 tab BID with food", { rounds: [M, E] }],
  ["Cefalexin 1 cap every 8 hours", { rounds: [M, N, E], amount: "1 cap" }],
  ["1 drop each eye TID", { rounds: [M, N, E], amount: "1 drop" }],
  ["Calmex 1 capsule at bedtime", { rounds: [E], amount: "1 capsule" }],
  ["Vetmedin 2,5 mg 1 tab AM and PM", { rounds: [M, E], strength: "2,5 mg", amount: "1 tab" }],
  ["Vetmedin 1,25mg 1 tab morning and evening", { rounds: [M, E], strength: "1,25mg" }],
  ["Vetmedin 2.5mg 1/2 tab AM & PM", { rounds: [M, E], amount: "1/2 tab", strength: "2.5mg" }],
  ["Metacam 1.5ml once daily with breakfast", { rounds: [M], amount: "1.5ml" }],
  ["Thyroxine 0.4mg 1 tab SID AM", { rounds: [M], strength: "0.4mg" }],
  ["Thyroxine 0,2 mg 1 tab 2x daily", { rounds: [M, E], strength: "0,2 mg" }],
  ["Amlodipine 0.625mg 1/2 tab SID PM", { rounds: [E], strength: "0.625mg", amount: "1/2 tab" }],
  ["Felimazole 2.5mg 1 tab BID", { rounds: [M, E] }],
  ["Fluoxetine 10mg 1 tab daily at 18:00", { rounds: [E] }],
  ["1 tab in food at 12:30", { rounds: [N] }],
  ["Omeprazole 10mg 1 tab 30 mins before breakfast", { rounds: [M] }],
  ["Denamarin 1 tab on an empty stomach in the morning", { rounds: [M] }],
  ["Famotidine 10mg 1/2 tab 1 hr before breakfast and dinner", { rounds: [M, E], amount: "1/2 tab" }],
  ["Fortiflora 1 sachet on breakfast daily", { rounds: [M], amount: "1 sachet" }],
  ["1 pump Yumove 2x daily", { rounds: [M, E], amount: "1 pump" }],
  ["Yumove 1 tab with meals", { rounds: [M, E] }],
  ["Apoquel 5.4mg 1 tab PM, with tea", { rounds: [E], strength: "5.4mg" }],
  [
    "Loxicom 0.5mg/ml 2.2ml once daily with food in the evening",
    { rounds: [E], amount: "2.2ml", strength: "0.5mg/ml" },
  ],
  ["Pimobendan 1.25mg 1 tab BID 12 hours apart", { rounds: [M, E] }],
  ["Synulox 250mg 1 tab BID until finished", { rounds: [M, E] }],
  // High-alert drugs:
  ["Phenobarbital 30mg 1 tab at 7am and 7pm", { rounds: [M, E], highAlert: "anticonvulsant" }],
  ["Keppra 500mg 1 tab TID", { rounds: [M, N, E], highAlert: "anticonvulsant" }],
  ["Keppra 250mg 1 tab TID 7am 3pm 11pm", { rounds: [M, N, E], highAlert: "anticonvulsant" }],
  ["Levetiracetam 250mg 1 tab every 8 hours", { rounds: [M, N, E], highAlert: "anticonvulsant" }],
  [
    "Potassium bromide 1.5ml once daily with dinner",
    { rounds: [E], amount: "1.5ml", highAlert: "anticonvulsant" },
  ],
  ["Zonisamide 50mg 1 cap 8am & 8pm", { rounds: [M, E], highAlert: "anticonvulsant" }],
  ["Gabapentin 100mg 1 cap q12h", { rounds: [M, E], highAlert: "controlled" }],
  ["Gabapentin 100mg 1 cap at night for anxiety", { rounds: [E], highAlert: "controlled" }],
  ["Tramadol 50mg 1 tab BID", { rounds: [M, E], highAlert: "controlled" }],
  ["Vetsulin 8 IU twice daily with meals", { rounds: [M, E], amount: "8 IU", highAlert: "insulin" }],
  [
    "Prozinc 3 units with breakfast and dinner if she eats",
    { rounds: [M, E], kind: { kind: "conditional", condition: "if she eats" }, highAlert: "insulin" },
  ],
  [
    "Chemo tablet 1 tab AM Mondays",
    { rounds: [M], days: { every: "weekdays", weekdays: [1] }, highAlert: "kennel" },
  ],
  // Days, dates, courses:
  [
    "Cerenia 1 tab once a day in the morning for 4 days from 5/12",
    { rounds: [M], start: "2026-12-05", stop: "2026-12-08" },
  ],
  [
    "Synulox 250mg 1 tab BID x 7 days starting 6/12",
    { rounds: [M, E], start: "2026-12-06", stop: "2026-12-12" },
  ],
  [
    "Ear drops 5 drops left ear BID for 10 days from 7/12",
    { rounds: [M, E], start: "2026-12-07", stop: "2026-12-16", amount: "5 drops" },
  ],
  ["Prednisolone 10mg 1 tab SID AM until 8/12 inclusive", { rounds: [M], stop: "2026-12-08" }],
  [
    "Milbemax 1 tab on 10/12 with breakfast",
    { rounds: [M], days: { every: "dates", dates: ["2026-12-10"] } },
  ],
  [
    "Bravecto 1 chew due 9/12 with dinner",
    { rounds: [E], days: { every: "dates", dates: ["2026-12-09"] }, amount: "1 chew" },
  ],
  [
    "Drontal 1 tab with breakfast on 6 Dec and 11th December",
    { rounds: [M], days: { every: "dates", dates: ["2026-12-06", "2026-12-11"] } },
  ],
  ["B12 1ml injection every Monday AM", { rounds: [M], days: { every: "weekdays", weekdays: [1] } }],
  [
    "1 tab with breakfast every Tuesday and Friday",
    { rounds: [M], days: { every: "weekdays", weekdays: [2, 5] } },
  ],
  ["Cartrophen 2ml PM Mondays and Thursdays", { rounds: [E], days: { every: "weekdays", weekdays: [1, 4] } }],
  [
    "Glucosamine 1 tab with breakfast weekdays only",
    { rounds: [M], days: { every: "weekdays", weekdays: [1, 2, 3, 4, 5] } },
  ],
  [
    "Fluids 100ml under the skin every other day AM, starting 6/12",
    {
      rounds: [M],
      days: { every: "n_days", n: 2, from: "2026-12-06" },
      start: "2026-12-06",
      amount: "100ml",
    },
  ],
  [
    "Diuretic 1 tab alternate days AM, last given 4/12",
    { rounds: [M], days: { every: "n_days", n: 2, from: "2026-12-04" } },
  ],
  [
    "1 tab every third day AM from 5/12",
    { rounds: [M], days: { every: "n_days", n: 3, from: "2026-12-05" }, start: "2026-12-05" },
  ],
  [
    "Vitamin B12 1ml weekly AM, next due 9/12",
    { rounds: [M], days: { every: "weekdays", weekdays: [3] }, start: "2026-12-09" },
  ],
  [
    "2 tabs AM 5/12-6/12, then 1 tab AM 7/12-9/12, then stop",
    {
      rounds: [M],
      start: "2026-12-05",
      stop: "2026-12-09",
      steps: [
        { amount: "2 tabs", from: "2026-12-05", to: "2026-12-06" },
        { amount: "1 tab", from: "2026-12-07", to: "2026-12-09" },
      ],
    },
  ],
  // As needed and conditional:
  ["Piriton 4mg as needed for itching", { rounds: [], kind: { kind: "as_needed", reason: "for itching" } }],
  [
    "Sileo 1 dot if fireworks, max 5 in 24 hours",
    { rounds: [], kind: { kind: "as_needed", reason: "if fireworks", maxPer24h: 5 }, highAlert: "kennel" },
  ],
  [
    "Tramadol 50mg PRN for pain, no more than every 8 hours",
    {
      rounds: [],
      kind: { kind: "as_needed", reason: "for pain", maxPer24h: 3, minHoursBetween: 8 },
      highAlert: "controlled",
    },
  ],
  [
    "Tramadol 50mg 1 tab every 12 hours PRN, max 2 a day",
    { rounds: [], kind: { kind: "as_needed", maxPer24h: 2, minHoursBetween: 12 }, highAlert: "controlled" },
  ],
  [
    "Metacam 1.2ml on food in the morning, only give if eating",
    { rounds: [M], kind: { kind: "conditional", condition: "only give if eating" } },
  ],
  [
    "Lactulose 2ml BID, stop if diarrhoea",
    { rounds: [M, E], kind: { kind: "conditional", condition: "stop if diarrhoea" } },
  ],
];

/** Instructions the reader must not guess, each with (one of) the doubts that say why. */
const REFUSED: Array<[CareFields | string, Doubt]> = [
  // From issue 34's "Why":
  ["Furosemide 20mg every other day", "no_day_one"],
  ["Insulin 4 units ONLY if she has eaten", "condition_no_round"],
  ["Prednisolone 5mg 2 tabs days 1–3, then 1 tab", "taper_by_day_number"],
  // Rounds:
  ["Metacam 1.5ml", "no_round"],
  ["Vetmedin 5mg once daily", "once_no_round"],
  ["1 tab QID", "more_than_rounds"],
  ["1 tab every 4 hours", "more_than_rounds"],
  ["Chloramphenicol eye drops 1 drop 4 times a day", "more_than_rounds"],
  ["1 tab BID, 2nd dose at lunch", "rounds_disagree"],
  ["Thyroxine 0.4mg once daily AM, 0.2mg PM", "amounts_differ"],
  [{ medication: "Vetmedin 5mg 1 tab", medicationPm: "1 tab" }, "instruction_beside_fields"],
  [{ medication: "Vetmedin 5mg once daily AM", medicationPm: "1 tab" }, "rounds_disagree"],
  [{ medicationPm: "1 tab at breakfast" }, "field_conflict"],
  [{ medication: "Caninsulin 4 units AM", medicationPm: "4 units only if she has eaten" }, "field_conflict"],
  [{ medication: "Apoquel 1 tab AM and PM", medicationPm: "Nil" }, "field_conflict"],
  // The sandbox's AW-AM: the instruction is a time word only, the drug in the evening field.
  [{ medication: "AM", medicationPm: "Selgian 20 mg, one tablet" }, "instruction_only_round"],
  [{ medication: "twice daily", medicationPm: "Selgian 20 mg, one tablet" }, "instruction_only_round"],
  ["Buscopan 1 tab if vomiting", "condition_no_round"],
  ["Diazepam 2mg if seizure lasts over 5 minutes", "condition_no_round"],
  ["Frontline spot-on on 8/12", "no_round"],
  // Days and dates:
  ["Vitamin B12 1ml weekly", "weekly_no_day"],
  ["Bravecto monthly", "longer_interval"],
  ["Milbemax every 2 weeks", "longer_interval"],
  ["Apoquel 16mg 1 tab BID for 5 days", "duration_no_start"],
  ["Metronidazole 1 tab BID until 8/12", "until_unclear"],
  ["Clavamox 1 tab BID, stop on 9/12", "until_unclear"],
  ["Start 31/2 1 tab AM", "date_unreadable"],
  ["1 tab BID 6/12", "date_unclear"],
  ["2 tabs AM until 7/12 then 1 tab", "until_unclear"],
  ["2 tabs AM for 3 days, then 1 tab AM", "taper_by_day_number"],
  // Amounts and judgement:
  ["Cardisure 5mg 1 tab morning, 1/2 tab evening", "amounts_differ"],
  ["1-2 tabs BID", "amount_range"],
  ["Tramadol 50mg 1-2 tabs every 8-12 hours as needed for pain", "amount_range"],
  ["Carprofen 2mg/kg BID", "by_weight"],
  ["Hydrocortisone cream to paws twice daily", "no_amount"],
  ["As directed", "left_to_judgement"],
  ["See vet letter", "left_to_judgement"],
  ["Phenobarbital 30mg BID, increase to 45mg next week", "left_to_judgement"],
  ["Give half in the morning and the rest at night", "left_to_judgement"],
  ["Insulin per glucose curve", "left_to_judgement"],
  ["Give 1 tab BID until stools are firm", "left_to_judgement"],
  ["Apoquel 1 tab twice daily or as needed", "needed_and_routine"],
  ["Piriton 4mg PRN at bedtime", "needed_and_routine"],
];

/** Medications read with their midday and evening fields. */
const FIELDS: Array<[CareFields, Reading]> = [
  [{ medication: "Vetmedin 5mg", medicationPm: "1 tab" }, { rounds: [E] }],
  [
    { medication: "Vetmedin 5mg 1 tab AM", medicationPm: "1 tab" },
    { rounds: [M, E], amount: "1 tab" },
  ],
  [{ medication: "Vetmedin 5mg 1 tab BID", medicationPm: "1 tab" }, { rounds: [M, E] }],
  [{ medicationNoon: "Metacam 1ml with lunch" }, { rounds: [N] }],
  [{ medicationPm: "Caninsulin 4 units" }, { rounds: [E], highAlert: "insulin" }],
  [
    { medication: "Caninsulin 40iu/ml", medicationNoon: "", medicationPm: "4 units" },
    { rounds: [E], highAlert: "insulin" },
  ],
  [{ medication: "Apoquel 16mg 1 tab AM", medicationPm: "Nil" }, { rounds: [M] }],
  [{ medication: "Vetmedin 5mg once daily", medicationPm: "1 tab" }, { rounds: [E] }],
  [{ medication: "Zylkene 75mg", medicationNoon: "1 cap", medicationPm: "Nil" }, { rounds: [N] }],
  [
    { medication: "1 tab with each meal", dietaryRequirements: "Owner's food 1 cup AM 1 cup PM" },
    { rounds: [M, E] },
  ],
  [{ medication: "1 tab with each meal", petType: "cat" }, { rounds: [M, N, E] }],
];

/** Feeding: the diet fields, else the house routine (morning and evening; a cat's three rounds). */
const FEEDING: Array<
  [CareFields, { rounds: Round[]; feeding: "diet" | "house_routine"; amount?: string } | Doubt]
> = [
  // From issue 34's "Why": no lunch for "AM" and "PM" food.
  [
    { dietaryRequirements: "Owner's food 1 cup AM 1 cup PM" },
    { rounds: [M, E], feeding: "diet", amount: "1 cup" },
  ],
  [
    {
      dietaryRequirements: "Royal Canin Renal",
      dietaryRequirementsAm: "1 cup",
      dietaryRequirementsPm: "1 cup",
    },
    { rounds: [M, E], feeding: "diet" },
  ],
  [{}, { rounds: [M, E], feeding: "house_routine" }],
  [{ petType: "Cat" }, { rounds: [M, N, E], feeding: "house_routine" }],
  [{ dietaryRequirements: "Own kibble 200g" }, { rounds: [M, E], feeding: "diet", amount: "200g" }],
  [
    { dietaryRequirements: "Hills i/d 2 cups twice daily" },
    { rounds: [M, E], feeding: "diet", amount: "2 cups" },
  ],
  [{ dietaryRequirements: "Puppy food 3 meals a day" }, { rounds: [M, N, E], feeding: "diet" }],
  [
    { dietaryRequirements: "Raw, 250g breakfast, 250g dinner" },
    { rounds: [M, E], feeding: "diet", amount: "250g" },
  ],
  [{ dietaryRequirementsNoon: "Nil" }, { rounds: [M, E], feeding: "diet" }],
  [
    {
      dietaryRequirementsAm: "1/2 can Gastro",
      dietaryRequirementsNoon: "none",
      dietaryRequirementsPm: "1/2 can Gastro",
    },
    { rounds: [M, E], feeding: "diet" },
  ],
  [{ dietaryRequirements: "NIL BY MOUTH from midnight – op at 10:00" }, "fasting"],
  [{ dietaryRequirements: "Fed 2-3 times a day" }, "amount_range"],
  [{ dietaryRequirements: "Fed once a day" }, "once_no_round"],
  [{ dietaryRequirements: "Fed 3 times a day", dietaryRequirementsNoon: "Nil" }, "field_conflict"],
];

describe("the reader reads what kennels write", () => {
  it.each(FEEDING)("feeding %j", (fields, expected) => {
    const meal = draftPlan(fields, CONTEXT).items.find((i) => i.key === "meal") as PlanItem;
    if (typeof expected === "string") {
      expect(meal.readBy).toBe("nobody");
      expect(meal.doubts).toContain(expected);
      return;
    }
    expect({ readBy: meal.readBy, doubts: meal.doubts, feeding: meal.feeding }).toEqual({
      readBy: "reader",
      doubts: [],
      feeding: expected.feeding,
    });
    expect(meal.when.rounds.map((d) => d.round)).toEqual(expected.rounds);
    if (expected.amount) expect(meal.what.amount).toBe(expected.amount);
  });

  it.each(READ)("%s", (text, reading) => {
    expectReading(readMedication(text), reading);
  });

  it.each(FIELDS)("%j", (fields, reading) => {
    expectReading(readMedication(fields), reading);
  });

  it("reads a date in the kennel's order: month first in a US kennel", () => {
    const us = { ...CONTEXT, dateOrder: "mdy" as const, timeZone: "America/New_York" };
    expectReading(readMedication("Cephalexin 500mg 1 cap BID, START 12/9", us), {
      rounds: [M, E],
      start: "2026-12-09",
    });
    expect(readMedication("Start 12/31 1 tab AM", us).when.start).toBe("2026-12-31");
    expect(readMedication("Start 31/12 1 tab AM", us).doubts).toContain("date_unreadable");
  });

  it("a date with no year is the one nearest the stay (across the new year)", () => {
    expect(readMedication("Metronidazole 1 tab BID, STOP after 3/1").when.stop).toBe("2027-01-03");
    expect(readMedication("Metronidazole 1 tab BID, started 28/11").when.start).toBe("2026-11-28");
  });
});

describe("the reader refuses to guess", () => {
  it.each(REFUSED)("%j: %s", (fields, doubt) => {
    const item = readMedication(fields);
    expect(item.readBy).toBe("nobody");
    expect(item.doubts).toContain(doubt);
  });
});

describe("the corpus", () => {
  it("holds at least 80 instructions, at least 15 of them refused", () => {
    const refusedFeeding = FEEDING.filter(([, e]) => typeof e === "string").length;
    expect(READ.length + FIELDS.length + REFUSED.length + FEEDING.length).toBeGreaterThanOrEqual(80);
    expect(REFUSED.length + refusedFeeding).toBeGreaterThanOrEqual(15);
  });
});

describe("docs/care-plan.md", () => {
  const doc = readFileSync(new URL("../../docs/care-plan.md", import.meta.url), "utf8");
  /** The table rows of a section: the example (diet or not) and the other cell's first example. */
  const rows = (heading: string) => {
    const section = doc.split(/^## /m).find((s) => s.startsWith(heading)) ?? "";
    return [...section.matchAll(/^\| (\(diet\) )?`([^`]+)` \| ([^\n]*)\|$/gm)].map((m) => ({
      diet: Boolean(m[1]),
      words: m[2] as string,
      twin: /`([^`]+)`/.exec(m[3] as string)?.[1],
    }));
  };
  const itemOf = (r: { diet: boolean; words: string }, fields: CareFields = {}) => {
    const plan = draftPlan(
      r.diet ? { dietaryRequirements: r.words } : { ...fields, medication: r.words },
      CONTEXT,
    );
    return plan.items.find((i) => i.key === (r.diet ? "meal" : "med:1")) as PlanItem;
  };

  it("every example in 'What the reader understands' is read with certainty", () => {
    const understood = rows("What the reader understands");
    expect(understood.length).toBeGreaterThan(20);
    for (const r of understood) expect([r.words, itemOf(r).doubts]).toEqual([r.words, []]);
  });

  it("every example in 'What it leaves to a person' is left to a person", () => {
    const refused = rows("What it leaves to a person");
    expect(refused.length).toBeGreaterThan(15);
    for (const r of refused) {
      const twin = r.twin && !r.diet && /^[A-Z]/.test(r.twin) ? { medication3: r.twin } : {};
      expect([r.words, itemOf(r, twin).readBy]).toEqual([r.words, "nobody"]);
    }
  });
});
