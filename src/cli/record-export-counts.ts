/**
 * `kennel-desk record export`'s summary on standard error: the rows counted as they are written
 * ("120 entries and 4 welfare records and 148 items the rounds asked with nothing recorded (68
 * missed (20 medication doses, 48 meals), 80 not due yet) …"), each item with nothing recorded
 * counted by its state, none left out.
 */
import type { OwedDose } from "../domain/obligations.ts";
import { missedItemsWords } from "../words/missed.ts";

/** Rows counted as they are written. */
export interface Counts {
  entries: number;
  welfare: number;
  asNeeded: number;
  /** Care plan versions of the stays exported, and of them those kept before the range's first day. */
  plans: number;
  plansBefore: number;
  /** Items the rounds asked with nothing recorded, and of them by state. */
  unrecorded: number;
  missed: number;
  /** Of the items missed, the meals (the rest are medication doses: what `record audit` counts missed). */
  missedMeals: number;
  /** Due or late: the window still open when exported. */
  open: number;
  upcoming: number;
  /** Not due in the end (the pet went home, or came after). */
  notDue: number;
  /** Rows naming another in `supersedes` or `superseded_by` (a correction, a plan's later version). */
  linked: number;
}

export const newCounts = (): Counts => ({
  entries: 0,
  welfare: 0,
  asNeeded: 0,
  plans: 0,
  plansBefore: 0,
  unrecorded: 0,
  missed: 0,
  missedMeals: 0,
  open: 0,
  upcoming: 0,
  notDue: 0,
  linked: 0,
});

/** A page's rows that name another row by its id (a correction, or one corrected), counted. */
export function countLinked(
  c: Counts,
  page: ReadonlyArray<{ supersedes?: unknown; supersededBy?: unknown }>,
): void {
  c.linked += page.filter((r) => r.supersedes != null || r.supersededBy != null).length;
}

/**
 * How `supersedes` and `superseded_by` are read (said when a row has one): ids are numbered apart for
 * a round's entries and for the record's other rows, so one id can be two rows of the file.
 */
export const LINKED_IDS =
  "A row's supersedes and superseded_by name the id of a row of the same record: a round's entry (kind round or round_not_asked) another round's entry, a care plan version (item care_plan) another version, a welfare record another welfare record; a round's entries are numbered apart from the other rows, so look an id up among the rows of its own record (seq is the one number no two rows share).";

/** A page of care plan versions, counted, those dated before `from` (the range's first day) apart. */
export function countPlans(c: Counts, page: ReadonlyArray<{ date: string }>, from: string | undefined): void {
  c.plans += page.length;
  if (from !== undefined) c.plansBefore += page.filter((v) => v.date < from).length;
}

/** A page of items with nothing recorded, counted by state. */
export function countUnrecorded(c: Counts, page: OwedDose[]): void {
  c.unrecorded += page.length;
  for (const d of page) {
    const st = d.state.state;
    if (st === "missed") {
      c.missed++;
      if (d.due.item === "meal") c.missedMeals++;
    } else if (st === "upcoming") c.upcoming++;
    else if (st === "not_due") c.notDue++;
    else c.open++;
  }
}

/**
 * "68 missed (20 medication doses, 48 meals), 12 still open, 80 not due yet": each state of the items
 * with nothing recorded, the missed in `record audit`'s words (its "missed: 20 medication doses").
 */
function unrecordedStates(c: Counts): string {
  return [
    missedItemsWords(c.missed - c.missedMeals, c.missedMeals),
    c.open ? `${c.open} still open` : "",
    c.upcoming ? `${c.upcoming} not due yet` : "",
    c.notDue ? `${c.notDue} not due in the end` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/**
 * "3 care plan versions (2 kept before the range: the plans its stays were under)": a stay's plan is
 * exported whole, its versions kept on days before the range too, so they are counted and said.
 */
function planWords(c: Counts): string {
  const versions = `${c.plans} care plan ${c.plans === 1 ? "version" : "versions"}`;
  if (!c.plansBefore) return versions;
  return `${versions} (${c.plansBefore} kept before the range: the plans its stays were under)`;
}

/** The summary line: what was written, and which records (`which`: "of 24 Nov", …), times in `zone`. */
export function summaryWords(counts: Counts, which: string, zone: string): string {
  const more = [
    counts.welfare ? `${counts.welfare} welfare ${counts.welfare === 1 ? "record" : "records"}` : "",
    counts.asNeeded ? `${counts.asNeeded} as-needed ${counts.asNeeded === 1 ? "dose" : "doses"}` : "",
    counts.plans ? planWords(counts) : "",
    counts.unrecorded
      ? `${counts.unrecorded} ${counts.unrecorded === 1 ? "item" : "items"} the rounds asked with nothing recorded (${unrecordedStates(counts)})`
      : "",
  ]
    .filter(Boolean)
    .map((w) => ` and ${w}`)
    .join("");
  const linked = counts.linked ? ` ${LINKED_IDS}` : "";
  return `${counts.entries} ${counts.entries === 1 ? "entry" : "entries"}${more} ${which} (times in ${zone}).${linked}`;
}
