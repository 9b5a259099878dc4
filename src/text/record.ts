/**
 * The care record in the terminal (`kennel-desk record`) and as a file (`record export`): a day's
 * entries by round and pet, times in the kennel's zone, a corrected entry kept and marked; CSV per
 * RFC 4180 (CRLF, quoted where needed, UTF-8) with one row per entry and every field, each cell that
 * a spreadsheet would read as a formula (= + - @, tab, carriage return first) made safe with a ';
 * every text cleaned as on the terminal and in Slack (no escape sequence, bidi override or
 * invisible character reaches a file or a terminal through an export).
 */
import type { RecordDay } from "../answers/care-record.ts";
import type { EntryFacts } from "../answers/kept-doses.ts";
import { isProblemOutcome } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import { cleanText } from "../domain/text.ts";
import { needsWitness, witnessState } from "../domain/witness.ts";
import type { ChainHead, Entry } from "../record/types.ts";
import { careWarningWords } from "../words/care.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import {
  awaitingWitnessWords,
  lateEntryWords,
  onTimeWords,
  UNWITNESSED,
  witnessedWords,
} from "../words/doses.ts";
import { outcomeWords } from "../words/record.ts";
import type { TextOptions } from "./options.ts";
import { block, dim, foot, one, red, requestIdWords, title, yellow } from "./style.ts";

const strike = (o: TextOptions, s: string) => (o.color ? `\x1b[9m${s}\x1b[0m` : s);

/** "2026-11-24 08:12" in the zone. */
function localStamp(iso: string, timeZone: string): string {
  const d = new Date(iso);
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}

/** When it was recorded: "08:12", or a late entry's two times (issue 35). */
const recordedWhen = (e: Entry, timeZone: string) =>
  e.givenAt ? `(${lateEntryWords(e, timeZone)})` : timeOf(e.recordedAt, timeZone);

function entryLine(o: TextOptions, e: Entry, byId: Map<number, Entry>): string {
  const what = e.item === "meal" ? `meal (${one(e.itemText, 80)})` : one(e.itemText, 80);
  const outcome = isProblemOutcome(e.outcome) ? red(o, outcomeWords(e.outcome)) : outcomeWords(e.outcome);
  const reason = e.reason ? `: ${one(e.reason, 500)}` : "";
  const head = `${what}: ${outcome}${reason} ${recordedWhen(e, o.timezone)} · ${one(e.userName, 80)}`;
  const note = e.note ? `\n        note: ${block(e.note, "              ", 500)}` : "";
  if (e.supersededBy === undefined) {
    const fix = e.supersedes !== undefined ? dim(o, ` (corrects entry ${e.supersedes})`) : "";
    return `    ${head}${fix}${note}`;
  }
  const by = byId.get(e.supersededBy);
  const when = by ? ` at ${timeOf(by.recordedAt, o.timezone)} by ${one(by.userName, 80)}` : "";
  return `    ${strike(o, `${head}`)}${note}\n      ${dim(o, `superseded: corrected${when} (entry ${e.supersededBy})`)}`;
}

/** A due item beside its current entry: "Rimadyl 50 mg · one tablet: given 08:12 · Jane", or "not recorded". */
type DueLine = NonNullable<RecordDay["rounds"][number]["pets"][number]["due"]>[number];

function dueLine(o: TextOptions, line: DueLine): string {
  const what = line.item === "meal" ? `meal (${one(line.text, 80)})` : one(line.text, 80);
  const e = line.entry;
  if (!e) return `    ${what}: ${yellow(o, "not recorded")}`;
  const outcome = isProblemOutcome(e.outcome) ? red(o, outcomeWords(e.outcome)) : outcomeWords(e.outcome);
  const reason = e.reason ? `: ${one(e.reason, 500)}` : "";
  const note = e.note ? `\n        note: ${block(e.note, "              ", 500)}` : "";
  return `    ${what}: ${outcome}${reason} ${recordedWhen(e, o.timezone)} · ${one(e.userName, 80)}${note}`;
}

