/**
 * Medicine custody in words (issue 49), the same on every surface: "≈ 1 tablet left · runs out Sun
 * 6 Dec, morning dose", "count by hand", "Bramble's Furosemide runs out Sun 6 Dec, morning dose;
 * Bramble goes home Mon 7 Dec: call the owner (1 dose short)", a discrepancy's reason, a register
 * line's movement.
 */
import type { Correction, DoseTaken, MedicineIn, RegisterLine } from "../domain/custody.ts";
import type { DiscrepancyReason } from "../domain/custody-reasons.ts";
import type { Runway } from "../domain/custody-rules.ts";
import {
  amountWords,
  type CountUnit,
  type DoseReading,
  doseByStrength,
  inBalanceUnit,
  quantityWords,
  readAmount,
  unitWords,
} from "../domain/custody-units.ts";
import { localDate } from "../time.ts";
import { BEFORE_WORDS } from "./custody-before.ts";
import { notScheduledWords, runwayNotKnownWords } from "./custody-runway.ts";
import { dayHeading, timeOnDay } from "./dates.ts";
import { reasonWords } from "./doses.ts";
import { outcomeWords } from "./record.ts";

export const REASON_WORDS: Record<DiscrepancyReason, string> = {
  miscount: "counted wrong before",
  dose_not_recorded: "a dose given and not recorded",
  dose_recorded_not_given: "a dose recorded and not given",
  dropped_or_spilled: "dropped, spilled or wasted",
  measure_estimate: "a liquid or pen measured by eye",
  owner_brought_or_took: "the owner brought or took some",
  not_known_yet: "not known yet: being looked into",
  other: "other",
};

const COUNT_BY_HAND = "count by hand";

/**
 * Why a medicine is to count by hand: its dose's amount on the plan, as written, cannot be read in
 * the counted unit: 'its dose on the plan has no amount we can read: "half a tab"', 'its dose on
 * the plan is "5 ml", not counted in tablets', "its dose on the plan has no amount". The plan's words
 * whole, as written: the caller makes them safe.
 */
export function byHandWhy(amount: string | undefined, unit: CountUnit, reading?: DoseReading): string {
  const said = amount?.trim();
  const mass = reading && !readAmount(said) ? byMassWhy(said, unit, reading) : undefined;
  if (mass) return mass;
  if (!said) return "its dose on the plan has no amount";
  const read = readAmount(said);
  return read && read.unit !== unit
    ? `its dose on the plan is "${said}", not counted in ${unitWords(unit, 2)}`
    : `its dose on the plan has no amount we can read: "${said}"`;
}

/** "60 mg", "0.4 mg": a mass in mg as staff read it. */
const mgWords = (n: number): string => `${quantityWords(n)} mg`;

/**
 * Why a dose in mg is not read against the strength counted in: 'its dose on the plan is 60 mg, and
 * the strength of each tablet counted in is not known', 'its dose on the plan is 45 mg: not a whole
 * number of 20 mg tablets, nor a half or a quarter of one'; undefined when the dose says no mass.
 */
function byMassWhy(amount: string | undefined, unit: CountUnit, reading: DoseReading): string | undefined {
  const r = doseByStrength(amount, unit, reading);
  if (!("why" in r) || r.mass === undefined) return undefined;
  const dose = `its dose on the plan is ${mgWords(r.mass)}`;
  if (r.why === "no_strength" || r.strength === undefined)
    return `${dose}, and the strength of each ${unitWords(unit, 1)} counted in is not known`;
  const part = unit === "tablet" ? ", nor a half or a quarter of one" : "";
  return `${dose}: not a whole number of ${mgWords(r.strength)} ${unitWords(unit, 2)}${part}`;
}

/**
 * The dose that left a balance to count by hand (its amount not read in the counted unit), as its
 * register lines say: the last since a count gave a balance again; undefined when the balance is known.
 */
