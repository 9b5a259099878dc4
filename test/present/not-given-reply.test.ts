/**
 * A dose not given keeps no time of its own, and the missed reply says it as every surface does (a
 * fresh try found "(not given 13:00 Jane: …)", a time read as when it happened): "not given (recorded
 * 13:00 by Jane): none left: strip empty in his bag"; a dose given keeps "given 09:05 Jane".
 */
import { expect, it } from "vitest";
import { doseAlertDoc } from "../../src/present/dose-alerts.ts";
import type { Entry } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { TEXT, TZ } from "./harness.ts";

const DATE = "2026-12-03";
const window = {
  opensAt: `${DATE}T06:30:00.000Z`,
  dueAt: `${DATE}T07:30:00.000Z`,
  lateAt: `${DATE}T08:15:00.000Z`,
  closesAt: `${DATE}T09:30:00.000Z`,
};
const dose = (key: string, label: string, entry: Partial<Entry>) => ({
  key,
  petName: "Milo",
  room: "Kennel 2",
  item: "med:1" as const,
  label,
  text: `${label}: one tablet with food`,
  window,
  entry: { userName: "Jane", recordedAt: `${DATE}T13:00:00.000Z`, ...entry } as Entry,
});

it("says a dose not given as recorded then, by whom, never as given at that time", () => {
  const text = docText(
    doseAlertDoc(
      {
        kind: "missed",
        date: DATE,
        round: "morning",
        doses: [
          dose("2-20", "Metronidazole 200 mg", {
            outcome: "not_given",
            reasonCode: "none_left",
            reason: "none left: strip empty in his bag",
          }),
          dose("3-30", "Apoquel 16 mg", { outcome: "given", recordedAt: `${DATE}T09:05:00.000Z` }),
        ],
      },
      { timezone: TZ },
    ),
    TEXT,
  );
  expect(text).toContain("(not given (recorded 13:00 by Jane): none left: strip empty in his bag)");
  expect(text).not.toContain("not given 13:00");
  // Given late: when it was due, by the window its round kept.
  expect(text).toContain("(given 09:05 Jane · ⏰ given late (due 07:30, on time until 08:15))");
});
