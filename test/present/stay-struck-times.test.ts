/**
 * The stay record (`kennel-desk record --booking`, the "Stay record" button, the printable page)
 * draws an entry corrected since, struck, with its times as its own line said them when it stood: a
 * late entry "late entry: given 08:10, recorded 13:00 · Jane", never "given 13:00" (the time an
 * inspector would read as when it was given); a dose not given "not given (recorded 13:00 by Jane)",
 * never "not given 13:00". Its own summary line shows a long reason whole, never pointing to itself;
 * the summary elsewhere keeps its pointer.
 */
import { expect, it } from "vitest";
import type { PetStayRecord, StayRecordView } from "../../src/domain/stay.ts";
import { staySummaryDocLines } from "../../src/present/stay.ts";
import type { Entry } from "../../src/record/types.ts";
import { docText, terminalLine } from "../../src/text/doc.ts";
import { stayRecordText } from "../../src/text/stay.ts";
import { stayHtml } from "../../src/text/stay-html.ts";
import { visibleOfHtml } from "../helpers/visible.ts";
import { TEXT, TZ } from "./harness.ts";

const DAY = "2026-12-03";
const WHY = "other: recorded on the wrong pet: the tablet went to Scout (Kennel 2), not Biscuit (Kennel 7)";
const base = {
  date: DAY,
  round: "morning",
  bookingId: 7,
  petId: 5,
  petName: "Biscuit",
  item: "med:1",
  itemText: "Apoquel 16 mg: one tablet with food",
  userId: "U1",
  userName: "Jane",
} as const;
const lateGiven = {
  ...base,
  id: 1,
  outcome: "given",
  givenAt: `${DAY}T08:10:00.000Z`,
  recordedAt: `${DAY}T13:00:00.000Z`,
  supersededBy: 2,
} as Entry;
const notGiven = {
  ...base,
  id: 2,
  outcome: "not_given",
  reasonCode: "other",
  reason: WHY,
  recordedAt: `${DAY}T13:05:00.000Z`,
  supersedes: 1,
  supersededBy: 3,
} as Entry;
const givenAgain = {
  ...base,
  id: 3,
  outcome: "given",
  givenAt: `${DAY}T08:10:00.000Z`,
  recordedAt: `${DAY}T13:10:00.000Z`,
  supersedes: 2,
} as Entry;
const window = {
  opensAt: `${DAY}T06:30:00.000Z`,
  lateAt: `${DAY}T08:45:00.000Z`,
  closesAt: `${DAY}T10:00:00.000Z`,
};

const stayOf = (
  current: Entry,
  entries: Entry[],
  exceptions: PetStayRecord["exceptions"],
): StayRecordView => ({
  bookingId: 7,
  problem: undefined,
  pets: [
    {
      bookingId: 7,
      petId: 5,
      petName: "Biscuit",
      doses: { due: 1, given: current.outcome === "given" ? 1 : 0 },
      meals: { due: 0, ateAll: 0, ateSome: 0, ateNone: 0, notOffered: 0, missed: 0 },
      exceptions,
      notDue: [],
      items: [
        {
          date: DAY,
          round: "morning",
          at: `${DAY}T08:00:00.000Z`,
          item: "med:1",
          label: "Apoquel 16 mg",
          entry: current,
          due: true,
          window,
          state:
            current.outcome === "given"
              ? { state: "recorded", outcome: "given", givenAt: current.givenAt as string, lateEntry: true }
              : {
                  state: "recorded",
                  outcome: "not_given",
                  givenAt: current.recordedAt,
                  lateEntry: false,
                  untimed: true,
                },
        } as PetStayRecord["items"][number],
      ],
      entries,
      dueKnown: true,
    },
  ],
});

const notGivenStay = stayOf(
  { ...notGiven, supersededBy: undefined } as Entry,
  [lateGiven, { ...notGiven, supersededBy: undefined } as Entry],
  [
    {
      date: DAY,
      round: "morning",
      label: "Apoquel 16 mg",
      kind: "not_given",
      at: notGiven.recordedAt,
      why: WHY,
      who: "Jane",
      untimed: true,
    },
  ],
);
const givenStay = stayOf(givenAgain, [lateGiven, notGiven, givenAgain], []);

const page = (stay: StayRecordView) =>
  visibleOfHtml(
    stayHtml({
      reference: "HP-L3JJZL",
      stay,
      owner: undefined,
      checkIn: undefined,
      checkOut: undefined,
      dueProblem: undefined,
      timezone: TZ,
      generatedAt: `${DAY}T18:00:00.000Z`,
      kennel: "loopback#1",
    }),
  ).join("\n");

it("strikes a late entry corrected since with both its times, as its own line said them", () => {
  const text = stayRecordText(notGivenStay, "HP-L3JJZL", TEXT);
  const struck = text.split("\n").find((l) => l.includes("corrected: "));
  expect(struck).toContain("corrected: ~late entry: given 08:10, recorded 13:00 · Jane~");
  expect(text).not.toContain("given 13:00");
  expect(page(notGivenStay)).toContain("late entry: given 08:10, recorded 13:00 · Jane");
  expect(page(notGivenStay)).not.toContain("given 13:00");
});

it("strikes a dose not given corrected since with when it was recorded, as its own line said it", () => {
  const text = stayRecordText(givenStay, "HP-L3JJZL", TEXT);
  const struck = text.split("\n").filter((l) => l.includes("corrected: "));
  expect(struck).toContain(
    `  corrected: ~not given (recorded 13:05 by Jane) · ${WHY}~`.replace(/^ {2}/, "\u2003\u2003"),
  );
  expect(text).not.toContain("not given 13:05");
  expect(page(givenStay)).toContain(`not given (recorded 13:05 by Jane) · ${WHY}`);
});

it("shows a long reason whole on the stay record's own summary; the summary elsewhere points to it", () => {
  const text = stayRecordText(notGivenStay, "HP-L3JJZL", TEXT);
  const summary = text.split("\n").find((l) => l.startsWith("Stay record, Biscuit"));
  expect(summary).toContain(WHY);
  expect(text).not.toContain("(all of it: the stay record)");
  expect(page(notGivenStay)).not.toContain("(all of it: the stay record)");
  const elsewhere = docText(
    { fallback: "", parts: [{ kind: "text", lines: staySummaryDocLines(notGivenStay, TZ) }] },
    TEXT,
  );
  expect(elsewhere).toContain("(all of it: the stay record)");
  expect(
    staySummaryDocLines(notGivenStay, TZ)
      .map((l) => terminalLine(TEXT, l))
      .join("\n"),
  ).not.toContain(WHY);
});
