/**
 * The preview's as-needed dose awaiting its effect (issue 35): one dose of a pet's as-needed item
 * kept as the form keeps it, given a little while ago, so the sheet, the pet's card, Home and the
 * stay's record show "💊 Piriton 4mg given 09:10 by Jane for scratching · awaiting effect". The item
 * is the pet's plan's as-needed item (the sandbox's AW-PRN: "Piriton 4mg PRN – only if scratching"),
 * or `item` (default Piriton 4mg in slot 5) for a pet whose plan has none.
 */
import type { Deps } from "../deps.ts";
import { type AsNeededItem, asNeededItems, type PrnDose } from "../domain/prn.ts";
import { localDate } from "../time.ts";
import { prnNow } from "./prn.ts";
import { keepPrn } from "./prn-give.ts";
import type { Who } from "./record-round.ts";

const PIRITON: AsNeededItem = {
  key: "med:5",
  label: "Piriton 4mg",
  text: "Piriton 4mg PRN – only if scratching, max 2 in 24h, at least 4 hours apart",
  reason: "only if scratching",
  maxPer24h: 2,
  minHoursBetween: 4,
};

export async function seedAsNeededDose(
  deps: Pick<Deps, "record" | "config" | "clock">,
  o: {
    bookingId: number;
    petId: number;
    /** The item when the pet's plan offers none (default: Piriton 4mg as needed, in slot 5). */
    item?: AsNeededItem;
    /** How long ago it was given (default 20 minutes: its follow-up still ahead). */
    minutesAgo?: number;
    who?: Who;
  },
): Promise<PrnDose> {
  const now = await prnNow(deps, o.bookingId, o.petId);
  // The plan's own as-needed item, confirmed or not (the preview's pet may not be confirmed yet).
  const planned = now.version
    ? asNeededItems(now.version.plan, "confirmed", localDate(deps.clock.now(), deps.config.timezone), {
        timeZone: deps.config.timezone,
        roundTimes: deps.config.rounds.times,
      })
    : [];
  const item = now.items[0] ?? planned[0] ?? o.item ?? PIRITON;
  const givenAt = new Date(deps.clock.now().getTime() - (o.minutesAgo ?? 20) * 60_000).toISOString();
  const { dose } = await keepPrn(deps, {
    bookingId: o.bookingId,
    petId: o.petId,
    item,
    date: localDate(givenAt, deps.config.timezone),
    reason: "scratching",
    givenAt,
    who: o.who ?? { userId: "U0PREVIEW", userName: "Jane" },
    requestKey: `preview:prn:${o.bookingId}:${o.petId}`,
  });
  return dose;
}
