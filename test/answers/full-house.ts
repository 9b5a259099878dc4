/**
 * The sandbox's full house for a whole file (seed 11, 400 customers, today 22 Nov 2026 in London):
 * `house.day` its busiest day (150+ pets), set once the sandbox has started before the file's tests;
 * closed after them. `depsAt` gives deps on it with the clock at a local time of a day.
 */
import { afterAll, beforeAll } from "vitest";
import type { Deps } from "../../src/deps.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

export const TZ = "Europe/London";

export function useFullHouse() {
  const house = {} as { sandbox: Sandbox; day: string };
  beforeAll(async () => {
    house.sandbox = await startSandbox({ seed: 11, customers: 400, timezone: TZ, today: "2026-11-22" });
    house.day = house.sandbox.data.fullHouseDay as string;
  }, 60_000);
  afterAll(() => house.sandbox.close());
  /** Deps with `env` over the kennel's time zone, the clock at `hhmm` of `date` (the busiest day by default). */
  const depsAt = (
    hhmm: string,
    o: { env?: Record<string, string>; date?: string; record?: CareRecordStore } = {},
  ): Deps =>
    sandboxDeps(
      house.sandbox,
      { now: () => zonedInstant(o.date ?? house.day, hhmm, TZ) },
      { env: { KENNEL_TIMEZONE: TZ, ...o.env }, retryDelayMs: 0, ...(o.record ? { record: o.record } : {}) },
    );
  return { house, depsAt };
}
