/**
 * A day's arrivals or departures, read both ways safely. The spec (docs/kennel-api.md, "Spec
 * readings") does not say whether `/bookings/checkin?date=` and `/bookings/checkout?date=` take a
 * local date (the kennel's) or a UTC date. So Kennel Desk asks for the date and, when the kennel's
 * day reaches into a neighbouring UTC date, for that date too, and keeps the bookings whose local
 * date is the one asked for: right under either reading, and never a booking twice.
 */
import type { Deps } from "../deps.ts";
import type { DayKind } from "../domain/day.ts";
import type { Booking } from "../kennel/schemas.ts";
import type { KennelResult } from "../kennel/types.ts";
import { dayEndIso, dayStartIso, localDate } from "../time.ts";

/** The UTC dates the kennel's local day spans, the day itself first. */
export function datesToAsk(date: string, timeZone: string): string[] {
  const start = dayStartIso(date, timeZone).slice(0, 10);
  const end = dayEndIso(date, timeZone).slice(0, 10);
  return [...new Set([date, start, end])];
}

/**
 * The day's bookings (local date = `date`); `raw` and `requestId` are the answer for the date
 * itself (raw mode shows the API's JSON for what was asked).
 */
export async function listDay(
  deps: Pick<Deps, "kennel" | "config">,
  kind: DayKind,
  date: string,
): Promise<KennelResult<Booking[]>> {
  const tz = deps.config.timezone;
  const ask = (d: string) =>
    kind === "arrivals" ? deps.kennel.listArrivals(d) : deps.kennel.listDepartures(d);
  const [own, ...others] = await Promise.all(datesToAsk(date, tz).map(ask));
  const answer = own as KennelResult<Booking[]>;
  const when = (b: Booking) => (kind === "arrivals" ? b.checkInDate : b.checkOutDate);
  const onDate = (b: Booking) => {
    const at = when(b);
    return at !== undefined && localDate(at, tz) === date;
  };
  // The date's own answer, less what is another local day's (a booking with no time is kept);
  // then what a neighbouring date's answer adds for this local day, each booking once.
  const data = answer.data.filter((b) => onDate(b) || when(b) === undefined);
  const seen = new Set(answer.data.map((b) => b.bookingId));
  for (const o of others) {
    for (const b of o.data) {
      if (!onDate(b) || (b.bookingId !== undefined && seen.has(b.bookingId))) continue;
      seen.add(b.bookingId);
      data.push(b);
    }
  }
  return { ...answer, data };
}
