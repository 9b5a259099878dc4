/**
 * The care record's rules for a round, with no Slack and no I/O: what is due for a pet's round
 * (from its round sheet), which entries are current (not superseded), a pet's round status and a
 * round post's progress ("12 of 31 pets recorded · 3 doses not recorded").
 */
import type { Entry, ItemKey, Outcome } from "../record/types.ts";
import type { Round, RoundMedication } from "./care.ts";
import { houseRoutineWords, type RoundSheet } from "./rounds.ts";
import { conditionOnce } from "./text.ts";

/** One thing to record in a pet's round: a medication by its API slot, or the round's meal. */
export interface DueItem {
  item: ItemKey;
  /** A short label for the record line: the medication's name, or "meal". */
  label: string;
  /** The item's text as the sheet shows it (kept with the entry). */
  text: string;
  /** A high-alert drug (insulin…): a shorter window, a nudge before it, a witness (issue 35). */
  highAlert?: boolean | undefined;
  /** The dose window's own minutes, when the pet's care plan sets them. */
  window?: { beforeMinutes?: number | undefined; afterMinutes?: number | undefined } | undefined;
  /**
   * Due from the words, the pet's care plan not confirmed (issue 44): printed on the sheet, signed
   * and chased like any dose, and named as such ("Pardale-V 400 mg (plan not confirmed)").
   */
  unconfirmed?: boolean | undefined;
  /**
   * Owed once a day from its words, which give it no time (src/domain/day-dose.ts): chased as "not
   * recorded today", settled by an entry at any round of the day.
   */
  onceToday?: boolean | undefined;
  /**
   * One drug in two slots, the plan's "one dose or two?" not answered (src/domain/day-dose.ts): one
   * recorded settles the other; while neither is, a reply naming both says to ask before giving both.
   */
  twoSlots?: boolean | undefined;
}

/**
 * An item printed on a round's sheet to give if needed (issue 44): recorded from the sheet's form
 * with why it was given, never due and never chased. Its limits are the plan's, or, the plan not
 * confirmed (`unconfirmed`), as the words give them.
 */
export interface IfNeededItem extends DueItem {
  reason?: string | undefined;
  maxPer24h?: number | undefined;
  minHoursBetween?: number | undefined;
}

/**
 * A dose the sheet prints but that is not due this round, recorded from the sheet's form if it is
 * given, never due, counted nor chased (src/domain/printed-not-due.ts), its care plan not confirmed
 * (or none): not due today by its words' days (src/domain/sheet-days.ts: "every other day", "except
 * Sunday" on a Sunday), or printed whole where its words name another round (`other_round`: "its
 * words name the morning ("AM")"); or (`plan_not_due`) not due here by its confirmed care plan (not
 * one of its days, not this round, course finished…): a dose a sheet prints can always be recorded there.
 */
export interface ByDaysItem extends DueItem {
  days: "some_days" | "not_today" | "other_round" | "plan_not_due";
  /**
   * The instruction's words that say its days ("EOD", "except Sunday"); `other_round`: why the sheet
   * says not this round, in its words; `plan_not_due`: why its plan says not due ("not this round").
   */
  words: string;
}

/**
 * What a pet's round prints that its sheet's form records (issue 44): each item due (confirmed or
 * from the words), then each not due by its days' words (recorded if given), then each to give if
 * needed. A pet with any has "✏️ Record each…".
 */
export const printedItems = (p: {
  due: readonly DueItem[];
  ifNeeded?: readonly IfNeededItem[] | undefined;
  byDays?: readonly ByDaysItem[] | undefined;
}): Array<DueItem | IfNeededItem | ByDaysItem> => [...p.due, ...(p.byDays ?? []), ...(p.ifNeeded ?? [])];

/**
 * Is this medication given in this round? The ONE place that reads a RoundMedication for the
 * record: the sheet's own rule (`due`: its round's instruction, an instruction whose words name
 * this round, or one with no time of day to follow), so the record asks for what the sheet lists.
 */
export function isMedicationDue(rm: RoundMedication): boolean {
  return rm.due;
}

/** A medication as the record keeps it: the drug with its strength and amount, whole ("Rimadyl 50 mg · half a tablet"). */
export function medicationText(rm: RoundMedication): string {
  const m = rm.medication;
  return rm.dose ? `${m.name} · ${rm.dose}` : (m.instruction ?? m.name);
}

/**
 * What is due for a pet's round: each medication due this round (by slot), then the round's meal
 * when the sheet has one to give: a diet to follow this round (its own, the general one, another
 * round's whose words name this one), or, for a pet with no diet on record, the house routine's meal
 * on the routine's rounds only (the sheet's `houseMeal`: on the others no meal is due). Never a meal
 * while the pet's fast applies at this round (`fastingNow`: "🚫 fasting" on the sheet): nil by mouth is
 * not a meal to chase, and a reply naming it "missed" could get a pet fed before its operation.
 */
