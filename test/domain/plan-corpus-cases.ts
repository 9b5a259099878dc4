/**
 * The reader's corpus (issues 34 and 42): instructions in the words UK and US kennel staff and owners
 * type, each with the reading a careful veterinary nurse gives it: a reading the words settle
 * ("plain"), or what a person must settle first, in the nurse's words ("person"). The stay: Sat 5 Dec
 * 2026 to Sat 12 Dec, a kennel writing dates day first (dmy) unless a case says otherwise.
 *
 * The figures (test/domain/plan-corpus.test.ts and `npm run bench:reader`): a reading the reader is
 * sure of and that differs from the nurse's ("certain and wrong", never allowed), and plain words it
 * leaves to a person (at most one case in ten).
 */
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
import { stayContext } from "../helpers/reader.ts";

export const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  highAlertWords: ["Sileo", "chemo"],
  houseMeals: { rounds: ["morning", "evening"], bySpecies: { cat: ["morning", "midday", "evening"] } },
});

export interface Reading {
  rounds: Round[];
  days?: Days;
  start?: string;
  stop?: string;
  steps?: TaperStep[];
  kind?: ItemKind;
  amount?: string;
  strength?: string;
  highAlert?: HighAlertClass;
  /** Several drugs in the slot: each drug's name and rounds. */
  parts?: Array<{ name: string; rounds: Round[] }>;
  /** The feeding item: from the diet or the house routine, and its fast. */
  feeding?: "diet" | "house_routine";
  fast?: { day: string; from: { date: string; time: string }; until?: string };
  /** The amount each round is given, where the words set one per round. */
  roundAmounts?: Partial<Record<Round, string>>;
}

const M: Round = "morning";
const N: Round = "midday";
const E: Round = "evening";

