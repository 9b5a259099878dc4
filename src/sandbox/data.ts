/**
 * Synthetic kennel data for the sandbox: the same for the same seed and the same "today".
 *
 * Two businesses share one id space (as one database would), so an id of one is a 404 for the
 * other. Bookings fall in a window of weeks around today in the sandbox's time zone. The house is a
 * set of rooms, each a timeline of boarding stays, so about 40 pets are in on any day, 3 to 6 of
 * them on each medication round; a peak puts 150+ pets in on today+1 and today+2; three days are
 * empty. No pet is booked twice on overlapping days, and statuses follow the dates (a stay that
 * began in the past is checked in or out). The landmarks (`sandboxLandmarks`) are fixed records for
 * demos and tests. Some free text is Slack-hostile
 * (`<!channel>`, `*bold*`, `_x_`, `<http://x|y>`, `&`) so that escaping is always exercised.
 *
 * The parts: people.ts (customers, pets), bookings.ts (one booking), rooms.ts (the house's timelines),
 * landmarks.ts (the fixed records), business.ts (one business), context.ts (the shared build state).
 */
import { addDays } from "../time.ts";
import { buildBusiness } from "./business.ts";
import { type BuildContext, dayNumber } from "./context.ts";
import { sandboxLandmarks } from "./landmarks.ts";
import { Random } from "./random.ts";

export { SANDBOX_REFERENCES, sandboxLandmarks } from "./landmarks.ts";
export type { BusinessData, DataOptions, SandboxData } from "./types.ts";

import type { DataOptions, LandmarkIds, SandboxData } from "./types.ts";

function keyFor(r: Random, label: string): string {
  return `kd_${label}_${r.chars("abcdefghijkmnopqrstuvwxyz23456789", 32)}`;
}

export function generateData(options: DataOptions): SandboxData {
  const r = new Random(options.seed);
  const window = options.windowDays ?? 28;
  // Fixed offsets, so every seed has them. The peak (today+1 and today+2, 150+ pets in house, 100+
  // departures on today+2) and the empty days (nothing arrives or leaves).
  const busyDays = [2].map((n) => addDays(options.today, n));
  const emptyDays = sandboxLandmarks(options.today).emptyDays;
  const ctx: BuildContext = {
    r,
    today: options.today,
    todayN: dayNumber(options.today),
    timezone: options.timezone,
    window,
    emptyDays: new Set(emptyDays.map(dayNumber)),
    counters: { customer: 1000, pet: 5000, booking: 100000 },
    refs: new Set(),
    offsetCache: new Map(),
    petDays: new Map(),
  };
  const mainKey = keyFor(r, "live");
  const otherKey = keyFor(r, "other");
  const customers = Math.max(1, options.customers);
  const { business: main, landmarkIds } = buildBusiness(
    ctx,
    1,
    "Happy Paws Boarding Kennels",
    mainKey,
    "HP",
    customers,
    options.bookings ?? customers * 3,
    busyDays.map(dayNumber),
    true,
  );
  const otherCustomers = Math.max(10, Math.floor(customers / 10));
  const { business: other } = buildBusiness(
    ctx,
    2,
    "Other Business Ltd",
    otherKey,
    "OB",
    otherCustomers,
    otherCustomers * 3,
    [],
    false,
  );
  return {
    seed: options.seed,
    today: options.today,
    timezone: options.timezone,
    businesses: [main, other],
    emptyDays,
    busyDays,
    fullHouseDay: busyDays[0] as string,
    landmarks: sandboxLandmarks(options.today),
    landmarkIds: landmarkIds as LandmarkIds,
  };
}