export function dueItems(sheet: RoundSheet): DueItem[] {
  const out: DueItem[] = [];
  for (const rm of sheet.medications) {
    if (!isMedicationDue(rm)) continue;
    const n = rm.medication.n;
    if (n < 1 || n > 5) continue;
    out.push({ item: `med:${n as 1 | 2 | 3 | 4 | 5}`, label: rm.medication.name, text: medicationText(rm) });
  }
  const meal = [sheet.diet.round, sheet.diet.general, ...sheet.diet.named.map((d) => d.text)]
    .filter(Boolean)
    .join(" · ");
  if (sheet.fastingNow === true) return out;
  if (meal) out.push({ item: "meal", label: "meal", text: meal });
  else if (sheet.houseMeal) {
    const text = `${houseRoutineWords(sheet.houseRoutine ?? [])} (no diet on record)`;
    out.push({ item: "meal", label: "meal", text });
  }
  return out;
}

/**
 * A due item named by its drug, for every surface that reads what a round asked: its words when
 * they name the drug ("Rimadyl 50 mg · half a tablet"), else the drug, then the words ("Selgian 20 mg
 * · AM": a morning field that says only when); the meal as its words.
 */
export function doseNamed(d: { item?: string | undefined; label: string; text: string }): string {
  if (d.item === "meal" || d.label === "meal" || d.label === "") return d.text;
  const drug = (d.label.split(/\s+/)[0] ?? "").toLowerCase();
  if (!d.text) return d.label;
  // A condition its words say already, kept twice on an entry's text, is said once (conditionOnce).
  const text = conditionOnce(d.text);
  return text.toLowerCase().includes(drug) ? text : `${d.label} · ${text}`;
}

/**
 * What is due for a pet's round: its care plan's (src/answers/round-plans.ts), else (no plan: the
 * care not matched, or none read) the sheet's own rule.
 */
export function dueOf(p: { due?: DueItem[] | undefined; sheet?: RoundSheet | undefined }): DueItem[] {
  return p.due ?? (p.sheet ? dueItems(p.sheet) : []);
}

/**
 * One item as the round's sheet shows it (its label and text, as an entry keeps them), whether or
 * not the sheet's own rule makes it due: the care plan decides that (src/domain/plan/round.ts).
 */
export function sheetItem(sheet: RoundSheet, key: ItemKey): DueItem | undefined {
  if (key === "meal") {
    const meal = [sheet.diet.round, sheet.diet.general, ...sheet.diet.named.map((d) => d.text)]
      .filter(Boolean)
      .join(" · ");
    if (meal) return { item: "meal", label: "meal", text: meal };
    return sheet.noDiet
      ? { item: "meal", label: "meal", text: "no diet on record: fed as usual" }
      : undefined;
  }
  const rm = sheet.medications.find((m) => `med:${m.medication.n}` === key);
  return rm ? { item: key, label: rm.medication.name, text: medicationText(rm) } : undefined;
}

/**
 * May a pet's round be signed off in one tap ("All given & eaten")? Not for a fasting pet: its sheet
 * can list a meal beside "NIL BY MOUTH", and one tap would record that it ate. Nor for a pet with a
 * drug in two slots ("listed twice: check it is not a double dose"): one tap would record both doses
 * given. Their items are recorded one by one ("Record each…"), where each outcome is a choice.
 */
export const oneTapAllowed = (flags: { fasting: string | undefined; listedTwice: string[] }): boolean =>
  !flags.fasting && flags.listedTwice.length === 0;

export const isMedicationItem = (item: ItemKey) => item !== "meal";

/** The entry's key for "one current entry per item". */
const itemKey = (e: { date: string; round: Round; bookingId: number; petId: number; item: ItemKey }) =>
  `${e.date}|${e.round}|${e.bookingId}|${e.petId}|${e.item}`;

/** Is this entry superseded (by its own mark, or by another entry in the list naming it)? */
function supersededIds(entries: Entry[]): Set<number> {
  const ids = new Set<number>();
  for (const e of entries) {
    if (e.supersededBy !== undefined) ids.add(e.id);
    if (e.supersedes !== undefined) ids.add(e.supersedes);
  }
  return ids;
}

/**
 * The current entry of each item (the one no other entry supersedes), by item key. When two are
 * current for one item (which the store prevents), the later counts. An entry recorded in error
 * (`in_error`) is no outcome: its item has none, its slot open again as if nothing was recorded.
 */
export function currentEntries(entries: Entry[]): Map<string, Entry> {
  const gone = supersededIds(entries);
  const out = new Map<string, Entry>();
  for (const e of entries) {
    if (gone.has(e.id) || e.outcome === "in_error") continue;
    const k = itemKey(e);
    const had = out.get(k);
    if (!had || had.id < e.id) out.set(k, e);
  }
  return out;
}

