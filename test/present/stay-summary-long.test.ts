/**
 * The stay's summary line under a departure (/departures, the 07:00 post) and on the booking card
 * never cuts a pet's name or a drug: a 1,500-character name and a drug with a 2,000-character
 * instruction show whole, and every message keeps Slack's limits (the line takes as many sections,
 * and messages, as it needs).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { bookingView } from "../../src/answers/records.ts";
import { bookingMessages } from "../../src/blocks/booking.ts";
import { dayListMessages } from "../../src/blocks/day-list.ts";
import { digestMessages } from "../../src/blocks/digest.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { ChannelSafe } from "../../src/domain/privacy.ts";
import type { PetStayRecord, StayRecordView } from "../../src/domain/stay.ts";
import { AWKWARD_CASES } from "../../src/sandbox/awkward.ts";
import { dayText } from "../../src/text/day.ts";
import { normal } from "../helpers/whole-care.ts";
import { busyDay, TEXT, TZ } from "./harness.ts";

const busy = busyDay();

/** Words enough to pass `n` characters, each distinct (some `&` and `<` to escape), so a cut anywhere loses one. */
const long = (head: string, n: number): string => {
  const words = [head];
  for (let i = 0; words.join(" ").length < n; i++) words.push(i % 7 === 0 ? `<w${i}> &` : `word${i}`);
  return `${words.join(" ")} END`;
};

const NAME = long("Princess", 1500);
const DRUG = long("Metacam 1.5 mg/ml oral suspension: 0.4 ml on food, then", 2000);

const stayOf = (bookingId: number): StayRecordView => {
  const pet: PetStayRecord = {
    bookingId,
    petId: 1,
    petName: NAME,
    doses: { due: 4, given: 3 },
    meals: { due: 2, ateAll: 2, ateSome: 0, ateNone: 0, notOffered: 0, missed: 0 },
    exceptions: [
      {
        date: "2026-11-21",
        round: "morning",
        label: DRUG,
        kind: "refused",
        at: "2026-11-21T08:15:00Z",
        why: "spat it out",
        who: "Sam",
      },
    ],
    items: [],
    entries: [],
    dueKnown: true,
    notDue: [],
  };
  return { bookingId, pets: [pet], problem: undefined };
};

/**
 * What a reader sees of the messages' sections, one run: a line that goes on in the next section (or
 * the next message, after its "continued" head) reads on across the break.
 */
const sectionsSeen = (messages: Message[]) =>
  normal(
    messages
      .flatMap((m) => m.blocks)
      .flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []))
      .join(" ")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );

const expectWhole = (messages: Message[]) => {
  for (const m of messages) expect(limitViolations(m)).toEqual([]);
  const text = sectionsSeen(messages);
  expect(text).toContain(normal(NAME));
  expect(text).toContain(normal(DRUG));
};

describe("the stay's summary line with a very long name and drug", () => {
  let report: Awaited<ReturnType<typeof dayReport>>;

  beforeAll(async () => {
    const day = await dayReport(busy.deps, "departures", busy.day);
    const [first, ...rest] = day.entries;
    if (!first) throw new Error("the busy day has no departure");
    const stay = stayOf(first.booking.bookingId as number);
    report = { ...day, entries: [{ ...first, stay }, ...rest] };
  });

  it("shows both whole under a departure in /departures and in the terminal", () => {
    expectWhole(dayListMessages(report as ChannelSafe<typeof report>, TZ));
    const text = normal(dayText(report, TEXT));
    expect(text).toContain(normal(NAME));
    expect(text).toContain(normal(DRUG));
  });

  it("shows both whole in the 07:00 post", () => {
    const { parent, replies } = digestMessages(report as ChannelSafe<typeof report>, TZ);
    expectWhole([parent, ...replies]);
  });

  it("shows both whole on the booking card", async () => {
    const v = await bookingView(busy.deps, AWKWARD_CASES["AW-TWICE"] as string);
    const withStay = { ...v, stay: stayOf(v.booking.bookingId as number) };
    expectWhole(bookingMessages(withStay, TZ, "2026"));
  });
});
