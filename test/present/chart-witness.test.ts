/** A high-alert dose's witness printed in its chart cell, and its absence said (issue 50 with issue 35). */
import { expect, it } from "vitest";
import type { Chart, ChartPet } from "../../src/answers/chart.ts";
import type { ChartCell } from "../../src/domain/chart.ts";
import { chartDoc } from "../../src/present/chart.ts";
import { docText } from "../../src/text/doc.ts";

const DAY = "2026-11-24";

it("prints 'wit.' and the witness's initials beside the giver's, 'awaiting witness' or 'unwitnessed'", () => {
  const cell = (w: "TB" | "awaiting" | "unwitnessed"): ChartCell => ({
    kind: "given",
    initials: "JD",
    givenAt: `${DAY}T07:35:00Z`,
    timeliness: "on_time",
    lateEntry: false,
    recordedAt: `${DAY}T07:36:00Z`,
    witness: w === "TB" ? { state: "witnessed" as const, initials: "TB" } : { state: w },
  });
  const pet = (petId: number, name: string, w: "TB" | "awaiting" | "unwitnessed"): ChartPet => ({
    bookingId: petId,
    petId,
    name,
    room: undefined,
    reference: `R${petId}`,
    checkIn: undefined,
    checkOut: undefined,
    care: undefined,
    plan: undefined,
    rows: [{ item: "med:1" }],
    cells: { [`${DAY}|morning|med:1`]: cell(w) },
  });
  const chart: Chart = {
    dates: [DAY],
    columns: [{ date: DAY, round: "morning", kept: true }],
    pets: [pet(1, "Bobby", "TB"), pet(2, "Sox", "awaiting"), pet(3, "Mitt", "unwitnessed")],
    problems: [],
    requestId: undefined,
  };
  const text = docText(
    chartDoc(chart, {
      timezone: "Europe/London",
      times: { morning: "08:00", midday: "12:00", evening: "18:00" },
      names: undefined,
      generatedAt: `${DAY}T12:00:00Z`,
    }),
    { color: false, timezone: "Europe/London", thisYear: "2026" },
  );
  expect(text).toContain("JD 07:35 · wit. TB");
  expect(text).toContain("JD 07:35 · awaiting witness");
  expect(text).toContain("JD 07:35 · unwitnessed");
  expect(text).toContain("wit. and initials: its witness");
});
