/**
 * The care plan in the exports (issue 34): each kept version of a pet's plan as an export row of the
 * same columns as a round entry's (src/text/record.ts), in the chain's order among them: `item`
 * "care_plan", `item_text` the plan's items as read (each beside its words), `outcome` its state
 * (draft, awaiting_second, confirmed, changed_in_source), `user_name` who confirmed it (each, with
 * when), `note` who set which item, `reason` what changed in the kennel system. A file format of the
 * record (as src/text/record.ts), not a document.
 */
import type { PlanVersion } from "../answers/plans.ts";
import { planState } from "../domain/plan/state.ts";
import { cleanText } from "../domain/text.ts";
import { localStamp } from "../present/record.ts";
import { readingWords } from "../words/plan.ts";
import { type ExportRow, NOT_A_DOSE } from "./record.ts";

const text = (value: string | undefined): string | null => (value === undefined ? null : cleanText(value));

/** One kept version, as the export's row. */
export function planExportRow(v: PlanVersion, timeZone: string): ExportRow {
  const state = v.changed?.length ? "changed_in_source" : planState(v.plan);
  const items = v.plan.items
    .map(
      (i) =>
        `${i.key}: ${i.readBy === "nobody" ? "read by a person" : readingWords(i)} (words: ${i.what.text})`,
    )
    .join(" | ");
  const confirmed = v.plan.confirmations.map((c) => `${c.userName} ${localStamp(c.at, timeZone)}`).join("; ");
  const set = v.plan.items
    .flatMap((i) => (i.setBy ? [`${i.key} set by ${i.setBy.userName}`] : []))
    .join("; ");
  const changed = (v.changed ?? []).map((c) => `${c.key} changed in the kennel system`).join("; ");
  return {
    id: v.id,
    seq: v.seq,
    kennel: text(v.kennel),
    date: text(v.date),
    round: null,
    booking_id: v.plan.bookingId,
    pet_id: v.plan.petId,
    pet_name: text(v.petName),
    item: "care_plan",
    item_text: text(items),
    outcome: state,
    reason: text(changed || undefined),
    note: text(set || undefined),
    user_id: text(v.userId),
    user_name: text(confirmed || undefined),
    recorded_at_utc: v.recordedAt,
    recorded_at_local: localStamp(v.recordedAt, timeZone),
    supersedes: v.supersedes ?? null,
    superseded_by: v.supersededBy ?? null,
    request_key: text(v.requestKey),
    ...NOT_A_DOSE,
  };
}
