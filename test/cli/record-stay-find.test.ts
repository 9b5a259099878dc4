/**
 * `kennel-desk record --booking` and `record export --booking/--pet` find the stay one way, as
 * `kennel-desk booking` does, against the sandbox and a real SQLite record: an id or a reference that
 * neither the kennel API nor the record knows is not found (exit 1, what to check), never an empty
 * record; one the API knows with nothing recorded is "Nothing recorded for this stay yet" (exit 0);
 * with no kennel settings not found too (exit 1), with the API down its failure (exit 3) said with
 * what the record lacks; a reference in small letters is found. A pet's export carries its plan
 * versions; one stay's HTML goes to standard output as one file. The record begun at the evening
 * round's minute: that round is the record's, the stay record and the audit both say it never posted.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import type { Deps } from "../../src/deps.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { movingClock, useSandboxRecord } from "../helpers/sandbox-deps.ts";
import { runCommand } from "./helpers.ts";

const TODAY = "2026-12-02";
// The record's first write in the evening round's minute (18:00), a little after it began.
const clock = movingClock(new Date("2026-11-30T18:00:00.857Z"));
const now = { now: () => new Date(`${TODAY}T15:00:00Z`) };
let sandbox: Sandbox;
let dir: string;
let store: CareRecordStore;
let env: Record<string, string>;
let biscuit: number;
let unrecorded: number;
let closedPort: number;
let deps: Deps;

useSandboxRecord(
  { seed: 7, customers: 60, today: TODAY, timezone: "UTC" },
  clock,
  "kennel-desk-stay-find-",
  (s) => {
    sandbox = s.sandbox;
    dir = s.dir;
    store = s.store;
    env = {
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: sandbox.url,
      KENNEL_TIMEZONE: "UTC",
      KENNEL_DATA_DIR: dir,
      LOG_LEVEL: "silent",
    };
    deps = s.deps;
  },
);

beforeAll(async () => {
  // Today's morning round kept (its plans drafted), the record begun on Mon 30 Nov at 18:00:00.857.
  await keepRounds(deps, [TODAY], ["morning"]);
  await store.close();
  const demo = sandbox.main.bookingByReference.get("HP-DK4Q7M") as { customerId: number };
  const pets = sandbox.main.petsByCustomer.get(demo.customerId) as Array<{ petId: number; name: string }>;
  biscuit = (pets.find((p) => p.name === "Biscuit") as { petId: number }).petId;
  const later = sandbox.main.bookings.find((b) => String(b.checkInDate) > "2026-12-10T00:00:00Z");
  unrecorded = (later as { bookingId: number }).bookingId;
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  closedPort = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
});

const run = (args: string[], over: Record<string, string> = {}) =>
  runCommand(args, { ...env, ...over }, { clock: now });
const noApi = () => {
  const { KENNEL_API_KEY: _k, KENNEL_API_BASE_URL: _u, ...rest } = env;
  return rest;
};

describe("an id neither the kennel API nor the record knows", () => {
  it("record --booking 999999: not found (exit 1), what to check; never 'Nothing recorded'", async () => {
    const r = await run(["record", "--booking", "999999"]);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain("Nothing recorded");
    expect(r.stderr).toContain('No booking with id or reference "999999" was found');
    expect(r.stderr).toContain("the care record has nothing of booking 999999");
    expect(r.stderr).toContain("kennel-desk booking REF");
  });

  it("record export --booking 999999: not found (exit 1), nothing written", async () => {
    const r = await run(["record", "export", "--booking", "999999"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain('No booking with id or reference "999999" was found');
  });

  it("record export --pet 123456 (no range): not found (exit 1), how to check the id", async () => {
    const r = await run(["record", "export", "--pet", "123456"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("No pet with id 123456 was found");
    expect(r.stderr).toContain("kennel-desk pet NAME");
  });

  it("a booking the API knows with nothing recorded: 'Nothing recorded for this stay yet' (exit 0)", async () => {
    const r = await run(["record", "--booking", String(unrecorded)]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Nothing recorded for this stay yet.");
  });
});

describe("a reference nobody knows: the docs' codes, whatever the settings", () => {
  it("the API up: not found (1)", async () => {
    const r = await run(["record", "--booking", "NOPE-1"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('No booking with reference "NOPE-1" was found');
  });

  it("no kennel API settings: not found (1), said as the record's", async () => {
    const r = await runCommand(["record", "--booking", "NOPE-1"], noApi(), { clock: now });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "No booking NOPE-1 was found: no kept round of the care record names the stay NOPE-1",
    );
    const id = await runCommand(["record", "--booking", "999999"], noApi(), { clock: now });
    expect(id.code).toBe(1);
    expect(id.stderr).toContain("the care record has nothing of booking 999999");
  });

  it("the API down: its failure (3), with what the record lacks", async () => {
    const r = await run(["record", "--booking", "NOPE-1"], {
      KENNEL_API_BASE_URL: `http://127.0.0.1:${closedPort}/api/v1`,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      "The stay NOPE-1 cannot be found without the kennel API: no kept round of the care record names the stay NOPE-1.",
    );
  });
});

describe("the demo stay", () => {
  it("a reference in small letters is found, as kennel-desk booking finds it, by record and export alike", async () => {
    const r = await run(["record", "--booking", "hp-dk4q7m"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Stay record · HP-DK4Q7M");
    const e = await run(["record", "export", "--booking", "hp-dk4q7m"]);
    expect(e.code).toBe(0);
    const { bookingId } = sandbox.main.bookingByReference.get("HP-DK4Q7M") as { bookingId: number };
    expect(e.stderr).toContain(`of booking ${bookingId}`);
    expect(e.stderr).toContain("2 care plan versions");
  });

  it("a pet's export with no range carries its plan versions, as its stay's does", async () => {
    const stay = await run(["record", "export", "--booking", "HP-DK4Q7M", "--pet", String(biscuit)]);
    expect(stay.stderr).toContain("1 care plan version");
    const pet = await run(["record", "export", "--pet", String(biscuit)]);
    expect(pet.code).toBe(0);
    expect(pet.stderr).toContain("1 care plan version");
  });

  it("its HTML to standard output (the docs' pattern): one file, a page per pet", async () => {
    const r = await run(["record", "export", "--booking", "HP-DK4Q7M", "--format", "html"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.match(/<!DOCTYPE html>/g)).toHaveLength(1);
    expect(r.stdout).toContain("Biscuit");
    expect(r.stdout).toContain("Pepper");
    expect(r.stdout).toContain('<hr class="page">');
  });

  it("Mon 30 Nov's evening round (the record begun in its minute): never posted, in the stay record and the audit alike", async () => {
    const stay = await run(["record", "--booking", "HP-DK4Q7M"]);
    expect(stay.code).toBe(0);
    expect(stay.stdout).toMatch(/rounds with no sheet kept[^\n]*: Mon 30 Nov evening, Tue 1 Dec morning/);
    expect(stay.stdout).toContain("Mon 30 Nov, evening: ❌ no welfare check");
    const audit = await run(["record", "audit"]);
    expect(audit.code).toBe(0);
    expect(audit.stdout).toContain("Mon 30 Nov 2026: Evening round: never posted");
    expect(audit.stdout).not.toContain("Mon 30 Nov 2026 – Tue 1 Dec 2026");
  });
});
