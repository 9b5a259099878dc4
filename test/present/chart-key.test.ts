/**
 * The chart's key explains every mark and word a cell can show (issue 50): each kind of cell the
 * chart draws (src/domain/chart.ts ChartCell, and the words a column or the pet's arrival puts in a
 * cell) is printed, and each cell's words are read away by the key's lines on its page alone; what is
 * left unexplained fails. A new kind of cell needs a sample here (SAMPLES is typed by every kind, so
 * the types check fails without one) and a line of the key, or this fails.
 */
import { describe, expect, it } from "vitest";
import type { Chart, ChartColumn, ChartPet } from "../../src/answers/chart.ts";
import { CHART_KEY, type ChartCell } from "../../src/domain/chart.ts";
import { chartDoc } from "../../src/present/chart.ts";
import { type Doc, lineText, type Part } from "../../src/present/doc.ts";
import { docText } from "../../src/text/doc.ts";
import { docPage } from "../../src/text/html.ts";
import { chartOf, chartOptions, chartPet, givenCell, PLAIN_TEXT } from "../helpers/chart.ts";

const DAY = "2026-11-24";
const at = (hhmm: string, day = DAY) => `${day}T${hhmm}:00Z`;
const MORNING: ChartColumn = { date: DAY, round: "morning", kept: true };
const EVENING: ChartColumn = { date: DAY, round: "evening", kept: true };

type Sample<K extends ChartCell["kind"]> = Extract<ChartCell, { kind: K }>;
const given = (over: Partial<Sample<"given">>) => givenCell(at("07:40"), at("07:41"), over);
const notGiven = (over: Partial<Sample<"not_given">>): Sample<"not_given"> => ({
  kind: "not_given",
  code: "R",
  initials: "JD",
  givenAt: at("07:45"),
  lateEntry: false,
  recordedAt: at("07:46"),
  why: undefined,
  ...over,
});
const WAS = [{ code: undefined, initials: "S", at: at("07:30") }];
const WAS_J = [{ code: undefined, initials: "J", at: at("08:10") }];

/** Every kind of cell, each in every way it can be printed: a kind without a sample fails the types check. */
const SAMPLES: { [K in ChartCell["kind"]]: ChartCell[] } = {
  not_due: [{ kind: "not_due" }],
  if_needed: [
    { kind: "if_needed", given: [] },
    {
      kind: "if_needed",
      given: [
        { initials: "JD", givenAt: at("09:10"), reason: "itching" },
        { initials: "TB", givenAt: at("11:00"), reason: "still itching" },
      ],
    },
  ],
  open: [
    { kind: "open", state: "due" },
    { kind: "open", state: "upcoming" },
    { kind: "open", state: "missed" },
    // Put right as recorded in error (a fresh try: "J 08:10 (struck) in error missed" with no key line).
    { kind: "open", state: "missed", inError: { was: WAS_J, why: "wrong pet", by: "Sam", at: at("13:05") } },
    { kind: "open", state: "due", inError: { was: WAS_J, why: "wrong dose", by: "Sam", at: at("07:50") } },
  ],
  given: [
    given({}),
    given({ timeliness: "early" }),
    given({ timeliness: "late" }),
    given({ timeliness: "after_window", lateEntry: true, recordedAt: at("13:03") }),
    given({ paper: { by: "JD", enteredBy: "Morgan Reid" }, lateEntry: true, recordedAt: at("15:00") }),
    given({ witness: { state: "witnessed", initials: "TB" } }),
    given({ witness: { state: "awaiting" } }),
    given({ witness: { state: "unwitnessed" } }),
    given({ was: WAS, recordedAt: at("13:05") }),
    // Given the day before the round's day, as the cell says it: with its day.
    given({ givenAt: at("23:50", "2026-11-23"), timeliness: "early" }),
    // No round asked it (recorded only if given): its own mark, never a late entry.
    given({ notAsked: { days: "plan_not_due", words: "not this round" }, recordedAt: at("16:30") }),
  ],
  not_given: CHART_KEY.flatMap((k) => [
    notGiven({ code: k.code }),
    notGiven({ code: k.code, untimed: true, lateEntry: true, recordedAt: at("13:01") }),
  ]).concat([
    notGiven({ paper: { by: "JD", enteredBy: "Morgan Reid" }, lateEntry: true, recordedAt: at("15:00") }),
    notGiven({ code: "A", was: [{ code: "W", initials: "S", at: at("07:40") }], recordedAt: at("13:05") }),
    notGiven({ notAsked: { days: "not_today", words: "every other day" }, recordedAt: at("16:30") }),
  ]),
};