function byHandDose(lines: RegisterLine[]): DoseTaken | undefined {
  let dose: DoseTaken | undefined;
  let known = true;
  for (const l of lines) {
    if (l.kind === "dose" && (l.dose.superseded || l.before)) continue;
    if (l.balance === undefined && known && l.kind === "dose") dose = l.dose;
    known = l.balance !== undefined;
    if (known) dose = undefined;
  }
  return dose;
}

/**
 * "≈ 9 tablets left", or "count by hand" when the balance is not known, saying why when its register
 * (`lines`) does: 'count by hand (its dose on the plan has no amount we can read: "half a tab")'.
 */
export function balanceWords(balance: number | undefined, unit: CountUnit, lines?: RegisterLine[]): string {
  if (balance !== undefined)
    return `≈ ${amountWords(Math.max(balance, 0), unit)} left${balance < 0 ? ` (${quantityWords(-balance)} more given than held: count it)` : ""}`;
  const dose = lines && byHandDose(lines);
  return dose ? `${COUNT_BY_HAND} (${byHandWhy(dose.amountText, unit)})` : COUNT_BY_HAND;
}

/** The first dose a supply cannot cover, dated: "runs out Sun 6 Dec, morning dose". */
const runsOutAtWords = (r: Extract<Runway, { status: "short" }>): string =>
  `runs out ${dayHeading(r.runsOut)}, ${r.runsOutAt} dose`;

/** "runs out Sun 6 Dec, morning dose", "lasts the stay", "count by hand", or why there is none ("runway not known: …"). */
export function runwayShortWords(r: Runway | undefined): string | undefined {
  if (!r) return undefined;
  switch (r.status) {
    case "enough":
      // An open stay (no check-out known) is counted 60 days ahead.
      return r.lastsTo ? "lasts 60 days or more" : "lasts the stay";
    case "short":
      return runsOutAtWords(r);
    case "count_by_hand":
      return r.dose
        ? `${COUNT_BY_HAND} (${byHandWhy(r.dose.amount, r.dose.unit, r.dose.reading)})`
        : COUNT_BY_HAND;
    case "not_scheduled":
      return notScheduledWords(r);
    case "not_known":
      return runwayNotKnownWords(r.why);
  }
}

/**
 * "Bramble's Furosemide runs out Sun 6 Dec, morning dose; Bramble goes home Mon 7 Dec: call the owner
 * (1 dose short)": the same dose, dated, as beside its balance, and the doses short to check-out.
 */
export function runsOutWords(
  petName: string,
  label: string,
  r: Extract<Runway, { status: "short" }>,
): string {
  const home = r.goesHome ? `; ${petName} goes home ${dayHeading(r.goesHome)}` : "";
  const doses = r.dosesShort === 1 ? "1 dose short" : `${r.dosesShort} doses short`;
  return `${petName}'s ${label} ${runsOutAtWords(r)}${home}: call the owner (${doses})`;
}

/** "+28 tablets", "−½ tablet", "±0". */
export const signed = (n: number, unit: CountUnit): string =>
  n === 0 ? "±0" : `${n > 0 ? "+" : "−"}${amountWords(Math.abs(n), unit)}`;

/** A difference found by a count or a hand-back: "−1 tablet against the balance". */
export const differenceWords = (d: number, unit: CountUnit): string =>
  `${signed(d, unit)} against the balance`;

/**
 * What was counted in overall, as the register's "counted in" lines add up: "counted in 60 tablets",
 * "counted in 3 pens of 300 iu", after a refill "counted in 90 tablets (60 + 30 more)"; supplies
 * counted in other units (pens, then ml) in the balance's unit.
 */
export function countedInWords(supplies: MedicineIn[], unit: CountUnit): string {
  const f = supplies[0] as MedicineIn;
  const alike = supplies.every((x) => x.unit === f.unit && x.per?.amount === f.per?.amount);
  const per = alike && f.per ? ` of ${f.per.amount} ${f.per.unit}` : "";
  const each = supplies.map((x) => (alike ? x.quantity : inBalanceUnit(x.quantity, x.unit, x.per)));
  const total = each.reduce((a, b) => Math.round((a + b) * 1e6) / 1e6, 0);
  const parts =
    each.length > 1 ? ` (${each.map((n, i) => `${quantityWords(n)}${i ? " more" : ""}`).join(" + ")})` : "";
  return `counted in ${amountWords(total, alike ? f.unit : unit)}${per}${parts}`;
}