/** Outcomes that stand out on every surface: a dose not taken, a meal not eaten. */
export function isProblemOutcome(outcome: Outcome): boolean {
  return (
    outcome === "refused" || outcome === "not_given" || outcome === "ate_none" || outcome === "not_offered"
  );
}

/** Which pet's round: the fields an entry is keyed on. */
export interface PetRound {
  date: string;
  round: Round;
  bookingId: number;
  petId: number;
}

export interface PetRoundStatus {
  /** all: every due item has a current entry; partly: some; none: none; nothing_due: no item to record. */
  state: "all" | "partly" | "none" | "nothing_due";
  due: DueItem[];
  /** Each due item's current entry, when recorded. */
  current: Map<ItemKey, Entry>;
  /** Due items with no current entry. */
  missing: DueItem[];
  /** Current entries that stand out (refused, not given, ate none, not offered). */
  problems: Entry[];
  /** Current entries for items not (or no longer) on the sheet: shown, never hidden. */
  extra: Entry[];
  /** Entries corrected since, oldest first (shown struck through). */
  superseded: Entry[];
}

/** A pet's round: what is due beside what is recorded. `entries` may hold other pets' entries. */
export function petRoundStatus(pet: PetRound, due: DueItem[], entries: Entry[]): PetRoundStatus {
  const mine = entries.filter(
    (e) =>
      e.date === pet.date && e.round === pet.round && e.bookingId === pet.bookingId && e.petId === pet.petId,
  );
  const currentByKey = currentEntries(mine);
  const current = new Map<ItemKey, Entry>();
  for (const e of currentByKey.values()) current.set(e.item, e);
  const dueKeys = new Set(due.map((d) => d.item));
  const missing = due.filter((d) => !current.has(d.item));
  const currentIds = new Set([...current.values()].map((e) => e.id));
  const state =
    due.length === 0
      ? "nothing_due"
      : missing.length === 0
        ? "all"
        : missing.length < due.length
          ? "partly"
          : "none";
  return {
    state: due.length === 0 && current.size > 0 ? "all" : state,
    due,
    current,
    missing,
    problems: [...current.values()].filter((e) => isProblemOutcome(e.outcome)).sort((a, b) => a.id - b.id),
    extra: [...current.values()].filter((e) => !dueKeys.has(e.item)).sort((a, b) => a.id - b.id),
    superseded: mine.filter((e) => !currentIds.has(e.id)).sort((a, b) => a.id - b.id),
  };
}

/**
 * A pet's round without the items not due in the end (issue 45: its pet went home before their
 * windows closed, nothing recorded): what its progress counts. A recorded item always counts.
 */
export function withoutNotDue(s: PetRoundStatus, notDue: ReadonlySet<ItemKey>): PetRoundStatus {
  const gone = (d: DueItem) => notDue.has(d.item) && !s.current.has(d.item);
  if (!s.due.some(gone)) return s;
  const due = s.due.filter((d) => !gone(d));
  const missing = s.missing.filter((d) => !gone(d));
  const state =
    due.length === 0
      ? s.current.size > 0
        ? "all"
        : "nothing_due"
      : missing.length === 0
        ? "all"
        : missing.length < due.length
          ? "partly"
          : "none";
  return { ...s, due, missing, state };
}

export interface RoundProgress {
  /** Pets with something to record this round. */
  pets: number;
  /** Of those, pets with every due item recorded. */
  recorded: number;
  /** Medications due and not recorded yet. */
  dosesLeft: number;
  /** Meals due and not recorded yet. */
  mealsLeft: number;
  /** Current entries that stand out (refused, not given, not eaten). */
  problems: number;
}

export function roundProgress(statuses: PetRoundStatus[]): RoundProgress {
  const withDue = statuses.filter((s) => s.due.length > 0);
  return {
    pets: withDue.length,
    recorded: withDue.filter((s) => s.state === "all").length,
    dosesLeft: withDue.reduce((n, s) => n + s.missing.filter((d) => isMedicationItem(d.item)).length, 0),
    mealsLeft: withDue.reduce((n, s) => n + s.missing.filter((d) => d.item === "meal").length, 0),
    problems: statuses.reduce((n, s) => n + s.problems.length, 0),
  };
}

/**
 * The entries a one-tap "all given and eaten" writes: each due item not recorded yet, given or
 * eaten in full. Items already recorded (a refusal among them) are left as they are.
 */
export function allDoneOutcomes(status: PetRoundStatus): Array<{ item: DueItem; outcome: Outcome }> {
  return status.missing.map((item) => ({
    item,
    outcome: isMedicationItem(item.item) ? "given" : "ate_all",
  }));
}
