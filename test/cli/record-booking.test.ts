/**
 * `kennel-desk record --booking REF` with the kennel API not answering: the reference is found in
 * the care record's kept rounds, as with no kennel settings at all, and the stay's record (the record
 * alone) is printed, its missed dose with it; standard error says the API could not be read.
 */
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli } from "../../src/cli/index.ts";
import { temporaryRecord } from "../../src/record/open.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";

const DAY = "2026-12-02";
let dir: string;
let closedPort: number;

beforeAll(async () => {
  const record = temporaryRecord({ now: () => new Date(`${DAY}T07:00:00Z`) }, "kennel-desk-booking-", {
    origin: "loopback",
  });
  dir = record.dir;
  await record.store.kennel();
  const milo = {
    bookingId: 100004,
    petId: 5542,
    name: "Milo",
    reference: "HP-MILO01",
    checkIn: "2026-12-01T10:00:00.000Z",
    checkOut: "2026-12-04T10:00:00.000Z",
  };
  const item = {
    item: "med:1" as const,
    label: "Metronidazole 200 mg",
    text: "Metronidazole 200 mg twice daily",
    window: doseWindow(DAY),
    confirmed: true,
  };
  await keepObligation(record.store, DAY, [{ ...milo, items: [item] }], "morning");
  await record.store.close();
  // A port nothing listens on: the kennel API down.
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  closedPort = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("the API down: the reference found in the kept rounds, the stay's record printed, the API's failure said", async () => {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["record", "--booking", "HP-MILO01"], {
    env: {
      KENNEL_API_KEY: "kd_test_key_0123456789",
      KENNEL_API_BASE_URL: `http://127.0.0.1:${closedPort}/api/v1`,
      KENNEL_TIMEZONE: "UTC",
      ROUNDS_TIMES: "07:30,12:00,18:00",
      KENNEL_DATA_DIR: dir,
      LOG_LEVEL: "silent",
    },
    io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } },
    clock: { now: () => new Date(`${DAY}T15:00:00Z`) },
  });
  expect(stderr).toContain("The kennel API could not be read for the booking's details:");
  expect(stderr).toContain("The stay HP-MILO01 is booking 100004 in the care record's kept rounds.");
  expect(code).toBe(0);
  expect(stdout).toContain("Stay record · HP-MILO01");
  expect(stdout).toContain("Metronidazole 200 mg");
  expect(stdout).toMatch(/missed/);
});