/** Medications read with certainty (the instruction field alone). */
export const READ: Array<[string, Reading]> = [
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
  ["1 drop each eye TID", { rounds: [M, N, E], amount: "1 drop each eye" }],
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
export const REFUSED: Array<[CareFields | string, Doubt, string]> = [
  // From issue 34's "Why":
  [
    "Furosemide 20mg every other day",
    "no_day_one",
    "every other day, but the last dose's date is needed to know which days",
  ],
  [
    "Insulin 4 units ONLY if she has eaten",
    "condition_no_round",
    "4 units only after a meal, but at which meals? ask the owner",
  ],
  [
    "Prednisolone 5mg 2 tabs days 1–3, then 1 tab",
    "taper_by_day_number",
    "a reducing course: which date was day 1?",
  ],
  // Rounds:
  ["Metacam 1.5ml", "no_round", "1.5 ml, but when? usually breakfast, but ask"],
  ["Vetmedin 5mg once daily", "once_no_round", "once a day: morning or evening? ask the owner"],
  ["1 tab QID", "more_than_rounds", "four times a day: one more dose than the kennel's rounds, at set times"],
  ["1 tab every 4 hours", "more_than_rounds", "six doses a day: more than the rounds, a plan from the vet"],
  [
    "Chloramphenicol eye drops 1 drop 4 times a day",
    "more_than_rounds",
    "four drops a day: a fourth time to add",
  ],
  ["1 tab BID, 2nd dose at lunch", "rounds_disagree", "twice a day, morning and lunch? the words disagree"],
  [
    "Thyroxine 0.4mg once daily AM, 0.2mg PM",
    "amounts_differ",
    "0.4 mg morning and 0.2 mg evening, but 'once daily' says otherwise",
  ],
  [
    { medication: "Vetmedin 5mg 1 tab", medicationPm: "1 tab" },
    "instruction_beside_fields",
    "evening 1 tab; is the instruction's tab a morning dose too?",
  ],
  [
    { medication: "Vetmedin 5mg once daily AM", medicationPm: "1 tab" },
    "rounds_disagree",
    "once daily in the morning, yet an evening tab: which?",
  ],
  [
    { medicationPm: "1 tab at breakfast" },
    "field_conflict",
    "written in the evening field but says breakfast: which round?",
  ],
  [
    { medication: "Caninsulin 4 units AM", medicationPm: "4 units only if she has eaten" },
    "field_conflict",
    "morning 4 units; evening only if eaten: is the morning conditional too?",
  ],
  [
    { medication: "Apoquel 1 tab AM and PM", medicationPm: "Nil" },
    "field_conflict",
    "morning and evening, yet the evening says nil: which?",
  ],
  // The sandbox's AW-AM: the instruction is a time word only, the drug in the evening field.
  [
    { medication: "AM", medicationPm: "Selgian 20 mg, one tablet" },
    "instruction_only_round",
    "Selgian in the evening; is 'AM' a morning dose too, or a slip?",
  ],
  [
    { medication: "twice daily", medicationPm: "Selgian 20 mg, one tablet" },
    "instruction_only_round",
    "twice daily, but only the evening dose is written",
  ],
  [
    "Buscopan 1 tab if vomiting",
    "condition_no_round",
    "give if vomiting: an as-needed dose, confirm with the owner",
  ],
  [
    "Diazepam 2mg if seizure lasts over 5 minutes",
    "condition_no_round",
    "emergency dose for a long seizure: as needed, and call the vet",
  ],
  ["Frontline spot-on on 8/12", "no_round", "apply once on 8/12: which round? a person sets it"],
  // Days and dates:
  ["Vitamin B12 1ml weekly", "weekly_no_day", "weekly, but which day?"],
  ["Bravecto monthly", "longer_interval", "monthly: when is the next one due? probably not during the stay"],
  ["Milbemax every 2 weeks", "longer_interval", "every two weeks from when?"],
  ["Apoquel 16mg 1 tab BID for 5 days", "duration_no_start", "a five-day course: when did it start?"],
  [
    "Metronidazole 1 tab BID until 8/12",
    "until_unclear",
    "is the 8th the last day or the first day off? ask",
  ],
  ["Clavamox 1 tab BID, stop on 9/12", "until_unclear", "stop on the 9th: is a dose given that day?"],
  ["Start 31/2 1 tab AM", "date_unreadable", "31 February is no date: which day was meant?"],
  ["1 tab BID 6/12", "date_unclear", "a date with no word: start, stop or give on?"],
  ["2 tabs AM until 7/12 then 1 tab", "until_unclear", "2 tabs to the 7th (inclusive?), then 1 tab"],
  ["2 tabs AM for 3 days, then 1 tab AM", "taper_by_day_number", "2 tabs for 3 days from when? then 1 tab"],
  // Amounts and judgement:
  ["1-2 tabs BID", "amount_range", "1 or 2 tabs: how many for this dog?"],
  [
    "Tramadol 50mg 1-2 tabs every 8-12 hours as needed for pain",
    "amount_range",
    "as needed for pain, dose and interval to agree with the vet",
  ],
  ["Carprofen 2mg/kg BID", "by_weight", "needs the dog's weight to work out the dose"],
  [
    "Hydrocortisone cream to paws twice daily",
    "no_amount",
    "how much cream? a thin layer, twice daily: a person sets it",
  ],
  ["As directed", "left_to_judgement", "nothing to go on: ask the owner"],
  ["See vet letter", "left_to_judgement", "read the vet's letter"],
  [
    "Phenobarbital 30mg BID, increase to 45mg next week",
    "left_to_judgement",
    "30 mg BID now; when does 45 mg start?",
  ],
  [
    "Give half in the morning and the rest at night",
    "left_to_judgement",
    "half of what? the total is not written",
  ],
  ["Insulin per glucose curve", "left_to_judgement", "dose by glucose readings: the vet's plan"],
  ["Give 1 tab BID until stools are firm", "left_to_judgement", "stop when stools are firm: a person judges"],
  ["Apoquel 1 tab twice daily or as needed", "needed_and_routine", "routine or as needed? ask"],
  ["Piriton 4mg PRN at bedtime", "needed_and_routine", "as needed, or every bedtime? ask"],
];

/** Medications read with their midday and evening fields. */
export const FIELDS: Array<[CareFields, Reading]> = [
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
export const FEEDING: Array<
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

/** Issue 42: plain words, in the ways kennels write them, and the nurse's reading. */
const PLAIN: Array<[CareFields | string, Reading]> = [
  // Latin and clinical frequencies.
  ["Vetmedin 5mg 1 tab bd", { rounds: [M, E], amount: "1 tab", strength: "5mg" }],
  ["Felimazole 2.5mg 1 tab b.i.d.", { rounds: [M, E] }],
  ["Metronidazole 200mg 1 tab TDS", { rounds: [M, N, E] }],
  ["Clavaseptin 500mg one tab q12h with food", { rounds: [M, E] }],
  ["Gabapentin 100mg 1 cap q8h", { rounds: [M, N, E], highAlert: "controlled" }],
  ["Thyforon 400mcg 1 tab q24h AM", { rounds: [M], strength: "400mcg" }],
  ["Prednisolone 5mg 1 tab mane", { rounds: [M] }],
  ["Zylkene 225mg 1 cap nocte", { rounds: [E] }],
  ["Amlodipine 1.25mg 1 tab om", { rounds: [M], strength: "1.25mg" }],
  ["Cardisure 2.5mg 1 tab od with breakfast", { rounds: [M] }],
  ["Frusemide 40mg 1/2 tab sid mane", { rounds: [M], amount: "1/2 tab" }],
  ["Piriton 4mg 1 tab prn for itching", { rounds: [], kind: { kind: "as_needed", reason: "for itching" } }],
  ["Cerenia 16mg 1 tab SOS if vomiting", { rounds: [], kind: { kind: "as_needed", reason: "if vomiting" } }],
  [
    "Buscopan 1 tab when required for tummy cramps",
    { rounds: [], kind: { kind: "as_needed", reason: "for tummy cramps" } },
  ],
  [
    "Tramadol 50mg 1 tab when reqd for pain, not more than every 8 hrs",
    {
      rounds: [],
      kind: { kind: "as_needed", reason: "for pain", maxPer24h: 3, minHoursBetween: 8 },
      highAlert: "controlled",
    },
  ],
  [
    "Piriton 1 tab p.r.n. if itchy, max 2 a day",
    { rounds: [], kind: { kind: "as_needed", reason: "if itchy", maxPer24h: 2 } },
  ],
  [
    "Sileo 1 dot as & when needed for fireworks",
    { rounds: [], kind: { kind: "as_needed", reason: "for fireworks" }, highAlert: "kennel" },
  ],
  ["Otomax 4 drops AD BID", { rounds: [M, E], amount: "4 drops" }],
  ["Isathal 1 drop OU TID", { rounds: [M, N, E], amount: "1 drop OU" }],
  ["Thyroxine 0.8mg 1 tab 2x/day", { rounds: [M, E], strength: "0.8mg" }],
  ["Fortekor 2.5mg 1 tab x1 daily am", { rounds: [M] }],
  ["Imepitoin 400mg 1 tab 12 hourly", { rounds: [M, E], highAlert: "anticonvulsant" }],
  // Clock times and pairs.
  ["Vetsulin 4u 0800/2000", { rounds: [M, E], amount: "4u", highAlert: "insulin" }],
  ["Pheno 30mg 1 tab 7 & 19", { rounds: [M, E], highAlert: "anticonvulsant" }],
  ["Thyroxine 0.5mg 1 tab 08:00 and 20:00", { rounds: [M, E] }],
  ["Cardisure 5mg 1/2 tab at 7.30am & 7.30pm", { rounds: [M, E], amount: "1/2 tab" }],
  ["Gabapentin 50mg 1 cap at 8 and 20", { rounds: [M, E], highAlert: "controlled" }],
  ["Prozinc 2 units 7am-7pm after food", { rounds: [M, E], amount: "2 units", highAlert: "insulin" }],
  ["Insulin 3u at 0730hrs and 1930hrs", { rounds: [M, E], amount: "3u", highAlert: "insulin" }],
  // Typos of round and frequency words.
  ["Apoquel 16mg 1 tab twcie daily", { rounds: [M, E], amount: "1 tab" }],
  ["Vetmedin 5mg 1 tab mornign and evening", { rounds: [M, E] }],
  ["Metacam 1.5ml with brekfast", { rounds: [M], amount: "1.5ml" }],
  ["Zylkene 1 cap at bedtiem", { rounds: [E] }],
  ["Rimadyl 50mg 1 tab with diner", { rounds: [E] }],
  ["Felimazole 1 tab evry morning", { rounds: [M] }],
  ["Thyroxine 1 tab twice daliy", { rounds: [M, E] }],
  ["Yumove 1 tab with breakfst", { rounds: [M] }],
  ["Selgian 10mg 1 tab every evenign", { rounds: [E] }],
  // Durations and ranges.
  ["Synulox 250mg 1 tab BID x10d from 5/12", { rounds: [M, E], start: "2026-12-05", stop: "2026-12-14" }],
  [
    "Metronidazole 250mg 1 tab BID for a week starting 6/12",
    { rounds: [M, E], start: "2026-12-06", stop: "2026-12-12" },
  ],
  [
    "Cephalexin 500mg 1 cap BID 7 days, started 4/12",
    { rounds: [M, E], start: "2026-12-04", stop: "2026-12-10" },
  ],
  ["Marbocyl 20mg 1 tab SID AM, course ends on the 9th", { rounds: [M], stop: "2026-12-09" }],
  [
    "Clavaseptin 1 tab BID from the 6th to the 10th",
    { rounds: [M, E], start: "2026-12-06", stop: "2026-12-10" },
  ],
  ["Prednisolone 10mg 1 tab SID AM, last dose 9/12", { rounds: [M], stop: "2026-12-09" }],
  ["Baytril 50mg 1 tab SID AM to 11/12", { rounds: [M], stop: "2026-12-11" }],
  ["Antirobe 75mg 1 cap BID 5/12 - 9/12", { rounds: [M, E], start: "2026-12-05", stop: "2026-12-09" }],
  ["Cefalexin 1 cap BID ends 8/12", { rounds: [M, E], stop: "2026-12-08" }],
  [
    "Ronaxan 100mg 1 tab SID PM x 14 days from 1/12",
    { rounds: [E], start: "2026-12-01", stop: "2026-12-14" },
  ],
  ["Synulox 1 tab BID for 2 wks, started 28/11", { rounds: [M, E], start: "2026-11-28", stop: "2026-12-11" }],
  ["Metacam 1ml SID with dinner until finished", { rounds: [E], amount: "1ml" }],
  ["Clindaseptin 1 cap BID, course finishes 10 Dec", { rounds: [M, E], stop: "2026-12-10" }],
  // Weekdays, alternate days and weeks, every third day.
  ["Fortekor 5mg 1 tab AM M/W/F", { rounds: [M], days: { every: "weekdays", weekdays: [1, 3, 5] } }],
  [
    "Cartrophen 1ml injection PM Mon Wed Fri",
    { rounds: [E], days: { every: "weekdays", weekdays: [1, 3, 5] } },
  ],
  ["Vitamin B12 1ml Tu/Th AM", { rounds: [M], days: { every: "weekdays", weekdays: [2, 4] } }],
  ["Fish oil 1 capsule Sat & Sun mornings", { rounds: [M], days: { every: "weekdays", weekdays: [0, 6] } }],
  ["Glucosamine 1 tab MWF with breakfast", { rounds: [M], days: { every: "weekdays", weekdays: [1, 3, 5] } }],
  ["Selgian 10mg 1 tab every Mon/Thu AM", { rounds: [M], days: { every: "weekdays", weekdays: [1, 4] } }],
  [
    "Atopica 50mg 1 cap every other day AM, last given 4/12",
    { rounds: [M], days: { every: "n_days", n: 2, from: "2026-12-04" } },
  ],
  [
    "Cartrophen 0.5ml inj every 3rd day AM from 6/12",
    { rounds: [M], days: { every: "n_days", n: 3, from: "2026-12-06" }, start: "2026-12-06" },
  ],
  [
    "Drontal Plus 1 tab with breakfast on 7/12 only",
    { rounds: [M], days: { every: "dates", dates: ["2026-12-07"] } },
  ],
  [
    "Milbemax 1 tab every other week with dinner, next due 8/12",
    { rounds: [E], days: { every: "dates", dates: ["2026-12-08"] } },
  ],
  // Negations in a field.
  [
    { medication: "Apoquel 16mg 1 tab AM", medicationNoon: "no lunchtime dose", medicationPm: "1 tab" },
    { rounds: [M, E] },
  ],
  [{ medication: "Metacam 1.5ml with breakfast", medicationPm: "nothing" }, { rounds: [M] }],
  ["Vetmedin 5mg 1 tab BID, no lunchtime dose", { rounds: [M, E] }],
  ["Rimadyl 50mg 1 tab AM, skip PM", { rounds: [M], amount: "1 tab" }],
  ["Rimadyl 50mg 1 tab AM, no PM dose", { rounds: [M], amount: "1 tab" }],
  ["Rimadyl 50mg 1 tab AM, NOT at night", { rounds: [M], amount: "1 tab" }],
  [{ medication: "Thyroxine 0.2mg 1 tab AM", medicationPm: "none" }, { rounds: [M] }],
  [
    { medication: "Keppra 250mg 1 tab AM & PM", medicationNoon: "not given" },
    { rounds: [M, E], highAlert: "anticonvulsant" },
  ],
  // Conditions, with or without "if".
  [
    "Caninsulin 6 units BID not eating = no jab",
    { rounds: [M, E], kind: { kind: "conditional", condition: "not eating = no jab" }, highAlert: "insulin" },
  ],
  [
    "Prozinc 3u BID - skip if sick",
    { rounds: [M, E], kind: { kind: "conditional", condition: "skip if sick" }, highAlert: "insulin" },
  ],
  [
    "Metacam 1.2ml SID PM only after food",
    { rounds: [E], kind: { kind: "conditional", condition: "only after food" } },
  ],
  [
    "Insulin 4u AM & PM, hold if not eaten",
    { rounds: [M, E], kind: { kind: "conditional", condition: "hold if not eaten" }, highAlert: "insulin" },
  ],
  [
    "Vetoryl 60mg 1 cap AM with food, don't give if vomiting or off food",
    { rounds: [M], kind: { kind: "conditional", condition: "don't give if vomiting or off food" } },
  ],
  [
    "Lactulose 1ml BID, stop if loose",
    { rounds: [M, E], kind: { kind: "conditional", condition: "stop if loose" } },
  ],
  [
    "Tramadol 50mg BID unless sleepy/wobbly",
    {
      rounds: [M, E],
      kind: { kind: "conditional", condition: "unless sleepy/wobbly" },
      highAlert: "controlled",
    },
  ],
  [
    "Metacam 1.5ml AM only if eating well",
    { rounds: [M], kind: { kind: "conditional", condition: "only if eating well" } },
  ],
  [
    "Gabapentin 100mg 1 cap at night if restless",
    { rounds: [E], kind: { kind: "conditional", condition: "if restless" }, highAlert: "controlled" },
  ],
  [
    "Metacam 1ml with breakfast unless tummy upset",
    { rounds: [M], kind: { kind: "conditional", condition: "unless tummy upset" } },
  ],
  [
    "Metacam 1ml AM, skip if temp above 39.2",
    { rounds: [M], kind: { kind: "conditional", condition: "skip if temp above 39.2" } },
  ],
  [
    "Caninsulin 8iu BID, no food = no insulin",
    {
      rounds: [M, E],
      kind: { kind: "conditional", condition: "no food = no insulin" },
      highAlert: "insulin",
    },
  ],
  [
    "Prozinc 4u twice daily only once eaten",
    { rounds: [M, E], kind: { kind: "conditional", condition: "only once eaten" }, highAlert: "insulin" },
  ],
  [
    "Vetoryl 30mg 1 cap AM, withhold if vomiting/diarrhoea",
    { rounds: [M], kind: { kind: "conditional", condition: "withhold if vomiting/diarrhoea" } },
  ],
  // Decimals and commas kept whole.
  ["Metacam 1.5 mg/ml 2.4ml SID AM", { rounds: [M], amount: "2.4ml" }],
  ["Thyroxine 0,4 mg 1 tab BID", { rounds: [M, E], strength: "0,4 mg" }],
  [
    "Caninsulin 2.5 units twice daily with meals",
    { rounds: [M, E], amount: "2.5 units", highAlert: "insulin" },
  ],
  ["Vetmedin 1.25mg 0.25 tab AM", { rounds: [M], amount: "0.25 tab", strength: "1.25mg" }],
  ["Prednisolone 2 x 10mg tablets SID AM", { rounds: [M], amount: "2 x 10mg tablets" }],
  [
    "Bravecto 20-40kg 1 chew with dinner on 9/12",
    { rounds: [E], amount: "1 chew", days: { every: "dates", dates: ["2026-12-09"] } },
  ],
  // Several drugs in one slot, each read on its own.
  [
    { medication: "Vetmedin 5mg 1 tab AM", medicationPm: "Fortekor 5mg 1 tab" },
    {
      rounds: [M, E],
      parts: [
        { name: "Vetmedin 5mg", rounds: [M] },
        { name: "Fortekor 5mg", rounds: [E] },
      ],
    },
  ],
  [
    { medication: "Apoquel 16mg 1 tab AM", medicationNoon: "Metacam 1ml" },
    {
      rounds: [M, N],
      parts: [
        { name: "Apoquel 16mg", rounds: [M] },
        { name: "Metacam", rounds: [N] },
      ],
    },
  ],
  [
    "Vetmedin 5mg 1 tab BID, Fortekor 5mg 1 tab AM, Furosemide 20mg 1 tab BID",
    {
      rounds: [M, E],
      parts: [
        { name: "Vetmedin 5mg", rounds: [M, E] },
        { name: "Fortekor 5mg", rounds: [M] },
        { name: "Furosemide 20mg", rounds: [M, E] },
      ],
    },
  ],
  [
    "Apoquel 16mg 1 tab AM + Yumove 1 tab PM",
    {
      rounds: [M, E],
      parts: [
        { name: "Apoquel 16mg", rounds: [M] },
        { name: "Yumove", rounds: [E] },
      ],
    },
  ],
  [
    "Metacam 1.5ml AM; Gabapentin 100mg 1 cap BID",
    {
      rounds: [M, E],
      highAlert: "controlled",
      parts: [
        { name: "Metacam", rounds: [M] },
        { name: "Gabapentin 100mg", rounds: [M, E] },
      ],
    },
  ],
  [
    "Thyroxine 0.4mg BID and Vetmedin 2.5mg BID",
    {
      rounds: [M, E],
      parts: [
        { name: "Thyroxine 0.4mg", rounds: [M, E] },
        { name: "Vetmedin 2.5mg", rounds: [M, E] },
      ],
    },
  ],
  // High-alert by name, brand and abbreviation.
  ["Phenobarb 60mg 1 tab BID", { rounds: [M, E], highAlert: "anticonvulsant" }],
  ["Tramal 50mg 1 cap q8h", { rounds: [M, N, E], highAlert: "controlled" }],
  ["Lyrica 25mg 1 cap BID", { rounds: [M, E], highAlert: "controlled" }],
  ["Neurontin 100mg 1 cap at night", { rounds: [E], highAlert: "controlled" }],
  ["Libromide 325mg 1 tab SID PM", { rounds: [E], highAlert: "anticonvulsant" }],
  ["Pexion 100mg 1 tab BID", { rounds: [M, E], highAlert: "anticonvulsant" }],
  ["Epiphen 60mg 1 tab 8am 8pm", { rounds: [M, E], highAlert: "anticonvulsant" }],
  ["Vetergesic 0.3ml under the tongue TID", { rounds: [M, N, E], highAlert: "controlled" }],
  ["Humulin N 3 units BID with food", { rounds: [M, E], highAlert: "insulin" }],
  ["Lantus 2u BID", { rounds: [M, E], amount: "2u", highAlert: "insulin" }],
  ["Soliphen 60mg 1 tab BID", { rounds: [M, E], highAlert: "anticonvulsant" }],
  ["Codeine 15mg 1 tab BID for cough", { rounds: [M, E], highAlert: "controlled" }],
  // Plain instructions as owners and staff type them.
  ["Apoquel 16mg 1 tab AM for itchy skin", { rounds: [M] }],
  ["Yumove Advance 1 tab daily with breakfast for joints", { rounds: [M] }],
  ["Owner's own Metacam 1.8ml on food each evening please", { rounds: [E], amount: "1.8ml" }],
  ["Vetmedin 5mg 1 tab BID (give 1 hr before food)", { rounds: [M, E] }],
  ["Fortiflora 1 sachet sprinkled on breakfast", { rounds: [M], amount: "1 sachet" }],
  ["Denamarin 1 tab every morning on an empty stomach", { rounds: [M] }],
  ["Cystophan 1 cap BID opened onto food", { rounds: [M, E] }],
  ["Zylkene 75mg 1 cap AM & PM, hide in cheese", { rounds: [M, E] }],
  ["Omega 3 1 capsule with dinner", { rounds: [E] }],
  ["Metacam 0.6ml SID PM with food, thanks", { rounds: [E], amount: "0.6ml" }],
  ["Semintra 1.2ml once a day in the morning", { rounds: [M], amount: "1.2ml" }],
  ["Vetoryl 30mg 1 cap AM with breakfast", { rounds: [M] }],
  ["Ipakitine 1 scoop on food BID", { rounds: [M, E], amount: "1 scoop" }],
  ["Propalin 0.4ml BID on food", { rounds: [M, E], amount: "0.4ml" }],
  // The other fields: a fast for a procedure, an allergy that matches nothing.
  [
    {
      dietaryRequirements: "Own food 1 cup AM 1 cup PM",
      notes: "Spay Wed 9/12 at Vets4Pets - nil by mouth from 10pm the night before",
    },
    {
      rounds: [M, E],
      feeding: "diet",
      fast: { day: "2026-12-09", from: { date: "2026-12-08", time: "22:00" } },
    },
  ],
  [
    { dietaryRequirements: "Burns 1 cup twice daily", notes: "Dental Fri 11th - NPO after midnight" },
    {
      rounds: [M, E],
      feeding: "diet",
      fast: { day: "2026-12-11", from: { date: "2026-12-11", time: "00:00" } },
    },
  ],
  [
    { medicalNotes: "Booked for castration 10/12, no food after 8pm on 9/12, water OK" },
    {
      rounds: [M, E],
      feeding: "house_routine",
      fast: { day: "2026-12-10", from: { date: "2026-12-09", time: "20:00" } },
    },
  ],
  [
    { evaluationCompleteNotes: "Neuter on 8 Dec - starve from midnight until 11am" },
    {
      rounds: [M, E],
      feeding: "house_routine",
      fast: { day: "2026-12-08", from: { date: "2026-12-08", time: "00:00" }, until: "11:00" },
    },
  ],
  [
    { dietaryRequirements: "Lily's Kitchen 1 pouch AM 1 pouch PM", notes: "Fast eater, use slow feeder" },
    { rounds: [M, E], feeding: "diet", amount: "1 pouch" },
  ],
  [{ allergies: "Grass pollen, flea bites", medication: "Apoquel 16mg 1 tab AM" }, { rounds: [M] }],
  [
    { allergies: "chicken", dietaryRequirements: "Chicken-free kibble 1 cup AM 1 cup PM" },
    { rounds: [M, E], feeding: "diet" },
  ],
  [{ allergies: "None known", medication: "Synulox 250mg 1 tab BID" }, { rounds: [M, E] }],
  // Diets: a day's total divided where the words say how, free feeding, meals a day.
  [
    { dietaryRequirements: "Royal Canin Gastro 300g a day split into 2 meals" },
    {
      rounds: [M, E],
      feeding: "diet",
      roundAmounts: { morning: "half of 300g a day", evening: "half of 300g a day" },
    },
  ],
  [
    { dietaryRequirements: "Raw, 500g per day over 2 meals" },
    {
      rounds: [M, E],
      feeding: "diet",
      roundAmounts: { morning: "half of 500g per day", evening: "half of 500g per day" },
    },
  ],
  [
    { dietaryRequirements: "400g per day, 200g AM 200g PM" },
    { rounds: [M, E], feeding: "diet", amount: "200g" },
  ],
  [{ dietaryRequirements: "Ad lib dry food" }, { rounds: [M, E], feeding: "diet", amount: "Ad lib" }],
  [
    { dietaryRequirements: "James Wellbeloved Senior 1 cup twice a day" },
    { rounds: [M, E], feeding: "diet", amount: "1 cup" },
  ],
  [
    { dietaryRequirements: "Hills i/d wet 1 tin BID, soaked" },
    { rounds: [M, E], feeding: "diet", amount: "1 tin" },
  ],
  [
    { dietaryRequirements: "Skinners Duck & Rice 2 scoops breakfast and tea" },
    { rounds: [M, E], feeding: "diet", amount: "2 scoops" },
  ],
  [
    { dietaryRequirements: "Kibble mixed with warm water, 3 meals a day", petType: "Dog" },
    { rounds: [M, N, E], feeding: "diet" },
  ],
  // Held out while the vocabulary grew (issue 42's figures say how many of these it missed), then added.
  ["Metacam 2.5ml once daily in the evening with his tea", { rounds: [E], amount: "2.5ml" }],
  ["Apoquel 5.4mg half tab twice a day", { rounds: [M, E], amount: "half tab" }],
  ["Give 1 Yumove tablet every morning with brekky", { rounds: [M] }],
  ["Cardisure 10mg 1 tab twice daily 12 hrs apart, give with food", { rounds: [M, E] }],
  ["Thyroxine 200mcg 1 tablet BID", { rounds: [M, E], strength: "200mcg" }],
  ["Galliprant 60mg 1 tab SID with breakfast", { rounds: [M] }],
  ["Vivitonin 50mg 1/2 tab BID, 30 mins before food", { rounds: [M, E], amount: "1/2 tab" }],
  ["Selgian 4mg 1 tab each morning", { rounds: [M] }],
  [
    "Prednisolone 5mg 1 tab every other day in the morning, started 3/12",
    { rounds: [M], days: { every: "n_days", n: 2, from: "2026-12-03" }, start: "2026-12-03" },
  ],
  [
    "Clavaseptin 250mg 1 tab morning & night for 7 days from 6/12",
    { rounds: [M, E], start: "2026-12-06", stop: "2026-12-12" },
  ],
  ["Zylkene 1 capsule twice a day opened over food", { rounds: [M, E] }],
  ["Fortekor 5mg 1 tablet in the morning with food", { rounds: [M] }],
  [
    "Frusemide 40mg 1 tab AM and 1/2 tab PM",
    { rounds: [M, E], roundAmounts: { morning: "1 tab", evening: "1/2 tab" } },
  ],
  ["Lantus 3 units twice daily after meals", { rounds: [M, E], amount: "3 units", highAlert: "insulin" }],
  ["Denamarin 225mg 1 tab SID on empty stomach in AM", { rounds: [M] }],
  [
    "Keppra 250mg 1 tab three times daily at 7am, 3pm & 11pm",
    { rounds: [M, N, E], highAlert: "anticonvulsant" },
  ],
  ["Atopica 50mg 1 cap daily, 2 hours before breakfast", { rounds: [M] }],
  ["Eye drops 1 drop both eyes twice daily", { rounds: [M, E], amount: "1 drop both eyes" }],
  ["Chloramphenicol drops 1 drop both eyes BID", { rounds: [M, E], amount: "1 drop both eyes" }],
  ["Chloramphenicol drops 1 drop OU BID", { rounds: [M, E], amount: "1 drop OU" }],
  ["Seraquin 1 tab per day with dinner", { rounds: [E] }],
  // Amounts per round, each beside its round.
  [
    "Cardisure 5mg 1 tab morning, 1/2 tab evening",
    { rounds: [M, E], roundAmounts: { morning: "1 tab", evening: "1/2 tab" } },
  ],
  [
    "Caninsulin 6iu AM 4iu PM",
    { rounds: [M, E], highAlert: "insulin", roundAmounts: { morning: "6iu", evening: "4iu" } },
  ],
];

/** Issue 42: instructions only a person can settle, each with the careful nurse's reading. */
const PERSON: Array<[CareFields | string, string, Doubt?]> = [
  // A clock time outside its round's dose window (07:30, 12:00, 18:00; 60 minutes before, 120 after).
  [
    "Keppra 250mg 1 tab TID 7am 3pm 11pm",
    "3pm and 11pm are hours from the midday and evening rounds: given then, or at other times?",
    "time_off_round",
  ],
  [
    "Keppra 500mg 1 tab TDS 7am 3pm 11pm",
    "3pm and 11pm are hours from the midday and evening rounds: given then, or at other times?",
    "time_off_round",
  ],
  [
    "Caninsulin 5iu at 6 & 18 with food",
    "6am is an hour and a half before breakfast: at the round?",
    "time_off_round",
  ],
  [
    "Phenobarbital 60mg 1 tab 9am/9pm",
    "9pm is three hours after the evening round: then, or later?",
    "time_off_round",
  ],
  [
    "Levetiracetam 500mg 1 tab 0700, 1500, 2300",
    "15:00 and 23:00 are hours from the midday and evening rounds",
    "time_off_round",
  ],
  ["Vetmedin 1.25mg 1 tab at 3am", "3am is no round of ours: when is it given?", "time_off_round"],
  ["Phenobarbital 30mg at 6am and 10pm", "6am and 10pm are outside the rounds: when?", "time_off_round"],
  // A round's own way of giving it, or an amount beside a round that is no clock time.
  [
    "Metacam 1.5ml AM with food, PM without food",
    "with food in the morning, without in the evening",
    "food_differs",
  ],
  ["Thyroxine 0.4mg am 0.2 pm", "0.4 mg in the morning, 0.2 mg in the evening", "amounts_differ"],
  [
    "Rimadyl 50mg 1 tab AM (was PM, changed by vet)",
    "morning only now: what did the vet change?",
    "unplaced_words",
  ],
  [
    "Diazepam 5mg rectal tube if seizure lasts more than 3 mins",
    "an emergency dose for a long seizure, then call the vet",
    "condition_no_round",
  ],
  ["Stesolid 10mg if fitting >3 mins", "an emergency dose for a long seizure: as needed, and call the vet"],
  [
    "Chloramphenicol 1 drop OS q6h",
    "four drops a day in the left eye: a fourth time to add",
    "more_than_rounds",
  ],
  ["Doxycycline 100mg 1 tab SID with dinner till 10/12", "is the 10th the last dose?", "until_unclear"],
  [
    "Metacam 1 dose daily with breakfast for 5 days",
    "a five-day course: when did it start?",
    "duration_no_start",
  ],
  [
    "Metacam STOPPED by vet 1/12 - do not give",
    "not given: confirm with the owner that it is stopped",
    "stopped",
  ],
  ["Previcox 57mg – no longer given", "not given any more: confirm and take it off", "stopped"],
  ["Onsior 1 tab SID AM not given on Sundays", "every day but Sunday: a person sets the days"],
  [
    "Keppra 500mg TID – no lunchtime dose",
    "three times a day yet no lunch dose: ask which",
    "rounds_disagree",
  ],
  [
    "Give Prozinc 2 units if blood sugar above 15",
    "a dose by a glucose reading: the vet's plan",
    "condition_no_round",
  ],
  [
    "Insulin 4 units BID - if not eating give half",
    "4 units, but half a dose if she does not eat: the amount changes",
  ],
  [
    "Phenobarbital 60mg BID, if temp above 39.2 call vet",
    "BID, and a call to the vet on a fever: the condition is not about the dose",
  ],
  ["Metacam 1.5ml or Loxicom if run out", "one of two drugs: which one is here?"],
  [
    "Half a tab in the morning, whole one at night",
    "two amounts: half in the morning, one at night",
    "unplaced_words",
  ],
  [
    "Rimadyl 1 tab AM (owner to confirm dose)",
    "the dose is not confirmed yet: ask the owner",
    "left_to_judgement",
  ],
  ["Insulin as per chart", "read the chart", "left_to_judgement"],
  ["Apoquel 1 tab every day", "once a day: morning or evening?", "once_no_round"],
  ["Metacam 1.5ml SID", "once a day: at which meal?", "once_no_round"],
  ["Rimadyl 50mg 1 tab BID or as needed for pain", "routine, or only when needed?", "needed_and_routine"],
  ["Seresto collar on", "nothing to give: the collar stays on"],
  ["Credelio 1 tab with food on 10/12", "on the 10th with food: at breakfast or dinner?", "no_round"],
  ["Yumove – sprinkle on food", "once a day with a meal? how much?"],
  ["1/2 - 1 tab BID depending on pain", "how much, today? a person judges", "amount_range"],
  [
    "Tramadol 50mg 1 tab BID, can increase to TID if sore",
    "BID, more if sore: the vet's call",
    "left_to_judgement",
  ],
  [
    "Frusemide 20mg 1 tab AM, extra 1/2 tab PM if coughing",
    "an extra dose on a sign: the vet's call",
    "left_to_judgement",
  ],
  [
    "Keppra 250mg 1 tab TID, if cluster seizure give extra 250mg and call vet",
    "TID, and an emergency plan: a person reads it",
    "left_to_judgement",
  ],
  [
    "Atopica 100mg 1 cap AM alternate weeks",
    "daily every other week: which week is this?",
    "left_to_judgement",
  ],
  [
    "Atopica 100mg 1 cap AM, week on week off from 7/12",
    "daily on its weeks on: a person sets the days",
    "left_to_judgement",
  ],
  [
    "Cerenia 60mg 1 tab 1hr before travel if car sick",
    "before a journey, if car sick: no journey in kennels, ask",
  ],
  [
    "Vetmedin 5mg 1 tab BID, Fortekor 1 tab, Frusemide",
    "three drugs, two without times: ask",
    "parts_unclear",
  ],
  [
    "Cerenia 1 tab AM, Piriton PRN",
    "a routine drug and an as-needed one in one entry: set each",
    "parts_unclear",
  ],
  ["Nexgard Spectra given by owner, nothing to do", "nothing to give here"],
  [
    "Cytopoint jab at vets 8/12 - owner's vet will do it",
    "the vet gives it: nothing for the kennel to give",
    "left_to_judgement",
  ],
  [
    "Metacam 1.5ml with breakfast. Vet said stop if black poo",
    "a stop sign to watch for, given as the vet's word: a person reads it",
  ],
  ["Gabapentin 100mg 1 cap BID, may need 2 if v stiff", "1 cap BID, 2 when stiff: the amount changes"],
  // The other fields: a fast with no day, allergies held against the plan.
  [
    { dietaryRequirements: "Own food 1 cup AM 1 cup PM", notes: "NBM from midnight, op tomorrow" },
    "no food before the op, but which day is 'tomorrow'?",
    "fasting",
  ],
  [
    { medicalNotes: "Fast from 8pm for bloods, date tbc" },
    "a fast for bloods, date not known yet: ask",
    "fasting",
  ],
  [
    { allergies: "Amoxicillin", medication: "Synulox 250mg 1 tab BID" },
    "Synulox is amoxicillin-clavulanate: do not give, call the vet",
    "allergy",
  ],
  [
    { allergies: "Penicillin - swelling", medication: "Clavaseptin 500mg 1 tab BID" },
    "a penicillin: do not give, call the vet",
    "allergy",
  ],
  [
    { medicalNotes: "Allergic to Metacam (vomiting)", medication: "Loxicom 1.5ml SID AM" },
    "Loxicom is meloxicam too: call the vet",
    "allergy",
  ],
  [
    { allergies: "NSAIDs", medication: "Rimadyl 50mg 1 tab BID" },
    "Rimadyl is an NSAID: call the vet",
    "allergy",
  ],
  [
    { allergies: "beef", dietaryRequirements: "Beef and rice 1 cup AM 1 cup PM" },
    "a beef allergy and a beef diet: ask the owner",
    "allergy",
  ],
  [
    { notes: "Intolerant of poultry", dietaryRequirements: "Turkey & rice 200g AM 200g PM" },
    "turkey is poultry: ask the owner",
    "allergy",
  ],
  [
    { allergies: "Fish", medication: "Yuderm fish oil 1 capsule AM" },
    "fish oil and a fish allergy: ask the vet",
    "allergy",
  ],
  [
    { allergies: "Dairy", medication: "Rimadyl 1 tab BID hidden in cheese" },
    "cheese and a dairy allergy: hide it in something else",
    "allergy",
  ],
  [
    { allergies: "Cephalexin", medication: "Synulox 250mg BID" },
    "a cephalosporin allergy and a penicillin: ask the vet",
    "allergy",
  ],
  [
    { allergies: "Sulfa drugs", medication: "Tribrissen 1 tab BID" },
    "Tribrissen is a sulphonamide: call the vet",
    "allergy",
  ],
  // Diets: a day's total with no word for how it is split, more meals than rounds.
  [{ dietaryRequirements: "Burns 250g daily" }, "250 g a day: in one meal or two?", "daily_total"],
  [
    { dietaryRequirements: "3 pouches a day" },
    "three pouches a day over two rounds: how many at each?",
    "daily_total",
  ],
  [
    { dietaryRequirements: "Kitten food, 6 little meals" },
    "six small meals: more than the rounds",
    "more_than_rounds",
  ],
  [{ dietaryRequirements: "1 cup a day" }, "a cup a day: one meal or two?", "daily_total"],
];

/** Feeding the nurse leaves to a person, with her reading. */
const FEEDING_NURSE: Partial<Record<Doubt, string>> = {
  fasting: "nil by mouth before an op: no breakfast that day, but which day?",
  amount_range: "two or three meals: which rounds?",
  once_no_round: "one meal a day: morning or evening?",
  field_conflict: "three meals a day, yet no lunch: which is it?",
};

/** One case of the corpus: the care fields, the item read, and the nurse's reading. */
export interface Case {
  fields: CareFields;
  item: "meal" | "med:1";
  expected: { reading: Reading } | { person: string; doubt?: Doubt };
  words: string;
}

const asFields = (f: CareFields | string): CareFields => (typeof f === "string" ? { medication: f } : f);
const medItem = (f: CareFields): "meal" | "med:1" =>
  Object.keys(f).some((k) => k.startsWith("medication")) ? "med:1" : "meal";

/** The whole corpus, every case once. */
export function corpus(): Case[] {
  const words = (f: CareFields) => Object.values(f).filter(Boolean).join(" · ");
  return [
    ...READ.map(
      ([text, reading]): Case => ({
        fields: { medication: text },
        item: "med:1",
        expected: { reading },
        words: text,
      }),
    ),
    ...FIELDS.map(
      ([fields, reading]): Case => ({ fields, item: "med:1", expected: { reading }, words: words(fields) }),
    ),
    ...REFUSED.map(
      ([f, doubt, person]): Case => ({
        fields: asFields(f),
        item: "med:1",
        expected: { person, doubt },
        words: words(asFields(f)),
      }),
    ),
    ...FEEDING.map(
      ([fields, e]): Case => ({
        fields,
        item: "meal",
        expected:
          typeof e === "string"
            ? { person: FEEDING_NURSE[e] ?? "a person reads it", doubt: e }
            : { reading: { ...e } },
        words: words(fields) || "(no diet on record)",
      }),
    ),
    ...PLAIN.map(
      ([f, reading]): Case => ({
        fields: asFields(f),
        item: medItem(asFields(f)),
        expected: { reading },
        words: words(asFields(f)),
      }),
    ),
    ...PERSON.map(
      ([f, person, doubt]): Case => ({
        fields: asFields(f),
        item: medItem(asFields(f)),
        expected: { person, ...(doubt ? { doubt } : {}) },
        words: words(asFields(f)),
      }),
    ),
  ];
}

/** The item a case reads (the first medication, or the meal). */
export function itemOf(c: Case, context: ReaderContext = CONTEXT): PlanItem {
  const plan = draftPlan(c.fields, context);
  const item =
    c.item === "meal" ? plan.items.find((i) => i.key === "meal") : plan.items.find((i) => i.key !== "meal");
  if (!item) throw new Error(`no item for ${c.words}`);
  return item;
}

/** The differences between the reader's reading and the nurse's (none: the same). */
export function differences(item: PlanItem, r: Reading): string[] {
  const out: string[] = [];
  const same = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      out.push(`${what}: ${JSON.stringify(got)}, not ${JSON.stringify(want)}`);
  };
  same(
    "rounds",
    item.when.rounds.map((d) => d.round),
    r.rounds,
  );
  same("days", item.when.days, r.days ?? { every: "day" });
  same("start", item.when.start, r.start);
  same("stop", item.when.stop, r.stop);
  same("steps", item.when.steps, r.steps ?? []);
  same("kind", item.kind, r.kind ?? { kind: "routine" });
  if (r.amount !== undefined) same("amount", item.what.amount, r.amount);
  if (r.strength !== undefined) same("strength", item.what.strength, r.strength);
  if (item.key !== "meal") same("high-alert", item.highAlert?.class, r.highAlert);
  if (r.feeding) same("feeding", item.feeding, r.feeding);
  same(
    "parts",
    item.parts?.map((p) => ({ name: p.what.name, rounds: p.when.rounds.map((d) => d.round) })),
    r.parts,
  );
  same(
    "fast",
    item.fast
      ? { day: item.fast.day, from: item.fast.from, ...(item.fast.until ? { until: item.fast.until } : {}) }
      : undefined,
    r.fast,
  );
  if (r.roundAmounts) {
    same(
      "round amounts",
      Object.fromEntries(item.when.rounds.map((d) => [d.round, d.amount])),
      r.roundAmounts,
    );
  }
  return out;
}

/** What the reader made of a case: right, certain and wrong, or left to a person. */
export type Verdict = "right" | "certain_and_wrong" | "plain_left_to_person" | "left_to_person";

export function judge(
  c: Case,
  context: ReaderContext = CONTEXT,
): { verdict: Verdict; item: PlanItem; why: string[] } {
  const item = itemOf(c, context);
  if ("person" in c.expected) {
    return item.readBy === "nobody"
      ? { verdict: "left_to_person", item, why: [] }
      : {
          verdict: "certain_and_wrong",
          item,
          why: [`sure, but a person must read it: ${c.expected.person}`],
        };
  }
  if (item.readBy === "nobody") return { verdict: "plain_left_to_person", item, why: item.doubts };
  const why = differences(item, c.expected.reading);
  return { verdict: why.length ? "certain_and_wrong" : "right", item, why };
}

/** The corpus's figures: its size, how many of it are for a person, and the two figures of issue 42. */
export function figures(cases: Case[] = corpus()) {
  const verdicts = cases.map((c) => ({ c, ...judge(c) }));
  const plain = verdicts.filter((v) => "reading" in v.c.expected);
  const left = plain.filter((v) => v.verdict === "plain_left_to_person");
  return {
    size: cases.length,
    forPerson: cases.length - plain.length,
    plain: plain.length,
    certainAndWrong: verdicts.filter((v) => v.verdict === "certain_and_wrong"),
    plainLeft: left,
    plainLeftShare: plain.length === 0 ? 0 : left.length / plain.length,
  };
}
