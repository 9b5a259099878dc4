/**
 * Today's house for a name search where it is not known yet: a command in a terminal (`kennel-desk
 * pet Biscuit`) reads the API afresh and keeps nothing, while the bot knows its house from the day's
 * care read at start and with the 07:00 post (src/answers/house-known.ts). So that the terminal's
 * list is Slack's (the pets in house today first, "🏠 in house today": one answer, src/answers/
 * pet-order.ts, one document, src/present/pets.ts), the terminal reads today's stays (the list the
 * board reads) and the pets of those whose bookings name the text searched, at most STAYS_AT_MOST
 * of them: a bounded read (issue 48), never every staying owner's pets.
 */
import type { Deps } from "../deps.ts";
import { holdsFolded } from "../domain/name-fold.ts";
import { localDate } from "../time.ts";
import { lookUpCare } from "./care-lookup.ts";
import { stayingOn } from "./house.ts";
import { knownHouse, rememberHouse } from "./house-known.ts";

/** How many of today's stays naming the text have their pets read. */
const STAYS_AT_MOST = 10;

/**
 * Keeps today's stays whose bookings name `text` (or its words but the last, an owner's surname:
 * "Biscuit Müller"), with their pets, as today's house for this one search; nothing when today's
 * house is known already.
 */
export async function readHouseNaming(deps: Deps, text: string): Promise<void> {
  const today = localDate(deps.clock.now(), deps.config.timezone);
  if (knownHouse(deps, today)) return;
  const names = [text, text.split(" ").slice(0, -1).join(" ")].filter(Boolean);
  const { bookings } = await stayingOn(deps, today);
  const naming = bookings
    .filter((b) => names.some((n) => holdsFolded(b.petNames ?? "", n)))
    .slice(0, STAYS_AT_MOST);
  const care = await lookUpCare(deps, naming);
  rememberHouse(
    deps,
    today,
    naming.map((b) => ({ booking: b, pets: care.careOf(b).pets.map((p) => p.pet) })),
  );
}
