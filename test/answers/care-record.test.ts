/**
 * `kennel-desk record`'s day: a dose the round asked is named by its drug, even when the words of
 * its round's field say only when ("AM"). A real SQLite record.
 */
import { expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { loadConfig } from "../../src/config.ts";
import { doseNamed } from "../../src/domain/record.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";
import { scratchRecord } from "../helpers/record.ts";

it("a dose whose morning field says only 'AM' is named by its drug, its words after", async () => {
  const NOW = "2026-11-29T13:00:00Z";
  const store = scratchRecord({ now: () => new Date(NOW) });
  await store.kennel();
  const date = "2026-11-29";
  const window = doseWindow(date, ["06:30", "07:30", "08:15", "09:30"]);
  const selgian = { item: "med:1" as const, label: "Selgian 20 mg", text: "AM", window, confirmed: false };
  const oscar = { bookingId: 13, petId: 950013, name: "Oscar", items: [selgian] };
  await keepObligation(store, date, [oscar]);
  const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "07:30,12:00,18:00" });
  const day = await recordDay({ record: store, config, clock: { now: () => new Date(NOW) } }, "test", {
    date,
    petId: 950013,
  });
  const due = day.rounds[0]?.pets[0]?.due?.find((d) => d.item === "med:1");
  expect(due?.text).toBe("Selgian 20 mg · AM");
  // Words that name the drug stand as they are; the meal is its words.
  expect(doseNamed({ item: "med:2", label: "Rimadyl 50 mg", text: "Rimadyl 50 mg · half a tablet" })).toBe(
    "Rimadyl 50 mg · half a tablet",
  );
  expect(doseNamed({ item: "meal", label: "meal", text: "Wet food" })).toBe("Wet food");
  await store.close();
});
