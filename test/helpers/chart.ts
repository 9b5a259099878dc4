/** One chart pet, the chart around it and the options a chart is printed with: the fixtures the chart's tests share. */
import type { Chart, ChartPet } from "../../src/answers/chart.ts";
import type { ChartCell } from "../../src/domain/chart.ts";
import type { ChartOptions } from "../../src/present/chart.ts";

/** Printed in the kennel's zone, made without Slack, at noon UTC of `day`. */
export const chartOptions = (day: string): ChartOptions => ({
  slack: { none: "made without Slack" },
  timezone: "Europe/London",
  times: { morning: "08:00", midday: "12:00", evening: "18:00" },
  names: undefined,
  generatedAt: `${day}T12:00:00Z`,
});

/** The terminal's plain text, in the kennel's zone. */
export const PLAIN_TEXT = { color: false, timezone: "Europe/London", thisYear: "2026" };

/** A pet with one row ("med:1"), no cells and nothing known of its stay; `over` sets the rest. */
export const chartPet = (petId: number, over: Partial<ChartPet> = {}): ChartPet => ({
  bookingId: petId,
  petId,
  name: `Pet ${petId}`,
  room: undefined,
  reference: `R${petId}`,
  checkIn: undefined,
  checkOut: undefined,
  stillHere: false,
  checkedOut: false,
  care: undefined,
  fromRecord: false,
  plan: undefined,
  rows: [{ item: "med:1" }],
  cells: {},
  ...over,
});

/** A chart of `pets` over `columns` (the chart's dates are theirs), kept from the record. */
export const chartOf = (columns: Chart["columns"], pets: ChartPet[]): Chart => ({
  dates: [...new Set(columns.map((c) => c.date))],
  columns,
  pets,
  problems: [],
  record: true,
  requestId: undefined,
});

/** A dose given on time by JD at `givenAt`, recorded in its window at `recordedAt`; `over` sets the rest (a witness). */
export const givenCell = (
  givenAt: string,
  recordedAt: string,
  over: Partial<Extract<ChartCell, { kind: "given" }>> = {},
): ChartCell => ({
  kind: "given",
  initials: "JD",
  givenAt,
  timeliness: "on_time",
  lateEntry: false,
  recordedAt,
  ...over,
});
