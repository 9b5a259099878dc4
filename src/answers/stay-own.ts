/**
 * The days a stay's record is read over, from the record itself (src/answers/stay.ts stayRecords):
 * what its kept rounds asked decides what was due, never the kennel API's dates or pets now.
 */
import type { Deps } from "../deps.ts";
import { keptStayDays, roundDates, type StayBooking } from "./stay-dates.ts";

/**
 * A stay as its own record knows it (issue 45: what its kept rounds asked decides what was due, never
 * the kennel API's dates now): the days to read, the record's kept days of it (src/answers/stay-dates.ts
 * keptStayDays, from the API's dates too) and its check-in and check-out as its kept rounds said them
 * (else the API's); with nothing in the record naming it, the API's dates, as before a round kept it.
 */
export async function ownStay(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config" | "clock">,
  booking: StayBooking & { bookingId: number },
): Promise<{ stay: StayBooking & { bookingId: number }; days: { from?: string; to?: string } | undefined }> {
  const kept = await keptStayDays(deps, booking.bookingId, roundDates(deps, booking));
  if (!kept) return { stay: booking, days: undefined };
  const said = kept.said;
  return {
    stay: {
      ...booking,
      checkInDate: said?.checkIn ?? booking.checkInDate,
      checkOutDate: said?.checkOut ?? booking.checkOutDate,
    },
    days: { from: kept.from, to: kept.to },
  };
}

/** The first and last of the stays' days, when every one has both (the rounds read once for them all). */
export function sharedSpan(
  spans: Array<{ from?: string; to?: string }>,
): { from: string; to: string } | undefined {
  const from = spans.map((d) => d.from).sort()[0];
  const to = spans
    .map((d) => d.to)
    .sort()
    .at(-1);
  return from && to && spans.every((d) => d.from && d.to) ? { from, to } : undefined;
}
