/**
 * Who did a dose is what an inspector reads the stay's record for: a staff member's name (Slack's
 * display names reach 80 characters, real names more) is shown whole beside the entry, the entry it
 * corrected and a high-alert dose's witness, in Slack (every message within its limits), the terminal
 * and the printable page.
 */
import { describe, expect, it } from "vitest";
import { limitViolations } from "../../src/blocks/limits.ts";
import { stayRecordMessages } from "../../src/blocks/stay.ts";
import type { PetStayRecord, StayItem, StayRecordView } from "../../src/domain/stay.ts";
import { stayPageDoc } from "../../src/present/stay.ts";
import type { Entry } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { stayRecordText } from "../../src/text/stay.ts";
import { normal, sectionsSeen as seenOf } from "../helpers/whole-care.ts";
import { TEXT, TZ } from "./harness.ts";

/** A name of `n` characters, its words distinct (some `&` and `<` to escape), so a cut anywhere loses one. */
const named = (head: string, n: number): string => {
  const words = [head];
  for (let i = 0; words.join(" ").length < n; i++) words.push(i % 5 === 0 ? `<n${i}>&` : `n${i}`);
  return `${words.join(" ").slice(0, n - 1)}Z`;
};

const GAVE = named("Alexandra", 80);
const CORRECTED = named("Bartholomew", 250);
const WITNESS = named("Christabel", 250);

const entry = (id: number, userName: string, extra: Partial<Entry>): Entry =>
  ({
    id,
    date: "2026-11-21",
    round: "evening",
    bookingId: 1,
    petId: 1,
    petName: "Biscuit",
    item: "med:1",
    itemText: "Caninsulin 4 IU · under the skin",
    outcome: "given",
    userId: `U${id}`,
    userName,
    recordedAt: `2026-11-21T18:${10 + id}:00.000Z`,
    ...extra,
  }) as unknown as Entry;

const current = entry(2, GAVE, {});
const earlier = entry(1, CORRECTED, { outcome: "refused", supersededBy: 2 });

const item = {
  date: "2026-11-21",
  round: "evening",
  at: "2026-11-21T18:00:00.000Z",
  item: "med:1",
  label: "Caninsulin 4 IU",
  entry: current,
  due: true,
  state: { state: "recorded", outcome: "given", timeliness: "on_time" },
  window: { opensAt: "2026-11-21T17:00:00.000Z", closesAt: "2026-11-21T20:00:00.000Z" },
  witness: { state: "witnessed", by: WITNESS, at: "2026-11-21T18:14:00.000Z" },
} as unknown as StayItem;

const pet: PetStayRecord = {
  bookingId: 1,
  petId: 1,
  petName: "Biscuit",
  doses: { due: 1, given: 1 },
  meals: { due: 0, ateAll: 0, ateSome: 0, ateNone: 0, notOffered: 0, missed: 0 },
  exceptions: [],
  items: [item],
  entries: [earlier, current],
  dueKnown: true,
  notDue: [],
};
const stay: StayRecordView = { bookingId: 1, pets: [pet], problem: undefined };

describe("the stay's record names its staff whole", () => {
  it("an 80-character and two 250-character names: whole in Slack, the terminal and the printable page", () => {
    expect([GAVE.length, CORRECTED.length, WITNESS.length]).toEqual([80, 250, 250]);
    const messages = stayRecordMessages(stay, "HP-TEST01", TZ);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const page = {
      reference: "HP-TEST01",
      stay,
      owner: undefined,
      checkIn: undefined,
      checkOut: undefined,
      dueProblem: undefined,
      timezone: TZ,
      generatedAt: "2026-11-24T10:00:00.000Z",
      head: { seq: 2, hash: "ab".repeat(32) },
      kennel: "api.kennel.example#7",
    };
    const surfaces = [
      seenOf(messages),
      normal(stayRecordText(stay, "HP-TEST01", TEXT)),
      normal(docText(stayPageDoc(page), TEXT)),
    ];
    for (const seen of surfaces) {
      for (const name of [GAVE, CORRECTED, WITNESS]) expect(seen).toContain(normal(name));
      expect(seen).not.toContain("…");
    }
  });
});
