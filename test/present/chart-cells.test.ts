/** A chart cell and row head as printed: a high-alert dose's witness (issue 50 with issue 35), and a row's open question. */
import { expect, it } from "vitest";
import type { ChartColumn, ChartPet } from "../../src/answers/chart.ts";
import type { ChartCell } from "../../src/domain/chart.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { chartDoc } from "../../src/present/chart.ts";
import { docText } from "../../src/text/doc.ts";
import { chartOf, chartOptions, chartPet, givenCell, PLAIN_TEXT } from "../helpers/chart.ts";

const DAY = "2026-11-24";
const MORNING: ChartColumn = { date: DAY, round: "morning", kept: true };
/** Sugar (pet 99, booking R9), with the rows and cells given. */
const sugar = (over: Partial<ChartPet>): ChartPet =>
  chartPet(99, { bookingId: 9, name: "Sugar", reference: "R9", ...over });
/** A dose marked not given by JD at 07:45, entered late at 13:03 (by Morgan Reid from the paper, when `paper`). */
const notGiven = (code: "R" | "V", why: string | undefined, paper: boolean): ChartCell => ({
  kind: "not_given",
  code,
  initials: "JD",
  givenAt: `${DAY}T07:45:00Z`,
  lateEntry: true,
  recordedAt: `${DAY}T13:03:00Z`,
  ...(paper ? { paper: { by: "JD", enteredBy: "Morgan Reid" } } : {}),
  why,
});
/** The plain text of a one-day chart of `pets` (its morning, or the rounds given). */
const printed = (pets: ChartPet[], columns: ChartColumn[] = [MORNING]): string =>
  docText(chartDoc(chartOf(columns, pets), chartOptions(DAY)), PLAIN_TEXT);

it("prints 'wit.' and the witness's initials beside the giver's, 'awaiting witness' or 'unwitnessed' (the word every surface says it with)", () => {
  const cell = (w: "TB" | "awaiting" | "unwitnessed"): ChartCell =>
    givenCell(`${DAY}T07:35:00Z`, `${DAY}T07:36:00Z`, {
      witness: w === "TB" ? { state: "witnessed" as const, initials: "TB" } : { state: w },
    });
  const pet = (petId: number, name: string, w: "TB" | "awaiting" | "unwitnessed"): ChartPet =>
    chartPet(petId, { name, cells: { [`${DAY}|morning|med:1`]: cell(w) } });
  const text = printed([pet(1, "Bobby", "TB"), pet(2, "Sox", "awaiting"), pet(3, "Mitt", "unwitnessed")]);
  expect(text).toContain("JD 07:35 · wit. TB");
  expect(text).toContain("JD 07:35 · awaiting witness");
  expect(text).toContain("JD 07:35 · unwitnessed");
  expect(text).not.toContain("no witness");
  expect(text).toContain(
    "wit. and initials: its witness, a high-alert dose's second person, who signs beside the giver; unwitnessed: none in time, or none on the paper",
  );
});

it("R, a refusal from the paper with nothing written beside it, has its word in the foot's line: never a bare letter", () => {
  const pet = sugar({
    rows: [{ item: "med:1", due: { item: "med:1", label: "Rimadyl", text: "Rimadyl 50 mg" } }],
    cells: {
      [`${DAY}|morning|med:1`]: notGiven("R", undefined, true),
    },
  });
  const text = printed([pet]);
  expect(text).toContain(
    "Tue 24 Nov morning, Rimadyl: R refused · from the paper chart: marked R (refused) by JD Tue 24 Nov 2026, 07:45, entered by Morgan Reid Tue 24 Nov 2026, 13:03",
  );
});

