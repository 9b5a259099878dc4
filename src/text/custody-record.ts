/**
 * Medicine custody in the exports (issue 49): each custody record of the range (counted in, a count,
 * a discrepancy closed, handed back) as a row of the same columns as a round entry's
 * (src/text/record.ts), kind "custody": `item` the plan's item, `item_text` the medicine and what
 * moved with the balance after it ("Tramadol 50mg: counted in +28 tablets · balance 28"), `outcome`
 * counted_in, counted, closed or handed_back, `reason` a discrepancy's reason, `note` the words,
 * `witness` the second person. The doses between are the round entries' own rows; the register with
 * every line and balance is the JSON's `custody`.
 */
import type { MedicineCustody } from "../domain/custody.ts";
import { type CustodyRecordRow, custodyRecordRows } from "../present/custody-export.ts";
import { localStamp } from "../present/record.ts";
import type { ExportRow } from "./record.ts";

function row(r: CustodyRecordRow, timeZone: string): ExportRow {
  const m = r.medicine.first;
  return {
    id: r.id,
    seq: r.seq,
    kennel: null,
    date: localStamp(r.at, timeZone).slice(0, 10),
    round: null,
    booking_id: m.bookingId,
    pet_id: m.petId,
    pet_name: r.medicine.petName,
    item: m.item,
    item_text: r.itemText,
    outcome: r.outcome,
    reason: r.reason ?? null,
    note: r.note ?? null,
    user_id: r.userId ?? null,
    user_name: r.userName,
    recorded_at_utc: r.at,
    recorded_at_local: localStamp(r.at, timeZone),
    supersedes: null,
    superseded_by: null,
    request_key: null,
    given_at: null,
    reason_code: r.reasonCode ?? null,
    late_entry: null,
    witness: r.witness ?? null,
    kind: "custody",
    past_plan_limit: null,
    effect: null,
    from_words: null,
    timeliness: null,
    paper_giver: null,
    medicine_checked: null,
    not_asked_why: null,
    given_by: null,
  };
}

/** Every custody record of these medicines in the days [from, to] (the kennel's), as export rows. */
export function custodyExportRows(
  medicines: MedicineCustody[],
  timeZone: string,
  days: { from?: string | undefined; to?: string | undefined } = {},
): ExportRow[] {
  return custodyRecordRows(medicines, timeZone)
    .map((r) => row(r, timeZone))
    .filter(
      (r) => (!days.from || (r.date as string) >= days.from) && (!days.to || (r.date as string) <= days.to),
    );
}
