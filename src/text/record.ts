/**
 * The care record in the terminal (`kennel-desk record`: the day's document, src/present/record-day.ts)
 * and as a file (`record export`): CSV per
 * RFC 4180 (CRLF, quoted where needed, UTF-8) with one row per entry and every field, each cell that
 * a spreadsheet would read as a formula (= + - @, tab, carriage return first) made safe with a ';
 * every text cleaned as on the terminal and in Slack (no escape sequence, bidi override or
 * invisible character reaches a file or a terminal through an export).
 */

import type { RecordDay } from "../answers/care-record.ts";
import type { EntryFacts } from "../answers/kept-doses.ts";
import type { OwedDose } from "../domain/obligations.ts";
import type { PrnDose } from "../domain/prn.ts";
import { cleanText } from "../domain/text.ts";
import { giverOf } from "../present/giver.ts";
import { checkedCell, effectCellWords, prnFromWordsCell, witnessCellWords } from "../present/prn.ts";
import { entryDoseWords, headToCheck, itemShown, localStamp, unrecordedWords } from "../present/record.ts";
import { notAskedWhyCell, recordDayDoc } from "../present/record-day.ts";
import type { ChainHead, Entry } from "../record/types.ts";
import { docText } from "./doc.ts";
import type { TextOptions } from "./options.ts";

/** The day's record as the terminal shows it: its document (src/present/record-day.ts) as text. */
export function recordDayText(day: RecordDay, o: TextOptions): string {
  return docText(recordDayDoc(day, o.timezone), o);
}

/** The export's columns, in order: every field of an entry. */
const COLUMNS = [
  "id",
  "seq",
  "kennel",
  "date",
  "round",
  "booking_id",
  "pet_id",
  "pet_name",
  "item",
  "item_text",
  "outcome",
  "reason",
  "note",
  "user_id",
  "user_name",
  "recorded_at_utc",
  "recorded_at_local",
  "supersedes",
  "superseded_by",
  "request_key",
  // Issue 35, after every earlier column so an older reader finds each where it was: when a dose was
  // given (a round's entry or a dose given if needed), the reason's code from the list, a late entry
  // in words, a high-alert dose's witness; the row's kind (a round's entry, or a dose given if
  // needed), the acknowledgement of a dose given past the plan's limit, its effect.
  "given_at",
  "reason_code",
  "late_entry",
  "witness",
  "kind",
  "past_plan_limit",
  "effect",
  // Issue 44, last: a dose due (or given if needed) from the words, the pet's care plan not confirmed.
  "from_words",
  // Then a dose given against the window its round kept (early, on_time, late, after_window: the
  // record's "⏪ given before its window opened", "given late"…), and the giver as the paper chart
  // names them (a dose entered from the paper, issue 50).
  "timeliness",
  "paper_giver",
  // Then, of a dose given if needed, its medicine checked first: past its discard-by ("discard by
  // 2026-11-30, past it"), handed back ("handed back to Mrs Smith on 2026-11-22, its custody closed").
  "medicine_checked",
  // Then, of a dose recorded where no round asked it (kind round_not_asked), why, as its round's kept
  // sheet printed it ("not due this round by its confirmed plan (not one of its days: Mon, Wed, Fri)").
  "not_asked_why",
  // Then who gave a dose given (the paper's giver, else the one the form named as "Given by (if not
  // you)", else who recorded it: src/domain/giver.ts); user_name stays who recorded it.
  "given_by",
  // The record's head when exported, on the file's last row (its kind "record_head", its place in
  // seq): a column of its own, so every row has the same cells (RFC 4180) and a spreadsheet shows
  // no stray row.
  "record_head",
] as const;

/**
 * A row's columns: every column but `record_head`, which only the CSV's last row fills (the JSON's
 * `head`). The CSV's cells and the JSON's keys are both written from this one list, in its order.
 */
const ROW_COLUMNS = COLUMNS.filter(
  (c): c is Exclude<(typeof COLUMNS)[number], "record_head"> => c !== "record_head",
);

/** Issue 35's columns onward: other records' rows (the welfare check's, the care plan's) leave them empty. */
type DoseColumn =
  | "given_at"
  | "reason_code"
  | "late_entry"
  | "witness"
  | "kind"
  | "past_plan_limit"
  | "effect"
  | "from_words"
  | "timeliness"
  | "paper_giver"
  | "medicine_checked"
  | "not_asked_why"
  | "given_by";