type CountLine = Extract<RegisterLine, { kind: "count" }>;

/** "3 tablets short of it", "1 tablet over it", "matches it", against a balance to count by hand: nothing. */
const againstWords = (d: number | undefined, unit: CountUnit): string =>
  d === undefined
    ? ""
    : d === 0
      ? ": this count matches it"
      : `: this count is ${amountWords(Math.abs(d), unit)} ${d < 0 ? "short of" : "over"} it`;

/** What a correction says: "not given: asleep", "given". */
const correctedTo = (c: Correction): string =>
  c.outcome === "not_given" && c.reasonCode
    ? `not given: ${reasonWords(c.reasonCode)}`
    : outcomeWords(c.outcome);

/** A correction of a dose, by the count's day: "13:05, Jane: 07:40 not given: asleep". */
function correctionWords(d: DoseTaken, day: string, timezone: string): string {
  const c = d.superseded as Correction;
  return `${timeOnDay(c.at, timezone, day)}, ${c.by}: ${timeOnDay(d.at, timezone, day)} ${correctedTo(c)}`;
}

/**
 * A count's figures, the same on every surface (the register, the stay's record, the medicines view,
 * Home, the stock, the connector, the export): what it was counted against then, as recorded ("balance
 * ≈ 59 then (−2 tablets against the balance)"), and, when the record since makes that balance
 * another, beside it: "a correction since (13:05, Jane: 07:40 not given: asleep) makes the balance
 * 60: this count is 3 tablets short of it". Names as recorded: the caller makes them safe.
 */
export function countFiguresWords(
  l: CountLine,
  unit: CountUnit,
  timezone: string,
): { then: string; since?: string | undefined } {
  const e = l.count.expected;
  const then =
    e === undefined
      ? `balance then: ${COUNT_BY_HAND}`
      : `balance ≈ ${amountWords(e, unit)} then (${differenceWords(l.difference ?? 0, unit)})`;
  const s = l.since;
  if (!s) return { then };
  const day = localDate(l.at, timezone);
  const why =
    s.corrections.length === 0
      ? "the record since makes"
      : `${s.corrections.length === 1 ? "a correction" : "corrections"} since (${s.corrections.map((d) => correctionWords(d, day, timezone)).join("; ")}) ${s.corrections.length === 1 ? "makes" : "make"}`;
  const balance = s.balance === undefined ? `one to ${COUNT_BY_HAND}` : amountWords(s.balance, unit);
  return { then, since: `${why} the balance ${balance}${againstWords(s.difference, unit)}` };
}

/** A dose corrected since, beside its struck line: "superseded: corrected 13:05 by Jane: not given: asleep". */
export function supersededWords(d: DoseTaken, timezone: string): string {
  const c = d.superseded as Correction;
  return `superseded: corrected ${timeOnDay(c.at, timezone, localDate(d.at, timezone))} by ${c.by}: ${correctedTo(c)}`;
}

/** What a register line moved: "counted in +28 tablets", "given (morning) −½ tablet", "counted 27". */
export function movementWords(l: RegisterLine, unit: CountUnit): string {
  switch (l.kind) {
    case "in":
      return `counted in ${signed(l.quantity, unit)}`;
    case "dose": {
      const d = l.dose;
      const what =
        d.outcome === "given"
          ? d.kind === "as_needed"
            ? "given if needed"
            : "given"
          : d.outcome === "refused"
            ? "refused (taken from the pack)"
            : `not given: ${reasonWords(d.reasonCode ?? "other")} (taken from the pack)`;
      const round = d.round ? ` (${d.round})` : "";
      if (l.before) return `${what}${round} ${BEFORE_WORDS[l.before]}`;
      const out =
        l.out === undefined ? `${d.amountText ?? "amount not read"}: ${COUNT_BY_HAND}` : signed(-l.out, unit);
      return `${what}${round} ${out}`;
    }
    case "count":
      return `counted ${amountWords(l.count.counted, unit)}`;
    case "out":
      return `handed back ${amountWords(l.handed.quantity, unit)} to ${l.handed.to}`;
  }
}