/** "💊 given on time: 46 of 48 due · 1 given late · 1 missed · 1 late entry" (issue 35). */
function doseFiguresLine(day: RecordDay): string | undefined {
  const f = day.doses;
  if (!f) return undefined;
  return [
    `💊 ${onTimeWords(f)}`,
    f.givenLate ? `${f.givenLate} given late` : "",
    f.open ? `${f.open} still open` : "",
    f.missed ? `${f.missed} missed` : "",
    f.refused ? `${f.refused} refused` : "",
    f.notGiven ? `${f.notGiven} not given` : "",
    f.lateEntries ? `${f.lateEntries} ${f.lateEntries === 1 ? "late entry" : "late entries"}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

export function recordDayText(day: RecordDay, o: TextOptions): string {
  const scope = [day.round ? `${roundWord(day.round)} round` : "", day.petId ? `pet ${day.petId}` : ""]
    .filter(Boolean)
    .join(", ");
  const heading = title(
    o,
    `Care record · ${dayHeading(day.date)} ${day.date.slice(0, 4)}${scope ? ` · ${scope}` : ""}`,
  );
  const parts: string[] = [heading];
  const doses = doseFiguresLine(day);
  if (doses) parts.push(doses);
  if (day.count === 0) parts.push(`Nothing recorded${scope ? ` for the ${scope}` : ""} on this day.`);
  const byId = new Map(day.rounds.flatMap((r) => r.pets.flatMap((p) => p.entries)).map((e) => [e.id, e]));
  for (const { round, pets, careMissing, progress } of day.rounds) {
    const sums = progress
      ? [
          `${progress.recorded} of ${progress.pets} ${progress.pets === 1 ? "pet" : "pets"} recorded`,
          progress.dosesLeft
            ? `${progress.dosesLeft} ${progress.dosesLeft === 1 ? "dose" : "doses"} left`
            : "",
          progress.mealsLeft
            ? `${progress.mealsLeft} ${progress.mealsLeft === 1 ? "meal" : "meals"} left`
            : "",
        ]
      : [`${pets.length} ${pets.length === 1 ? "pet" : "pets"}`];
    parts.push("", `${roundWord(round)} round · ${sums.filter(Boolean).join(" · ")}`);
    for (const pet of pets) {
      parts.push(`  ${one(pet.petName, 80)} ${dim(o, `(pet ${pet.petId}, booking ${pet.bookingId})`)}`);
      const shown = new Set<number>();
      for (const line of pet.due ?? []) {
        parts.push(dueLine(o, line));
        if (line.entry) shown.add(line.entry.id);
      }
      // The rest of the record: corrected entries, and entries of items not on the sheet.
      const rest = pet.entries.filter((e) => !shown.has(e.id));
      if (pet.due && rest.length) parts.push(dim(o, "    also recorded:"));
      for (const e of rest) parts.push(entryLine(o, e, byId));
    }
    for (const m of careMissing) {
      // "care details not matched" once, and "open the booking" once (the warning's own words end in it).
      const why = (careWarningWords({ status: m.status, unmatched: [] }) || "care details not known").replace(
        /: open the booking$/,
        "",
      );
      parts.push(
        `  ${red(o, "⚠")} ${one(m.pets, 120)} ${dim(o, `(booking ${m.bookingId ?? "?"})`)}: ${why}: what was due is not known; open the booking.`,
      );
    }
  }
  const corrected = day.superseded
    ? `, ${day.superseded} of them corrected since (shown struck through)`
    : "";
  parts.push(
    "",
    foot(o, [
      day.dueProblem,
      `${day.count} ${day.count === 1 ? "entry" : "entries"}${corrected}`,
      `times in ${o.timezone}`,
      `the record: ${day.where}`,
      requestIdWords(day.requestId),
    ]),
  );
  return parts.join("\n");
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
  // Issue 35, after every earlier column so an older reader finds each where it was.
  "given_at",
  "reason_code",
  "late_entry",
  "witness",
] as const;

/** A text field of an export: cleaned as on every surface (cleanText), its line breaks kept. */
const text = (value: string | undefined): string | null => (value === undefined ? null : cleanText(value));

/** A high-alert dose's witness as an export says it: "witnessed by Tom 07:44", "unwitnessed"… */
function witnessCell(e: Entry, timeZone: string, facts: EntryFacts | undefined): string | null {
  if (!facts || !needsWitness(e, facts.highAlert.has(e.id))) return null;
  const w = witnessState(e, facts.witnesses.get(e.id), facts.now);
  if (w.state === "witnessed") return witnessedWords(w.by, w.at, timeZone);
  return w.state === "awaiting" ? awaitingWitnessWords(w.until, timeZone) : UNWITNESSED;
}

/**
 * One exported entry (CSV and JSON): every field, and when it was recorded in the kennel's zone;
 * when it was given (a late entry, in words too) and the reason's code from the list; a high-alert
 * dose's witness (`facts`: the kept sheets' and witnesses of the export's days). Every text is
 * cleaned as the terminal and Slack clean it, so an export written to a terminal or opened in a
 * spreadsheet carries no escape sequence, bidi override or invisible character.
 */
export function exportRow(
  e: Entry,
  timeZone: string,
  facts?: EntryFacts,
): Record<(typeof COLUMNS)[number], string | number | null> {
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
    item_text: text(e.itemText),
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
    late_entry: e.givenAt ? lateEntryWords(e, timeZone) : null,
    witness: text(witnessCell(e, timeZone, facts) ?? undefined),
  };
}

/** One CSV cell: a formula's first character defused, quoted when it holds a comma, quote or line break. */
function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The entries as CSV, one row each with every field; `head`: the record's head when exported, as a
 * last line a spreadsheet reads as a note ("# record head …"), so a printed or mailed copy names the
 * chain it came from (`kennel-desk record verify` prints the same).
 */
export function recordCsv(entries: Entry[], timeZone: string, head?: ChainHead, facts?: EntryFacts): string {
  const lines = [COLUMNS.join(",")];
  for (const e of entries) {
    const row = exportRow(e, timeZone, facts);
    lines.push(COLUMNS.map((c) => csvCell(row[c])).join(","));
  }
  if (head) lines.push(headLine(head));
  return `${lines.join("\r\n")}\r\n`;
}

/** "# record head #1234 sha256 9f3a…": the head as exports carry it, the whole hash. */
const headLine = (head: ChainHead) =>
  `# record head #${head.seq} sha256 ${head.hash} (check with: kennel-desk record verify)`;