/** Every dose column empty: a row of a record that is not a dose (a welfare record, a care plan's version). */
export const NOT_A_DOSE: Record<DoseColumn, null> = {
  given_at: null,
  reason_code: null,
  late_entry: null,
  witness: null,
  kind: null,
  past_plan_limit: null,
  effect: null,
  from_words: null,
  timeliness: null,
  paper_giver: null,
  medicine_checked: null,
  not_asked_why: null,
  given_by: null,
};

/** A text field of an export: cleaned as on every surface (cleanText), its line breaks kept. */
const text = (value: string | undefined): string | null => (value === undefined ? null : cleanText(value));

/**
 * One exported entry (CSV and JSON): every field, and when it was recorded in the kennel's zone.
 * Every text is cleaned as the terminal and Slack clean it, so an export written to a terminal or
 * opened in a spreadsheet carries no escape sequence, bidi override or invisible character.
 */
export type ExportRow = Record<(typeof ROW_COLUMNS)[number], string | number | null> & {
  record_head?: string | null;
};

/**
 * A row as the JSON writes it: every column the CSV has but `record_head` (ROW_COLUMNS), in the
 * CSV's order, each always there (null when empty), then what the row carries besides (a care
 * plan's version: `plan`, `changed`).
 */
export function jsonRow(row: ExportRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of ROW_COLUMNS) out[c] = row[c] ?? null;
  for (const [k, v] of Object.entries(row)) if (!(k in out) && k !== "record_head") out[k] = v;
  return out;
}

/**
 * One exported entry's fields (above), then when it was given (a late entry, in words too) and the
 * reason's code from the list, and a high-alert dose's witness (`facts`: the kept sheets' and
 * witnesses of the export's days; issue 35).
 */
export function exportRow(e: Entry, timeZone: string, facts?: EntryFacts): ExportRow {
  const dose = entryDoseWords(e, timeZone, facts);
  const owed = facts?.doses.get(e.id);
  const state = owed?.state;
  const notAsked = owed?.besideAsked === true && !e.paper;
  return {
    id: e.id,
    seq: e.seq,
    kennel: text(e.kennel),
    date: text(e.date),
    round: text(e.round),
    booking_id: e.bookingId,
    pet_id: e.petId,
    pet_name: text(e.petName),
    item: text(e.item),
    // As shown: the drug named with a field that says only when ("Selgian 20 mg · AM").
    item_text: text(itemShown(e.item, e.itemText, owed?.due.label)),
    outcome: text(e.outcome),
    reason: text(e.reason),
    note: text(e.note),
    user_id: text(e.userId),
    user_name: text(e.userName),
    recorded_at_utc: e.recordedAt,
    recorded_at_local: localStamp(e.recordedAt, timeZone),
    supersedes: e.supersedes ?? null,
    superseded_by: e.supersededBy ?? null,
    request_key: text(e.requestKey),
    given_at: e.givenAt ?? null,
    reason_code: e.reasonCode ?? null,
    // No round asked it, so never a late entry: when it was given is in given_at.
    late_entry: notAsked ? null : text(dose.lateEntry),
    witness: text(dose.witness),
    // Recorded in Slack where no round asked it (a line printed not due by its days: src/answers/doses.ts notAsked).
    kind: notAsked ? "round_not_asked" : "round",
    past_plan_limit: null,
    effect: null,
    from_words: dose.fromWords ?? null,
    // Not due at its round, so neither on time nor late by the round's window.
    timeliness: (!notAsked && state?.state === "recorded" && state.timeliness) || null,
    paper_giver: text(e.paper?.by),
    medicine_checked: null,
    not_asked_why: text(notAskedWhyCell(notAsked, facts?.notAsked?.get(e.id))),
    given_by: e.outcome === "given" ? text(giverOf(e)) : null,
  };
}

/**
 * One as-needed dose exported beside the entries (kind "as_needed"): its record's id and place, its
 * kennel and its pet's name like every row, the item, "given", why, the note, who, when recorded
 * and when given, the acknowledgement of a dose given past the plan's limit (its rule and words), a
 * high-alert dose's witness, and its effect ("helped · Jane 2026-11-22 10:12 · calmer") or
 * "awaiting effect". Cleaned like every field.
 */