it("a high-alert row's cell open to sign has a place for the witness's initials ('wit. ____'), missed too; another row's is blank", () => {
  const pet = sugar({
    rows: [
      {
        item: "med:1",
        due: { item: "med:1", label: "Caninsulin", text: "Caninsulin 6 units", highAlert: true },
      },
      { item: "med:2", due: { item: "med:2", label: "Apoquel", text: "Apoquel 16 mg" } },
    ],
    cells: {
      [`${DAY}|morning|med:1`]: { kind: "open", state: "due" },
      [`${DAY}|evening|med:1`]: { kind: "open", state: "missed" },
      [`${DAY}|morning|med:2`]: { kind: "open", state: "due" },
    },
  });
  const text = printed([pet], [MORNING, { date: DAY, round: "evening", kept: true }]);
  expect(text).toMatch(/Caninsulin[^\n]*Morning 08:00 wit\. ____/);
  expect(text).toMatch(/Caninsulin[^\n]*missed · wit\. ____/);
  expect(text).not.toMatch(/Apoquel[^\n]*wit\./);
});

it("a row the reader left to a person says what to check, and to ask before giving (the paper is read without the plan)", () => {
  const plan = {
    key: "med:1",
    what: { name: "Caninsulin", text: "Caninsulin 6 units after dinner" },
    when: { rounds: [{ round: "evening" }], days: { every: "day" }, steps: [] },
    kind: { kind: "routine" },
    source: { fields: [] },
    readBy: "nobody",
    doubts: ["instruction_beside_fields"],
    sameDrugAs: ["med:2"],
  } as unknown as PlanItem;
  const bobby = chartPet(9, {
    name: "Bobby",
    reference: "AW-EARLY",
    rows: [{ item: "med:1", plan }],
    cells: { [`${DAY}|morning|med:1`]: { kind: "open", state: "due" } },
  });
  const text = printed([bobby]);
  // A question keeps its own mark: "…at breakfast? Ask before giving.", never "?:".
  expect(text).toMatch(/⚠️ Check: .*breakfast\? Ask before giving\./);
  expect(text).not.toContain("?:");
  expect(text).toContain("⚠️ The same medicine is also in medication 2: one dose or two? Ask before giving.");
  // Once a person has set it, the question is gone.
  const set = { ...plan, readBy: "person", doubts: [] } as unknown as PlanItem;
  const settled = printed([{ ...bobby, rows: [{ item: "med:1", plan: set }] }]);
  expect(settled).not.toContain("ask before giving");
  expect(settled).not.toContain("Ask before giving");
});

it("a dose not given entered from the paper (or late) is noted by its letter, never 'given'", () => {
  const pet = (petId: number, paper: boolean): ChartPet =>
    chartPet(petId, { cells: { [`${DAY}|morning|med:1`]: notGiven("V", "vomited", paper) } });
  const text = printed([pet(1, true), pet(2, false)]);
  expect(text).toContain("V: vomited · from the paper chart: marked V by JD Tue 24 Nov");
  expect(text).toContain(", entered by Morgan Reid Tue 24 Nov");
  expect(text).toContain("V: vomited · late entry: not given Tue 24 Nov");
  expect(text).not.toMatch(/V: vomited · (from the paper chart|late entry): given/);
});

it("a past round never posted: its dose says 'not posted', never 'missed', and its page cannot be entered back", () => {
  const past: ChartColumn = { date: DAY, round: "morning", kept: false, past: true };
  const cell: ChartCell = { kind: "open", state: "missed" };
  const pet = sugar({ cells: { [`${DAY}|morning|med:1`]: cell } });
  const text = printed([pet], [past]);
  expect(text).toContain("not posted");
  expect(text).not.toMatch(/\bmissed\b(?!: nothing recorded)/);
  expect(text).toContain(
    "not posted: a past round Kennel Desk never posted (what the care plans make due now; the paper chart kept on the day is its record)",
  );
  expect(text).toContain("not in Kennel Desk: these rounds were never posted");
  expect(text).not.toContain("kennel-desk record enter ROUND DATE --pet 99");
  // A round of today not posted yet (not past): its missed dose says so, and the page is entered back.
  const today = printed([pet], [{ date: DAY, round: "morning", kept: false }]);
  expect(today).toMatch(/\bmissed\b(?!: nothing recorded)/);
  expect(today).not.toContain("not posted");
  expect(today).toContain("kennel-desk record enter ROUND DATE --pet 99");
});
