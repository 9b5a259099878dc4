/** The day's post from the kennel API: every booking, and every pet's care record for the summary. */
import { loadPetsOfBookings } from "../answers/pets-of-bookings.ts";
import { isCalledOff } from "../blocks/booking-words.ts";
import type { DayKind } from "../blocks/day-list.ts";
import { type DigestMessages, digestMessages } from "../blocks/digest.ts";
import type { Deps } from "../deps.ts";

export async function composeDigest(
  deps: Deps,
  kind: DayKind,
  date: string,
  lateAt?: string,
): Promise<DigestMessages> {
  const list =
    kind === "arrivals" ? await deps.kennel.listArrivals(date) : await deps.kennel.listDepartures(date);
  const happening = list.data.filter((b) => !isCalledOff(b));
  const lookup = await loadPetsOfBookings(deps, happening);
  return digestMessages({
    kind,
    date,
    entries: happening.map((booking) => ({ booking, pets: lookup.petsOf(booking) })),
    timezone: deps.config.timezone,
    calledOff: list.data.length - happening.length,
    lateAt,
    careProblem: lookup.problem,
  });
}