/** "balance 27½", or "balance: count by hand". */
export const balanceAfterWords = (b: number | undefined): string =>
  b === undefined ? `balance: ${COUNT_BY_HAND}` : `balance ${quantityWords(b)}`;

/** A register line's balance after it: "balance 27", or, for a dose before the counting in, none moved. */
export const lineBalanceWords = (l: RegisterLine): string =>
  l.kind === "dose" && l.before ? "not against the balance" : balanceAfterWords(l.balance);

/** Why a custody form wrote nothing, in the form's words (each ends "Nothing was recorded."). */
export const CUSTODY_REFUSALS = {
  no_store: "This Kennel Desk keeps no care record, so nothing was recorded.",
  no_plan_item:
    "That medicine is not on the pet's care plan now: nothing was recorded. Open 💊 Medicines… again.",
  second_person_missing:
    "A controlled or high-alert medicine: choose the second person who counts it with you.",
  second_person_same: "The second person is someone other than you.",
  unknown_medicine: "That medicine is not in the care record: nothing was recorded.",
  handed_back: "That medicine was handed back already: its custody is closed. Nothing was recorded.",
  explain: "The count differs from the balance: say why, and what happened.",
  not_a_discrepancy: "That count has no discrepancy to close: nothing was recorded.",
  closed_already: "That discrepancy is closed already: nothing more was recorded.",
  not_a_manager: "Only a manager (MEDICINE_MANAGERS) closes a discrepancy. Nothing was recorded.",
  own_count: "Someone other than the person who counted it closes a discrepancy. Nothing was recorded.",
  other_unit: "That medicine is counted in another unit: count the refill in its unit. Nothing was recorded.",
} as const;

/** "The balance says ≈ 9 tablets; you counted 8 (−1 tablet against the balance): say why." */
export const explainWords = (expected: number, counted: number, unit: CountUnit): string =>
  `The balance says ≈ ${amountWords(expected, unit)}; you counted ${amountWords(counted, unit)} (${differenceWords(counted - expected, unit)}): say why, and what happened.`;

/** "The balance says ≈ 28 tablets; 20 are handed back (−8 tablets against the balance): say why, …" */
export const handBackExplainWords = (expected: number, handed: number, unit: CountUnit): string =>
  `The balance says ≈ ${amountWords(expected, unit)}; ${amountWords(handed, unit)} handed back (${differenceWords(handed - expected, unit)}): say why, and what happened. It is kept as a discrepancy until a manager closes it.`;

/** A dose asked about first: "⚠️ Caninsulin: discard by Mon 14 Dec, past it. Check with the owner or the vet before giving it." */
export const pastDiscardWords = (past: Array<{ label: string; discardBy: string }>): string =>
  `⚠️ ${past.map((p) => `${p.label}: discard by ${dayHeading(p.discardBy)}, past it`).join("; ")}. Check with the owner or the vet before giving it; record it only if it was given.`;

/** A dose asked about first: "⚠️ Piriton 4mg: handed back to Mrs Smith on Sun 22 Nov, its custody closed. …" */
export const handedBackWords = (label: string, to: string, date: string): string =>
  `⚠️ ${label}: handed back to ${to} on ${dayHeading(date)}, its custody closed: the kennel holds none. Check what was given before recording it; record it only if it was given.`;

/** Handing back a medicine whose doses are still due: "Phenobarbital 60 mg: doses still due until Sat 5 Dec: …". */
export const stillDueWords = (label: string, until: string): string =>
  `${label}: doses still due until ${dayHeading(until)}: handing it back leaves them without it. Hand it back only if the owner or the vet says so.`;

