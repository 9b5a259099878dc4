/**
 * What staff typed about a pet's care is shown whole where it is the main content (the record keeps it
 * whole): a vet's advice and a flag's resolution on the flag and in the stay's record, a welfare
 * check's note and the reason a dose was not given in the stay's record. Where a list keeps one short
 * (the stay's summary line), it says where the whole is.
 */
import { describe, expect, it } from "vitest";
import { limitViolations } from "../../src/blocks/limits.ts";
import { stayRecordMessages } from "../../src/blocks/stay.ts";
import { flagMessages } from "../../src/blocks/welfare.ts";
import { cellKey } from "../../src/domain/chart.ts";
import type { MedicineCount, RegisterLine } from "../../src/domain/custody.ts";
import type { PetStayRecord, StayItem, StayRecordView } from "../../src/domain/stay.ts";
import { ALL_NORMAL, type WelfareCheck } from "../../src/domain/welfare.ts";
import type { WelfareFlag } from "../../src/domain/welfare-flag.ts";
import { chartDoc } from "../../src/present/chart.ts";
import { registerLine } from "../../src/present/custody.ts";
import { lineText } from "../../src/present/doc.ts";
import { entryLine } from "../../src/present/record.ts";
import { staySummaryDocLines } from "../../src/present/stay.ts";
import type { ItemKey } from "../../src/record/items.ts";
import type { Entry } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { stayRecordText } from "../../src/text/stay.ts";
import { chartOf, chartOptions, chartPet, PLAIN_TEXT } from "../helpers/chart.ts";
import { normal, sectionsSeen as seenOf } from "../helpers/whole-care.ts";
import { TEXT, TZ } from "./harness.ts";

/** Words to pass `n` characters, each distinct (some `&` and `<`), so a cut anywhere loses one. */
const long = (head: string, n: number): string => {
  const words = [head];
  for (let i = 0; words.join(" ").length < n; i++) words.push(i % 9 === 0 ? `<w${i}> &` : `word${i}`);
  return `${words.join(" ")} END`;
};

const ADVICE = long("Bland diet, chicken & rice, three small meals; recheck if", 1500);
const RESOLVED = long("Stool normal since Tuesday after the bland diet;", 1000);
const NOTE = long("Slightly subdued at the door, ate after a while;", 800);
const WHY = long("Vomited twice before the dose, the vet said to hold it;", 900);
const DOSE_WHY = long("Held on the vet's word: vomiting since the night;", 480);
const DOSE_NOTE = long("Offered in cheese twice, spat it out both times;", 480);

/** The evening's dose, not given, with its reason and a note (the record keeps both whole). */
const entry = {
  id: 70,
  date: "2026-11-21",
  round: "evening",
  bookingId: 1,
  petId: 1,
  petName: "Biscuit",
  item: "med:1",
  itemText: "Rimadyl 50 mg · one tablet",
  outcome: "not_given",
  reason: DOSE_WHY,
  note: DOSE_NOTE,
  userId: "U0SAM",
  userName: "Sam",
  recordedAt: "2026-11-21T18:20:00.000Z",
} as unknown as Entry;
const item = {
  date: "2026-11-21",
  round: "evening",
  at: "2026-11-21T18:00:00.000Z",
  item: "med:1",
  label: "Rimadyl 50 mg",
  entry,
  due: true,
  state: { state: "recorded" },
  window: { opensAt: "2026-11-21T17:00:00.000Z", closesAt: "2026-11-21T20:00:00.000Z" },
} as unknown as StayItem;

const flag: WelfareFlag = {
  id: 9,
  bookingId: 1,
  petId: 1,
  petName: "Biscuit",
  room: "Kennel 4",
  sign: "stool:blood",
  date: "2026-11-21",
  openedAt: "2026-11-21T12:00:00.000Z",
  entries: [],
  advice: [
    {
      id: 1,
      vet: "Riverside Vets",
      sought: "2026-11-21T12:30:00.000Z",
      advice: ADVICE,
      userId: "U0JANE",
      userName: "Jane",
      recordedAt: "2026-11-21T12:40:00.000Z",
    },
  ],
  resolved: {
    id: 2,
    userId: "U0SAM",
    userName: "Sam",
    recordedAt: "2026-11-22T09:00:00.000Z",
    why: RESOLVED,
  },
};

const check: WelfareCheck = {
  id: 5,
  date: "2026-11-21",
  round: "evening",
  bookingId: 1,
  petId: 1,
  petName: "Biscuit",
  values: ALL_NORMAL,
  note: NOTE,
  eating: [{ round: "evening", outcome: "ate_all" }],
  userId: "U0JANE",
  userName: "Jane",
  recordedAt: "2026-11-21T18:10:00.000Z",
};

