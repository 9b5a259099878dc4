/**
 * Medicine custody in the exports (issue 49): each custody record of the range (counted in, a count,
 * a discrepancy closed, handed back) as a row of the same columns as a round entry's
 * (src/text/record.ts), kind "custody": `item` the plan's item, `item_text` the medicine and what
 * moved with the balance after it ("Tramadol 50mg: counted in +28 tablets · balance 28"), `outcome`
 * counted_in, counted, closed or handed_back, `reason` a discrepancy's reason, `note` the words,
 * `witness` the second person. The doses between are the round entries' own rows; the register with
 * every line and balance is the JSON's `custody`.
 */
import type { MedicineCustody, RegisterLine } from "../domain/custody.ts";
import { cleanText } from "../domain/text.ts";
import { balanceAfterWords, differenceWords, movementWords, REASON_WORDS } from "../words/custody.ts";
import { type ExportRow, localStamp } from "./record.ts";

const text = (value: string | undefined): string | null => (value === undefined ? null : cleanText(value));

const OUTCOME = { in: "counted_in", count: "counted", out: "handed_back" } as const;

type Moved = Exclude<RegisterLine, { kind: "dose" }>;

function row(m: MedicineCustody, l: Moved, timeZone: string): ExportRow {
  const who = l.kind === "in" ? l : l.kind === "count" ? l.count : l.handed;
  const diff = l.kind === "in" ? undefined : l.difference;
  const reason = l.kind === "count" && l.count.reason ? REASON_WORDS[l.count.reason] : undefined;
  const note = l.kind === "count" ? l.count.note : l.kind === "out" ? l.handed.note : m.first.note;
  return {
    id: l.id,
    seq: l.seq,
    kennel: null,
    date: text(localStamp(l.at, timeZone).slice(0, 10)),
    round: null,
    booking_id: m.first.bookingId,
    pet_id: m.first.petId,
    pet_name: text(m.petName),
    item: text(m.first.item),
    item_text: text(
      `${m.first.label}: ${movementWords(l, m.unit)} · ${balanceAfterWords(l.balance)}${diff ? ` · ${differenceWords(diff, m.unit)}` : ""}`,
    ),
    outcome: OUTCOME[l.kind],
    reason: text(reason),
    note: text(note),
    user_id: text(who.by.userId),
    user_name: text(who.by.userName),
    recorded_at_utc: l.at,
    recorded_at_local: localStamp(l.at, timeZone),
    supersedes: null,
    superseded_by: null,
    request_key: null,
    given_at: null,
    reason_code: l.kind === "count" ? (l.count.reason ?? null) : null,
    late_entry: null,
    witness: text(who.witness?.userName),
    kind: "custody",
    past_plan_limit: null,
    effect: null,
  };
}

/** A discrepancy's closing, as a row of its own after its count. */
function closedRow(
  m: MedicineCustody,
  l: Extract<RegisterLine, { kind: "count" }>,
  timeZone: string,
): ExportRow[] {
  const c = l.count.closed;
  if (!c) return [];
  return [
    {
      ...row(m, l, timeZone),
      id: c.id,
      seq: c.seq,
      item_text: text(`${m.first.label}: discrepancy of the count of ${localStamp(l.at, timeZone)} closed`),
      outcome: "closed",
      reason: null,
      reason_code: null,
      note: text(c.note),
      user_id: text(c.by.userId),
      user_name: text(c.by.userName),
      witness: null,
      recorded_at_utc: c.at,
      recorded_at_local: localStamp(c.at, timeZone),
    },
  ];
}

/** Every custody record of these medicines in the days [from, to] (the kennel's), as export rows. */
export function custodyExportRows(
  medicines: MedicineCustody[],
  timeZone: string,
  days: { from?: string | undefined; to?: string | undefined } = {},
): ExportRow[] {
  const within = (iso: string) => {
    const d = localStamp(iso, timeZone).slice(0, 10);
    return (!days.from || d >= days.from) && (!days.to || d <= days.to);
  };
  return medicines.flatMap((m) =>
    m.lines.flatMap((l) =>
      l.kind === "dose" || !within(l.at)
        ? []
        : [row(m, l, timeZone), ...(l.kind === "count" ? closedRow(m, l, timeZone) : [])],
    ),
  );
}
