/**
 * The welfare check in the terminal and in the exports: a day's checks (`kennel-desk record`, the
 * connector), and every welfare record as an export row of the same columns as a round entry's
 * (src/text/record.ts): `item` says which kind ("welfare" a check, "welfare_flag" a flag opened,
 * "welfare_advice" vet advice, "welfare_resolved" a flag closed), `item_text` what it says,
 * `outcome` in a word, `reason` the advice or why the flag was resolved, `note` the check's note.
 */
import type { WelfareDayRecord, WelfareRecordRow } from "../answers/welfare-record.ts";
import { cleanText } from "../domain/text.ts";
import { isAllNormal } from "../domain/welfare.ts";
import { localStamp } from "../present/record.ts";
import { soughtWords, welfareDayDoc } from "../present/welfare-record.ts";
import { allValuesWords, flagHeadWords, mealWords } from "../words/welfare.ts";
import { docText } from "./doc.ts";
import type { TextOptions } from "./options.ts";
import { type ExportRow, NOT_A_DOSE } from "./record.ts";

export const welfareDayText = (day: WelfareDayRecord, o: TextOptions): string =>
  docText(welfareDayDoc(day, o.timezone), o);

const text = (value: string | undefined): string | null => (value === undefined ? null : cleanText(value));

/** What a welfare record says, and its outcome in a word. */
function said(
  r: WelfareRecordRow,
  timeZone: string,
): { itemText: string; outcome: string; reason?: string; note?: string } {
  if (r.check) {
    const meal = r.check.eating.find((m) => m.round === r.check?.round);
    return {
      itemText: `${allValuesWords(r.check.values)} · eating: ${mealWords(meal).slice(3)} (${r.check.round} meal)`,
      outcome: isAllNormal(r.check) ? "all_normal" : "something_noted",
      ...(r.check.note ? { note: r.check.note } : {}),
    };
  }
  if (r.flag)
    return {
      itemText: `${flagHeadWords(r.flag).slice(3)}: ${r.flag.entries.map((e) => `${e.date} ${e.round}`).join(", ")}`,
      outcome: "opened",
    };
  if (r.advice)
    return {
      itemText: `flag ${r.advice.flag}: vet advice from ${r.advice.vet}, sought ${soughtWords(r.advice.sought, timeZone)}`,
      outcome: "vet_advice",
      reason: r.advice.advice,
    };
  return { itemText: `flag ${r.resolved?.flag ?? "?"}`, outcome: "resolved", reason: r.resolved?.why ?? "" };
}

/** A welfare record as an export row (CSV and JSON), every text cleaned as on every surface. */
export function welfareExportRow(r: WelfareRecordRow, timeZone: string): ExportRow {
  const s = said(r, timeZone);
  return {
    id: r.id,
    seq: r.seq,
    kennel: text(r.kennel),
    date: text(r.date),
    round: text(r.check?.round),
    booking_id: r.bookingId ?? null,
    pet_id: r.petId ?? null,
    pet_name: text(r.petName),
    item: text(r.kind),
    item_text: text(s.itemText),
    outcome: text(s.outcome),
    reason: text(s.reason),
    note: text(s.note),
    user_id: text(r.userId),
    user_name: text(r.userName ?? (r.kind === "welfare_flag" ? "Kennel Desk" : undefined)),
    recorded_at_utc: r.recordedAt,
    recorded_at_local: localStamp(r.recordedAt, timeZone),
    supersedes: r.supersedes ?? null,
    superseded_by: r.supersededBy ?? null,
    request_key: text(r.requestKey),
    ...NOT_A_DOSE,
  };
}
