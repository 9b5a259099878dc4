/**
 * The care record in the terminal (`kennel-desk record`) and as a file (`record export`): a day's
 * entries by round and pet, times in the kennel's zone, a corrected entry kept and marked; CSV per
 * RFC 4180 (CRLF, quoted where needed, UTF-8) with one row per entry and every field, each cell that
 * a spreadsheet would read as a formula (= + - @, tab, carriage return first) made safe with a ';
 * every text cleaned as on the terminal and in Slack (no escape sequence, bidi override or
 * invisible character reaches a file or a terminal through an export).
 */
import type { RecordDay } from "../answers/care-record.ts";
import type { PrnDose } from "../domain/prn.ts";
import { isProblemOutcome } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import { cleanText } from "../domain/text.ts";
import type { ChainHead, Entry } from "../record/types.ts";
import { careWarningWords } from "../words/care.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import { AS_NEEDED_HEADING, effectWords, prnRecordWords } from "../words/doses.ts";
import { outcomeWords } from "../words/record.ts";
import type { TextOptions } from "./options.ts";
import { block, dim, foot, one, red, requestIdWords, title, yellow } from "./style.ts";

const strike = (o: TextOptions, s: string) => (o.color ? `\x1b[9m${s}\x1b[0m` : s);

/** "2026-11-24 08:12" in the zone. */
export function localStamp(iso: string, timeZone: string): string {
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

function entryLine(o: TextOptions, e: Entry, byId: Map<number, Entry>): string {
  const what = e.item === "meal" ? `meal (${one(e.itemText, 80)})` : one(e.itemText, 80);
  const outcome = isProblemOutcome(e.outcome) ? red(o, outcomeWords(e.outcome)) : outcomeWords(e.outcome);
  const reason = e.reason ? `: ${one(e.reason, 500)}` : "";
  const head = `${what}: ${outcome}${reason} ${timeOf(e.recordedAt, o.timezone)} · ${one(e.userName, 80)}`;
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
  return `    ${what}: ${outcome}${reason} ${timeOf(e.recordedAt, o.timezone)} · ${one(e.userName, 80)}${note}`;
}

/** The day's doses given if needed, by pet: each with why, who, the acknowledgement and the effect. */
function asNeededText(day: RecordDay, o: TextOptions): string[] {
  const doses = [...(day.asNeeded ?? [])].sort(
    (a, b) => a.petName.localeCompare(b.petName) || a.petId - b.petId || a.givenAt.localeCompare(b.givenAt),
  );
  if (doses.length === 0) return [];
  const out = ["", `${AS_NEEDED_HEADING} · ${doses.length} ${doses.length === 1 ? "dose" : "doses"}`];
  let pet = "";
  for (const d of doses) {
    const key = `${d.bookingId}|${d.petId}`;
    if (key !== pet) {
      pet = key;
      out.push(`  ${one(d.petName, 80)} ${dim(o, `(pet ${d.petId}, booking ${d.bookingId})`)}`);
    }
    const words = one(prnRecordWords(d, o.timezone), 1500);
    out.push(
      `    ${d.ack || d.effect?.effect === "worse" ? red(o, words) : d.effect ? words : yellow(o, words)}`,
    );
  }
  return out;
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
  if (day.count === 0 && !day.asNeeded?.length)
    parts.push(`Nothing recorded${scope ? ` for the ${scope}` : ""} on this day.`);
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
  parts.push(...asNeededText(day, o));
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
  // Issue 35, after every earlier column so an older reader finds each where it was: a round's
  // entry, or a dose given if needed (when given, the acknowledgement past the plan, its effect).
  "kind",
  "given_at_utc",
  "past_plan_limit",
  "effect",
] as const;

/** A text field of an export: cleaned as on every surface (cleanText), its line breaks kept. */
const text = (value: string | undefined): string | null => (value === undefined ? null : cleanText(value));

/**
 * One exported entry (CSV and JSON): every field, and when it was recorded in the kennel's zone.
 * Every text is cleaned as the terminal and Slack clean it, so an export written to a terminal or
 * opened in a spreadsheet carries no escape sequence, bidi override or invisible character.
 */
export type ExportRow = Record<Exclude<(typeof COLUMNS)[number], AddedColumn>, string | number | null> &
  Partial<Record<AddedColumn, string | number | null>>;

/** The columns issue 35 added: a row of another kind (a welfare check's) may leave them empty. */
type AddedColumn = "kind" | "given_at_utc" | "past_plan_limit" | "effect";

export function exportRow(e: Entry, timeZone: string): ExportRow {
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
    kind: "round",
    given_at_utc: e.givenAt ?? null,
    past_plan_limit: null,
    effect: null,
  };
}

/**
 * One as-needed dose exported beside the entries (kind "as_needed"): its record's id and place, the
 * item, "given", why, the note, who, when recorded and when given, the acknowledgement of a dose
 * given past the plan's limit (its rule and words), and its effect ("helped · Jane 2026-11-22
 * 10:12 · calmer") or "awaiting effect". Cleaned like every field.
 */
export function prnExportRow(d: PrnDose, timeZone: string): ExportRow {
  const e = d.effect;
  return {
    id: d.id,
    seq: d.seq ?? null,
    kennel: null,
    date: text(d.date),
    round: null,
    booking_id: d.bookingId,
    pet_id: d.petId,
    pet_name: null,
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
    kind: "as_needed",
    given_at_utc: d.givenAt,
    past_plan_limit: d.ack ? text(`${d.ack.rule}: ${d.ack.words}`) : null,
    effect: e
      ? text(
          [effectWords(e.effect), `${e.userName} ${localStamp(e.recordedAt, timeZone)}`, e.note]
            .filter(Boolean)
            .join(" · "),
        )
      : "awaiting effect",
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
 * The entries as CSV, one row each with every field (and `more`: other records' rows, in the same
 * columns, in the chain's order among them); `head`: the record's head when exported, as a
 * last line a spreadsheet reads as a note ("# record head …"), so a printed or mailed copy names the
 * chain it came from (`kennel-desk record verify` prints the same).
 */
export function recordCsv(
  entries: Entry[],
  timeZone: string,
  head?: ChainHead,
  more: ExportRow[] = [],
): string {
  const lines = [COLUMNS.join(",")];
  // The other records' rows (the welfare check's, the doses given if needed) in the chain's order
  // among the entries.
  const rows = [...entries.map((e) => exportRow(e, timeZone)), ...more].sort(
    (a, b) => Number(a.seq) - Number(b.seq),
  );
  for (const row of rows) lines.push(COLUMNS.map((c) => csvCell(row[c] ?? null)).join(","));
  if (head) lines.push(headLine(head));
  return `${lines.join("\r\n")}\r\n`;
}

/** "# record head #1234 sha256 9f3a…": the head as exports carry it, the whole hash. */
const headLine = (head: ChainHead) =>
  `# record head #${head.seq} sha256 ${head.hash} (check with: kennel-desk record verify)`;
