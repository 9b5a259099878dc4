/**
 * A process of its own for the time zone's two paths (src/time.ts): the tests send the cases on
 * standard input as one JSON line and read one JSON line back.
 *
 *   adopted ZONE   adopt ZONE as the process's zone, then answer every case from it
 *   no-intl        adopt Europe/London, make Intl.DateTimeFormat throw, then answer the cases (and
 *                  isValidTimeZone("Europe/London"), hostTimeZone()): any answer built on a
 *                  formatter fails
 *   reference      (run with TZ=UTC) date-fns-tz's fromZonedTime for each wall time
 */
import { readFileSync } from "node:fs";
import { fromZonedTime } from "date-fns-tz/fromZonedTime";
import { hostTimeZone, isValidTimeZone } from "../src/config/timezone.ts";
import { dueInstant } from "../src/digest/due.ts";
import { adoptProcessZone, localDate, wallClockInstants, wallOf, zonedInstant } from "../src/time.ts";

export interface ZoneCases {
  zone: string;
  /** Instants (ms): their localDate and wallOf. */
  instants: number[];
  /** [date, time]: zonedInstant, wallClockInstants, dueInstant. */
  walls: Array<[string, string]>;
}

export interface ZoneAnswers {
  localDates: string[];
  walls: string[];
  zoned: string[];
  allInstants: string[][];
  due: Array<string | null>;
  valid?: boolean;
  host?: string;
}

/** Every answer for the cases, from whichever path the process takes. */
export function answer(c: ZoneCases): ZoneAnswers {
  return {
    localDates: c.instants.map((ms) => localDate(ms, c.zone)),
    walls: c.instants.map((ms) => wallOf(ms, c.zone)),
    zoned: c.walls.map(([date, time]) => zonedInstant(date, time, c.zone).toISOString()),
    allInstants: c.walls.map(([date, time]) =>
      wallClockInstants(date, time, c.zone).map((d) => d.toISOString()),
    ),
    due: c.walls.map(([date, time]) => dueInstant(time, c.zone, date)?.toISOString() ?? null),
  };
}

if (import.meta.main) {
  const [mode, zone = ""] = process.argv.slice(2);
  const cases = JSON.parse(readFileSync(0, "utf8")) as ZoneCases;
  let out: unknown;
  if (mode === "adopted") {
    adoptProcessZone(zone);
    out = answer(cases);
  } else if (mode === "no-intl") {
    adoptProcessZone("Europe/London");
    Intl.DateTimeFormat = function refused(): never {
      throw new Error("an Intl.DateTimeFormat was built");
    } as unknown as typeof Intl.DateTimeFormat;
    out = { ...answer(cases), valid: isValidTimeZone("Europe/London"), host: hostTimeZone() };
  } else {
    out = cases.walls.map(([date, time]) => fromZonedTime(`${date}T${time}:00`, cases.zone).toISOString());
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}
