/**
 * `/kennel bookings status:"Checked In"` (the README's own example) and `kennel-desk bookings` read a
 * status as it is shown ("checked in", "Checked In") as its value (checked_in), as the connector does:
 * a fresh try found 2 of 64 bookings.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { bookingsSearch } from "../../src/answers/kennel.ts";
import type { Deps } from "../../src/deps.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

let sandbox: Sandbox;
let deps: Deps;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 1, customers: 200, today: "2026-11-22", timezone: "Europe/London" });
  deps = sandboxDeps(sandbox, { now: () => new Date("2026-11-22T09:00:00Z") });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});

it("'Checked In' and 'checked in' find what status:checked_in finds", async () => {
  const value = await bookingsSearch(deps, "status:checked_in");
  expect(value.totalRecords).toBeGreaterThan(2);
  for (const typed of ['status:"Checked In"', 'status:"checked in"', "status:Checked-In"])
    expect((await bookingsSearch(deps, typed)).totalRecords, typed).toBe(value.totalRecords);
});
