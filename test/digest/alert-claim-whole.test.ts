/**
 * A late or missed reply's claim keeps the pet's name and the dose's words as the round's kept sheet
 * keeps them, whole (up to 2,000 and 200,000 characters): read back from a real SQLite record, a
 * 9,000-character instruction, a 1,000-character name and a 540-character room are there, every
 * word, where they were cut at 3,000, 200 and 200 before, with no mark.
 */
import { describe, expect, it } from "vitest";
import { claimAlert, readAlerts } from "../../src/digest/dose-alert-records.ts";
import type { DoseAlert } from "../../src/domain/dose-alerts.ts";
import { doseWindow } from "../helpers/obligations.ts";
import { scratchRecord } from "../helpers/record.ts";

const DATE = "2026-11-24";
const clock = { now: () => new Date(`${DATE}T13:00:00Z`) };
const words = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(4, "0")}`).join(" ");

describe("a late reply's claim, read back", () => {
  it("keeps a long name, room and instruction whole", async () => {
    const store = scratchRecord(clock);
    const text = words("dose", 1_000); // 9,000 characters
    const petName = words("name", 110); // about 1,000
    const room = words("room", 60); // about 540: a room's name, whole as a pet's
    const alert: DoseAlert = {
      kind: "late",
      date: DATE,
      round: "morning",
      at: `${DATE}T08:15:01.000Z`,
      doses: [
        {
          bookingId: 1,
          petId: 2,
          petName,
          room,
          due: { item: "med:1", label: "Long drug", text },
          window: doseWindow(DATE, ["06:30", "07:30", "08:15", "09:30"]),
          state: { state: "late" },
        },
      ],
    };
    expect((await claimAlert(store, alert, 1, alert.at)).won).toBe(true);
    const claims = [...(await readAlerts(store, DATE)).claims.values()].flat();
    expect(claims).toHaveLength(1);
    const [dose] = claims[0]?.doses ?? [];
    expect(dose?.text).toBe(text);
    expect(dose?.name).toBe(petName);
    expect(dose?.room).toBe(room);
  });
});