export function prnExportRow(d: PrnDose, timeZone: string): ExportRow {
  return {
    id: d.id,
    seq: d.seq ?? null,
    kennel: text(d.kennel),
    date: text(d.date),
    round: null,
    booking_id: d.bookingId,
    pet_id: d.petId,
    pet_name: text(d.petName),
    item: text(d.item),
    item_text: text(d.itemText),
    outcome: "given",
    reason: text(d.reason),
    note: text(d.note),
    user_id: text(d.userId),
    user_name: text(d.userName),
    recorded_at_utc: d.recordedAt,
    recorded_at_local: localStamp(d.recordedAt, timeZone),
    supersedes: null,
    superseded_by: null,
    request_key: text(d.requestKey),
    given_at: d.givenAt,
    reason_code: null,
    late_entry: null,
    witness: text(witnessCellWords(d, timeZone)),
    kind: "as_needed",
    past_plan_limit: d.ack ? text(`${d.ack.rule}: ${d.ack.words}`) : null,
    medicine_checked: text(checkedCell(d)),
    not_asked_why: null,
    given_by: text(giverOf(d)),
    effect: text(effectCellWords(d, (iso) => localStamp(iso, timeZone))),
    from_words: prnFromWordsCell(d),
    timeliness: null,
    paper_giver: null,
  };
}

/**
 * An item a round asked with nothing recorded (kind "unrecorded", issue 45): no record of its own, so
 * no id nor place; its outcome is its state when exported ("missed"; "upcoming", "due" or "late",
 * its window still open; "not_due", the pet gone home first) and its reason says when ("nothing
 * recorded: window closed 10:00", "not due: gone home 08:30"). The CSV writes these after the
 * chain's rows, before the head.
 */
export function unrecordedExportRow(d: OwedDose, timeZone: string): ExportRow {
  const words = unrecordedWords(d, timeZone);
  return {
    id: null,
    seq: null,
    kennel: null,
    date: text(d.date),
    round: text(d.round),
    booking_id: d.bookingId,
    pet_id: d.petId,
    pet_name: text(d.petName),
    item: text(d.due.item),
    item_text: text(itemShown(d.due.item, d.due.text, d.due.label)),
    outcome: text(words.outcome),
    reason: text(words.reason),
    note: null,
    user_id: null,
    user_name: null,
    recorded_at_utc: null,
    recorded_at_local: null,
    supersedes: null,
    superseded_by: null,
    request_key: null,
    given_at: null,
    reason_code: null,
    late_entry: null,
    witness: null,
    kind: "unrecorded",
    past_plan_limit: null,
    effect: null,
    from_words: words.fromWords ?? null,
    timeliness: null,
    paper_giver: null,
    medicine_checked: null,
    not_asked_why: null,
    given_by: null,
  };
}

/** One CSV cell: a formula's first character defused, quoted when it holds a comma, quote or line break. */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV's first line: the columns' names. */
export const CSV_HEADER = `${COLUMNS.join(",")}\r\n`;

/** One row of the CSV, its line end included. */
export function csvLine(row: ExportRow): string {
  return `${COLUMNS.map((c) => csvCell(row[c] ?? null)).join(",")}\r\n`;
}

/**
 * The CSV's last row: the record's head when exported, as `kennel-desk record verify --head` takes
 * it ("#1234 sha256 9f3a…"), in its own column, and the kennel the record is for, so a printed or
 * mailed copy names the chain and the kennel it came from and every row has the same cells.
 */
export function csvHeadLine(head: ChainHead, kennel: string | null = null): string {
  const empty = Object.fromEntries(COLUMNS.map((c) => [c, null])) as ExportRow;
  return csvLine({
    ...empty,
    seq: head.seq,
    kennel,
    kind: "record_head",
    record_head: `#${head.seq} sha256 ${head.hash} (check with: kennel-desk record verify --head "${headToCheck(head)}")`,
  });
}

/**
 * The entries as CSV, one row each with every field (and `more`: other records' rows, in the same
 * columns, in the chain's order among them); `head`: the record's head when exported, as the last
 * row (csvHeadLine). The export writes the same lines a page at a time (src/cli/record-export.ts).
 */
export function recordCsv(
  entries: Entry[],
  timeZone: string,
  head?: ChainHead,
  more: ExportRow[] = [],
  facts?: EntryFacts,
): string {
  const rows = [...entries.map((e) => exportRow(e, timeZone, facts)), ...more].sort(
    (a, b) => Number(a.seq) - Number(b.seq),
  );
  return [CSV_HEADER, ...rows.map(csvLine), ...(head ? [csvHeadLine(head)] : [])].join("");
}
