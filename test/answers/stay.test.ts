/**
 * The stay record when the care record cannot be read: each departure says so where its summary
 * would be (never left out silently), and the rest of the answer stands.
 */
import { expect, it } from "vitest";
import { stayRecords } from "../../src/answers/stay.ts";
import { staySummaryLines } from "../../src/blocks/stay.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import { StoreError } from "../../src/record/errors.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { staySummaryText } from "../../src/text/stay.ts";
import { scratchRecord } from "../helpers/record.ts";

it("a store that cannot be read: each stay says so, in Slack and in the terminal", async () => {
  const real = scratchRecord();
  // A real store whose reads fail (a fault injected, not a mock).
  const store: CareRecordStore = {
    engine: real.engine,
    record: (e) => real.record(e),
    entries: async () => {
      throw new StoreError(
        "unavailable",
        "The care record cannot be read: PostgreSQL is not answering.",
        "Try again in a minute.",
        "test",
      );
    },
    health: () => real.health(),
    purge: (b) => real.purge(b),
    close: () => real.close(),
  };
  const deps = {
    config: loadConfig({ KENNEL_TIMEZONE: "Europe/London" }),
    clock: { now: () => new Date("2026-11-24T10:00:00Z") },
    log: silentLogger(),
    record: store,
  } as unknown as Deps;
  const stays = await stayRecords(deps, [
    { booking: { bookingId: 5, checkInDate: "2026-11-20T10:00:00Z" }, care: undefined },
  ]);
  const stay = stays?.get(5);
  expect(stay?.problem).toMatch(/^The stay record could not be read: /);
  expect(staySummaryLines(stay, "Europe/London")[0]).toMatch(/^📋 ❔ The stay record could not be read/);
  expect(staySummaryText(stay, "Europe/London")[0]).toMatch(/^📋 ❔ The stay record could not be read/);
  // No store at all (a surface that keeps no record): nothing is claimed either way.
  expect(await stayRecords({ ...deps, record: undefined } as Deps, [])).toBeUndefined();
  await real.close();
});
