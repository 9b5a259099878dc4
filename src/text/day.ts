/**
 * Arrivals and departures as terminal text: the day's document (src/present/day.ts), as Slack shows
 * it. The API's JSON (KENNEL_RAW_RESPONSES=1) is printed under the title and summary instead.
 */
import type { DayReport } from "../answers/day.ts";
import { type DayEntry, ENTRY_CAPS } from "../domain/day.ts";
import { dayDoc } from "../present/day.ts";
import { dayTitle, summaryParts } from "../words/day.ts";
import { docText } from "./doc.ts";
import { rawText } from "./kennel.ts";
import type { TextOptions } from "./options.ts";
import { one, paragraphs, summary, title } from "./style.ts";

export function referenceOf(b: DayEntry["booking"]): string {
  return b.reference ? one(b.reference, ENTRY_CAPS.reference) : `booking id ${b.bookingId ?? "not recorded"}`;
}

export function dayText(r: DayReport, o: TextOptions): string {
  if (r.raw !== undefined)
    return paragraphs([
      title(o, dayTitle(r.kind, r.date, r.totals.bookings)),
      summary(o, summaryParts(r.kind, r.totals)),
      rawText(r.raw, o),
    ]);
  return docText(dayDoc(r, o), o);
}