/** A pet for each sample, a page each: its cell in a row, and in a high-alert row (its place for a witness's initials). */
function samplePets(): ChartPet[] {
  return Object.values(SAMPLES)
    .flat()
    .map((cell, i) =>
      chartPet(100 + i, {
        name: `Sample ${i}`,
        rows: [
          { item: "med:1", due: { item: "med:1", label: "Rimadyl", text: "Rimadyl 50 mg" } },
          {
            item: "med:2",
            due: { item: "med:2", label: "Caninsulin", text: "Caninsulin 6 units", highAlert: true },
          },
        ],
        cells: { [`${DAY}|morning|med:1`]: cell, [`${DAY}|morning|med:2`]: cell },
      }),
    );
}

/**
 * Every chart the cells come from: the samples at a kept round; a pet arriving at 19:00 (after the
 * evening round's time: one dose due on arrival, one whose window closed before it came); one that
 * came after the day's last round; a round the kennel system could not be read for; a past round
 * never posted.
 */
function charts(): Chart[] {
  const arrival = chartPet(2, {
    name: "Pip",
    checkIn: at("19:00"),
    rows: [{ item: "med:1" }, { item: "med:2" }],
    cells: {
      [`${DAY}|evening|med:1`]: { kind: "open", state: "due" },
      [`${DAY}|evening|med:2`]: { kind: "not_due", arrives: at("19:00") },
    },
  });
  const came = chartPet(3, { name: "Walk-in", arrivedAfter: DAY, rows: [{ item: "med:1" }] });
  // Nothing known of its round: "not read"; a dose given if needed stays blank there, to sign.
  const unread = chartPet(4, {
    name: "Sox",
    rows: [{ item: "med:1" }, { item: "med:2" }],
    cells: { [`${DAY}|midday|med:2`]: { kind: "if_needed", given: [] } },
  });
  const past = chartPet(5, {
    name: "Mitt",
    cells: { [`${DAY}|morning|med:1`]: { kind: "open", state: "due" } },
  });
  return [
    chartOf([MORNING], samplePets()),
    chartOf([EVENING], [arrival]),
    chartOf([EVENING], [came]),
    chartOf([{ date: DAY, round: "midday", kept: false, unread: true }], [unread]),
    chartOf([{ date: DAY, round: "morning", kept: false, past: true }], [past]),
  ];
}

const I = "[A-Z]{1,3}";
/** A time, with its day when it is not the round's ("Mon 23 Nov 23:50"). */
const T = "(?:[A-Z][a-z]{2} \\d{1,2} [A-Z][a-z]{2} )?\\d{2}:\\d{2}";

/**
 * Each line of the key (`term`, as the key prints it before its meaning) and the words of a cell it
 * explains, in the order they are read away (the longest first: "initials and time" last).
 */
const MARKS: Array<{ term: string; cell: RegExp }> = [
  { term: "+ before initials and a time: ", cell: /\+ /g },
  {
    term: "struck, then in error: ",
    cell: new RegExp(`(?:~(?:in error )?(?:[RVWNA] )?${I} (?:rec\\. )?${T}~ )*in error `, "g"),
  },
  { term: "struck through before another: ", cell: new RegExp(`~(?:[RVWNA] )?${I} (?:rec\\. )?${T}~ `, "g") },
  { term: 'code, initials, "rec." and a time: ', cell: new RegExp(`\\b[RVWNA] ${I} (?:rec\\. )?${T}`, "g") },
  { term: "initials, time and (why): ", cell: new RegExp(`${I} ${T} \\([^)]*\\)(?:; )?`, "g") },
  { term: "late entry and a time: ", cell: new RegExp(` ?late entry ${T}`, "g") },
  { term: "⏪ early, ⏰ late, ⏩ after window: ", cell: / ?(?:⏪ early|⏰ late|⏩ after window)/g },
  { term: "from paper: ", cell: / ?from paper/g },
  { term: "wit. ____: ", cell: /(?: · )?wit\. ____/g },
  { term: "wit. and initials: ", cell: new RegExp(` · wit\\. ${I}`, "g") },
  { term: "awaiting witness: ", cell: / · awaiting witness/g },
  { term: "unwitnessed: ", cell: / · unwitnessed/g },
  { term: "missed: ", cell: /missed/g },
  {
    term: "due on arrival and a time: ",
    cell: new RegExp(`due on arrival ${T}: ask the owner, record it`, "g"),
  },
  {
    term: "arrives and a time, after this round: ",
    cell: new RegExp(`arrives ${T}, after this round: ask the owner`, "g"),
  },
  { term: "arrived after the last round: ", cell: /arrived after the last round/g },
  { term: "not read: ", cell: /not read/g },
  { term: "not posted: ", cell: /not posted/g },
  { term: "initials and time: ", cell: new RegExp(`${I} ${T}`, "g") },
];

