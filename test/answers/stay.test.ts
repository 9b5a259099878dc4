/**
 * The stay record when the care record cannot be read: each departure says so where its summary
 * would be (never left out silently), and the rest of the answer stands.
 */
import { expect, it } from "vitest";
import { stayRecords } from "../../src/answers/stay.ts";
import { lineMrkdwn } from "../../src/blocks/doc.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import { staySummaryDocLines } from "../../src/present/stay.ts";
import { StoreError } from "../../src/record/errors.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { terminalLine } from "../../src/text/doc.ts";
import { scratchRecord, withFaults } from "../helpers/record.ts";

it("a store that cannot be read: each stay says so, in Slack and in the terminal", async () => {
  const real = scratchRecord();
  // A real store whose reads fail (a fault injected, not a mock).
  const store: CareRecordStore = withFaults(real, {
    entries: async () => {
      throw new StoreError(
        "unavailable",
        "The care record cannot be read: PostgreSQL is not answering.",
        "Try again in a minute.",
        "test",
      );
    },
  });
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
  // Slack's and the terminal's summary line under the departure.
  const [summary] = staySummaryDocLines(stay, "Europe/London");
  expect(lineMrkdwn(summary ?? [])).toMatch(/^📋 ❔ The stay record could not be read/);
  expect(terminalLine({ color: false, timezone: "Europe/London", thisYear: "2026" }, summary ?? [])).toMatch(
    /^📋 ❔ The stay record could not be read/,
  );
  // No store at all (a surface that keeps no record): nothing is claimed either way.
  expect(await stayRecords({ ...deps, record: undefined } as Deps, [])).toBeUndefined();
  await real.close();
});