const pet: PetStayRecord = {
  bookingId: 1,
  petId: 1,
  petName: "Biscuit",
  doses: { due: 4, given: 3 },
  meals: { due: 2, ateAll: 2, ateSome: 0, ateNone: 0, notOffered: 0, missed: 0 },
  exceptions: [
    {
      date: "2026-11-21",
      round: "morning",
      label: "Rimadyl 50 mg",
      kind: "not_given",
      at: "2026-11-21T08:15:00Z",
      why: WHY,
      who: "Sam",
    },
  ],
  items: [item],
  entries: [entry],
  dueKnown: true,
  notDue: [],
  welfare: {
    days: [{ date: "2026-11-21", round: "evening", check, state: "checked" }],
    corrected: [],
    flags: [flag],
  },
};
const stay: StayRecordView = { bookingId: 1, pets: [pet], problem: undefined };

describe("staff's words about care, whole", () => {
  it("a flag's message shows the vet's advice and why it was resolved whole", () => {
    const messages = flagMessages(flag, TZ);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const text = seenOf(messages);
    expect(text).toContain(normal(ADVICE));
    expect(text).toContain(normal(RESOLVED));
  });

  it("the stay's record shows the advice, the resolution, the check's note and the reason whole, in Slack and the terminal", () => {
    const messages = stayRecordMessages(stay, "HP-TEST01", TZ);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const terminal = normal(stayRecordText(stay, "HP-TEST01", TEXT));
    for (const seen of [seenOf(messages), terminal])
      for (const words of [ADVICE, RESOLVED, NOTE, WHY, DOSE_WHY, DOSE_NOTE])
        expect(seen).toContain(normal(words));
  });

  it("the stay's summary line keeps a long reason short and says the stay record has it whole", () => {
    const [summary] = staySummaryDocLines(stay, TZ).map(lineText);
    expect(summary).toContain("Rimadyl 50 mg not given");
    expect(summary).not.toContain(WHY);
    expect(summary).toContain("… (all of it: the stay record)");
  });

  it("a round's sheet and the record form keep a dose's long reason and note short, saying the stay record has them whole", () => {
    const text = lineText(entryLine(entry, TZ));
    expect(text).not.toContain(DOSE_WHY);
    expect(text).not.toContain(DOSE_NOTE);
    expect(text.match(/… \(all of it: the stay record\)/g)).toHaveLength(2);
  });
});

describe("custody's notes, whole", () => {
  it("the register shows a count's note and the manager's closing note whole", () => {
    const NOTE = long("Two tablets found under the bedding & one crushed;", 480);
    const CLOSED = long("Spoke to the owner: the pack was short on arrival;", 480);
    const count: MedicineCount = {
      id: 2,
      seq: 2,
      date: "2026-11-21",
      custodyId: 1,
      counted: 7,
      expected: 8,
      by: { userId: "U0SAM", userName: "Sam" },
      reason: "dropped_or_spilled",
      note: NOTE,
      closed: {
        id: 3,
        seq: 3,
        by: { userId: "U0BOSS", userName: "Alex" },
        at: "2026-11-21T12:00:00Z",
        note: CLOSED,
      },
      at: "2026-11-21T10:00:00Z",
    };
    const register: RegisterLine = {
      kind: "count",
      at: count.at,
      id: 2,
      seq: 2,
      count,
      difference: -1,
      balance: 7,
    };
    const text = lineText(registerLine(register, { unit: "tablet" }, TZ));
    expect(text).toContain(NOTE);
    expect(text).toContain(CLOSED);
  });
});

describe("the chart's reason for a dose given if needed", () => {
  it("keeps a long reason short in its cell, saying the stay record has it whole", () => {
    const DAY = "2026-11-24";
    const REASON = long("Scratching at the left ear until it bled, then", 300);
    const pet = chartPet(7, {
      rows: [{ item: "med:2" as ItemKey }],
      cells: {
        [cellKey(DAY, "morning", "med:2" as ItemKey)]: {
          kind: "if_needed",
          given: [{ initials: "JD", givenAt: `${DAY}T09:10:00Z`, reason: REASON }],
        },
      },
    });
    const text = normal(
      docText(
        chartDoc(chartOf([{ date: DAY, round: "morning", kept: true }], [pet]), chartOptions(DAY)),
        PLAIN_TEXT,
      ),
    );
    expect(text).not.toContain(normal(REASON));
    expect(text).toContain("… (all of it: the stay record)");
  });
});
