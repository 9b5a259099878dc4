/** The stay's care record as terminal text: the summary lines, and the full record (`kennel-desk record --booking`). */
import type { StayRecordView } from "../domain/stay.ts";
import { stayRecordDoc, staySummaryDocLines } from "../present/stay.ts";
import { docText, lineText } from "./doc.ts";
import type { TextOptions } from "./options.ts";

/** One line per pet ("📋 Stay record, Juniper: …"), or why the record could not be read. */
export function staySummaryText(stay: StayRecordView | undefined, timezone: string): string[] {
  // Plain: these lines go inside another answer's text, which colours its own.
  const o: TextOptions = { color: false, timezone, thisYear: "" };
  return staySummaryDocLines(stay, timezone).map((l) => lineText(o, l));
}

/** The stay's full record: each pet, each round, each item with who and when; corrections kept. */
export function stayRecordText(stay: StayRecordView, reference: string, o: TextOptions): string {
  return docText(stayRecordDoc(stay, reference, { timezone: o.timezone }), o);
}