/** A medicine of the round handed back, on the sheet: "💊 Phenobarbital 60 mg: handed back to Mrs Dylan on Wed 2 Dec: the kennel holds none". */
export const handedBackSheetWords = (label: string, to: string, date: string): string =>
  `💊 ${label}: handed back to ${to} on ${dayHeading(date)}: the kennel holds none`;

/** A medicine's discard-by: "discard by Mon 14 Dec", or past it: "⚠️ past its discard-by (Mon 30 Nov)". */
export const discardByWords = (discardBy: string, past: boolean): string =>
  past ? `⚠️ past its discard-by (${dayHeading(discardBy)})` : `discard by ${dayHeading(discardBy)}`;

/**
 * A medicine counted in past its discard-by, asked first at the form: it is not to be given, and it
 * is still kept in custody, to go home with the pet.
 */
export const pastDiscardAskWords = (discardBy: string): string =>
  `Past its discard-by (${dayHeading(discardBy)}): it should not be given. To keep it in custody until it goes home, tick "${PAST_DISCARD_TICK}" below (each dose then asks first), and ask the owner for an in-date supply. Or check the date.`;

/** The tick on the counting-in form that counts in a medicine past its discard-by. */
export const PAST_DISCARD_TICK = "Count it in, past its date";

/** A refill counted in another unit than its medicine's: "Apoquel 16mg is counted in tablets: count the refill in tablets". */
export const otherUnitWords = (label: string, unit: CountUnit, pack?: CountUnit): string =>
  `${label} is counted in ${unitWords(unit, 2)}: count the refill in ${unitWords(unit, 2)}${pack && pack !== unit ? ` (or in ${unitWords(pack, 2)}, with what each holds)` : ""}.`;

/** The counting-in form's unit, for more of a medicine held: "A refill: count it in tablets, the unit of its balance." */
export const refillHintWords = (unit: CountUnit, per?: CountUnit): string =>
  `A refill of the medicine held: count it in ${unitWords(unit, 2)}${per && per !== unit ? ` (or in ${unitWords(per, 2)})` : ""}, as its balance is kept; another unit is refused.`;

/**
 * A medicine of the plan whose supply no one counted in at drop-off: what is true (no stock is kept
 * for it, so nothing warns before it runs out) and what to do (count what the owner left).
 */
export const notCountedInWords = (label: string): string =>
  `${label}: not counted in, so its stock is not tracked: count in what the owner left`;

/** In place of a plan's medicine name (or strength) longer than a form's field holds: it is not offered in part. */
export const LABEL_TOO_LONG =
  "The care plan's words for this are longer than a form's field holds (3,000 characters), so they are not filled in: they are whole above. Write it as on the label.";

/**
 * The head of a page of a pet's medicines or the stock, past what one Slack form holds (100 blocks):
 * which page, that every medicine is on one of them with its buttons, and the pages holding something
 * to act on (`toActOn`, from 1).
 */
export function medicinesPageWords(page: number, pages: number, toActOn: number[]): string {
  const act = toActOn.length
    ? ` ⚠️ To act on: ${toActOn.length === 1 ? "page" : "pages"} ${toActOn.join(", ")}.`
    : "";
  return `📄 Page ${page} of ${pages}: every medicine is on one of the pages, with its buttons (◀ ▶ turn the page).${act}`;
}

/** The buttons to the pages either side: "◀ Page 1", "Page 3 ▶". */
export const pageBackWords = (page: number): string => `◀ Page ${page}`;
export const pageOnWords = (page: number): string => `Page ${page} ▶`;

/** A dose recorded taken after its medicine was handed back: flagged on the register, the stock and Home until corrected. */
export const noneHeldWords = (what: string, when: string, by: string): string =>
  `⚠️ ${what} ${when} by ${by} after it was handed back: the kennel held none. Correct the dose if it was not given; if it was, say where it came from.`;