/** Each printed page of a chart: its grid's cells as text (struck entries "~…~") and its key. */
function pages(doc: Doc): Array<{ cells: Array<{ text: string; struck: boolean }>; key: string }> {
  const out: Array<{ cells: Array<{ text: string; struck: boolean }>; key: string }> = [];
  let cells: Array<{ text: string; struck: boolean }> = [];
  for (const part of doc.parts as Part[]) {
    if (part.kind === "grid")
      cells = part.rows.flatMap((r) =>
        r.cells.map((c) => ({
          text: c.line.map((s) => (s.struck ? `~${s.text}~` : s.text)).join(""),
          struck: Boolean(c.struck),
        })),
      );
    if (part.kind !== "text") continue;
    const key = part.lines.map(lineText).find((l) => l.startsWith("Key: "));
    if (key) out.push({ cells, key });
  }
  return out;
}

/** What is left of a cell's words once its page's key has read away every mark it explains. */
function unexplained(text: string, key: string): string {
  let left = text;
  for (const m of MARKS) if (key.includes(m.term)) left = left.replace(m.cell, "");
  return left.replace(/[\s·;]+/g, "");
}

describe("the chart's key", () => {
  const printed = charts().map((c) => chartDoc(c, chartOptions(DAY)));

  it("explains every word and mark of every kind of cell, on the page that shows it", () => {
    const all = printed.flatMap(pages);
    expect(all.length).toBe(Object.values(SAMPLES).flat().length + 4);
    const seen: string[] = [];
    for (const page of all) {
      for (const cell of page.cells) {
        seen.push(cell.text);
        if (cell.struck) expect(page.key).toContain("struck (— in text): nothing due");
        else if (cell.text === "") expect(page.key).toContain("blank: due, sign it");
        else
          expect({ cell: cell.text, left: unexplained(cell.text, page.key) }).toEqual({
            cell: cell.text,
            left: "",
          });
      }
      // Each code of a dose not given, with its word.
      for (const k of CHART_KEY) expect(page.key).toContain(`${k.code} ${k.words}`);
    }
    // The samples were all printed: the arrival's two cells and the other pages' words among them.
    expect(seen).toContain("due on arrival 19:00: ask the owner, record it");
    expect(seen).toContain("arrives 19:00, after this round: ask the owner");
    expect(seen).toContain("arrived after the last round");
    expect(seen).toContain("not read");
    expect(seen).toContain("not posted");
  });

  it("says what a pet arriving after a round's time gets: due on arrival, or ask the owner (the round sheet's words)", () => {
    const [, arrival] = printed;
    const key = pages(arrival as Doc)[0]?.key ?? "";
    expect(key).toContain(
      "due on arrival and a time: the pet arrives then, after this round's time, the dose's window still open (the round sheet: \"due on arrival: ask the owner whether this dose was given, record it\")",
    );
    expect(key).toContain(
      'arrives and a time, after this round: the dose\'s window closed before the pet arrived (the round sheet: "arrives after this round: ask the owner whether it was given")',
    );
    // In the terminal's text and the printed page alike.
    expect(docText(arrival as Doc, PLAIN_TEXT)).toContain(
      "due on arrival: ask the owner whether this dose was given",
    );
    const html = docPage(arrival as Doc, "");
    expect(html).toContain("due on arrival: ask the owner whether this dose was given, record it");
    expect(html).toContain("arrives after this round: ask the owner whether it was given");
  });

  it("a page without such a cell keeps its key short: no late entry, no arrival's words", () => {
    const [samples] = printed;
    const key = pages(samples as Doc)[0]?.key ?? "";
    expect(key).toContain("initials and time: given");
    for (const words of [
      "late entry",
      "due on arrival",
      "arrived after the last round",
      "not read",
      "not posted",
    ])
      expect(key).not.toContain(words);
  });
});
