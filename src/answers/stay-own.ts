/**
 * The days a stay's record is read over, from the record itself (src/answers/stay.ts stayRecords):
 * what its kept rounds asked decides what was due, never the kennel API's dates or pets now.
 */
import type { Deps } from "../deps.ts";
import type { OwedRound } from "../domain/obligations.ts";
import { owedRounds } from "./obligations.ts";
import { namedDays, roundDates, type StayBooking, saidOf, stayEdge, todayOf, widened } from "./stay-dates.ts";

type Stay = StayBooking & { bookingId: number };

/** A stay as its own record knows it: its dates as its kept rounds said them, and the days to read (none: the API's). */
export interface OwnStay {
  stay: Stay;
  days: { from: string; to: string } | undefined;
}

/**
 * Stays as their own record knows them (issue 45: what the kept rounds asked decides what was due,
 * never the kennel API's dates now), found as src/answers/stay-dates.ts keptStayDays finds one, from
 * the API's dates too: the days the record names each on, widened to its check-in and check-out as
 * the rounds of those days said them, then walked out while its rounds still ask it; its check-in
 * and check-out as its kept rounds said them (else the API's). The rounds of the named days are read
 * once for all the stays, and each day walked out to once. A stay nothing names: the API's dates.
 */
export async function ownStays(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config" | "clock">,
  stays: Stay[],
): Promise<OwnStay[]> {
  const named = await Promise.all(stays.map((b) => namedDays(deps, b.bookingId, roundDates(deps, b))));
  const span = sharedSpan(named.filter((d) => d !== undefined));
  const rounds = span ? await owedRounds(deps, span) : [];
  const read = new Map<string, Promise<OwedRound[]>>();
  const roundsOn = (date: string) => {
    const within = span && date >= span.from && date <= span.to;
    const got = read.get(date) ?? (within ? Promise.resolve(rounds) : owedRounds(deps, { date }));
    read.set(date, got);
    return got.then((rs) => rs.filter((r) => r.date === date));
  };
  const today = todayOf(deps);
  return Promise.all(
    stays.map(async (booking, i): Promise<OwnStay> => {
      const first = named[i];
      if (!first) return { stay: booking, days: undefined };
      const asked = rounds.filter((r) => r.date >= first.from && r.date <= first.to);
      const said = saidOf(asked.flatMap((r) => r.pets.filter((p) => p.bookingId === booking.bookingId)));
      const whole = widened(deps, first, said);
      const ids = new Set([booking.bookingId]);
      const days = {
        from: await stayEdge(deps, ids, whole.from, -1, undefined, roundsOn),
        to: await stayEdge(deps, ids, whole.to, 1, today, roundsOn),
      };
      const stay = {
        ...booking,
        checkInDate: said?.checkIn ?? booking.checkInDate,
        checkOutDate: said?.checkOut ?? booking.checkOutDate,
      };
      return { stay, days };
    }),
  );
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
