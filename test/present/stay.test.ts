/**
 * The stay's care record in Slack (the "Stay record" button, the summary under a departure) and in
 * the terminal (`kennel-desk record --booking`, the summary in `kennel-desk departures`) is one
 * document serialized twice, and its printable page (`record export --format html`) a third time: a
 * departing pet of the busy day with a dose given, one refused with a note, one corrected, meals and
 * the doses never recorded.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { stayFacts, stayOf } from "../../src/answers/stay.ts";
import { lineMrkdwn } from "../../src/blocks/doc.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { section } from "../../src/blocks/mrkdwn.ts";
import { stayRecordMessages } from "../../src/blocks/stay.ts";
import type { Message } from "../../src/blocks/types.ts";
import { ROUNDS, type Round } from "../../src/domain/care.ts";
import type { EntryCare } from "../../src/domain/day.ts";
import { type DueItem, dueItems } from "../../src/domain/record.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { StayRecordView } from "../../src/domain/stay.ts";
import { stayPageDoc, staySummaryDocLines } from "../../src/present/stay.ts";
import type { EntryInput, Outcome } from "../../src/record/types.ts";
import { docText, terminalLine } from "../../src/text/doc.ts";
import { stayRecordText } from "../../src/text/stay.ts";
import { stayHtml } from "../../src/text/stay-html.ts";
import { addDays, localDate, zonedInstant } from "../../src/time.ts";
import { recorded, scratchRecord } from "../helpers/record.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { visibleOfHtml, visibleOfText } from "../helpers/visible.ts";
import { busyDay, expectSameLines, TEXT, TZ } from "./harness.ts";

const busy = busyDay();

/** The summary lines under a departure or a booking, as Slack and as the terminal draw them. */
const staySummaryLines = (s: StayRecordView, tz: string) => staySummaryDocLines(s, tz).map(lineMrkdwn);
const staySummaryText = (s: StayRecordView, tz: string) =>
  staySummaryDocLines(s, tz).map((l) => terminalLine(TEXT, l));

/** Summary lines as a section of their own, the way an entry's section carries them. */
const summaryMessage = (lines: string[]): Message => ({
  text: "summary",
  blocks: [section(lines.join("\n"))],
});

describe("the stay record: one document, two serializers", () => {
  let stay: StayRecordView;
  let reference: string;
  let med: DueItem;

  beforeAll(async () => {
    const report = await dayReport(busy.deps, "departures", busy.day, { wholeDay: true });
    let round: Round = "morning";
    const found = report.entries.find((e) => {
      const p = e.care?.pets[0];
      if (e.care?.status !== "matched" || !p) return false;
      if ((e.booking.checkInDate ?? "9") > addDays(busy.day, -2)) return false;
      const r = ROUNDS.find((x) => dueItems(roundSheet(p.care, x)).some((d) => d.item !== "meal"));
      if (r) round = r;
      return r !== undefined;
    });
    if (!found) throw new Error("the busy day has no departure with a dose and a stay of three days");
    reference = found.booking.reference ?? `booking id ${found.booking.bookingId}`;
    const care = found.care as EntryCare;
    const p = care.pets[0] as EntryCare["pets"][number];
    med = dueItems(roundSheet(p.care, round)).find((d) => d.item !== "meal") as DueItem;
    const base = {
      round,
      bookingId: found.booking.bookingId as number,
      petId: p.pet.petId as number,
      petName: p.pet.name ?? "pet",
      userId: "U0JANE",
      userName: "Jane <@U0BOSS> & co",
      item: med.item,
      itemText: med.text,
    } as const;
    let at = Date.parse(`${addDays(busy.day, -2)}T12:00:00Z`);
    const store = scratchRecord({ now: () => new Date(at) });
    /** The dose given or refused `daysBefore` the departure day, as recorded. */
    const write = (
      daysBefore: number,
      outcome: Outcome,
      requestKey: string,
      more: Partial<EntryInput> = {},
    ) => recorded(store, { ...base, date: addDays(busy.day, -daysBefore), outcome, requestKey, ...more });
    const wrong = await write(2, "refused", "a", { note: "ate some, she left half" });
    at += 60_000;
    await write(2, "given", "b", { note: "with cheese *not* _ham_", supersedes: wrong.id });
    at += 86_400_000;
    await write(1, "refused", "c", { note: "spat it <out>" });
    // The stay's rounds as the bot kept them, each asked at its time (what was due, written once).
    // Read at the end of the departure day, every round of the stay past.
    const end = { now: () => zonedInstant(busy.day, "21:00", TZ) };
    const deps = { ...busy.deps, record: store, clock: end };
    const booking = found.booking as typeof found.booking & { bookingId: number };
    const days: string[] = [];
    for (let d = localDate(booking.checkInDate as string, TZ); d <= busy.day; d = addDays(d, 1)) days.push(d);
    await keepRounds(deps, days);
    stay = stayOf(deps, booking, care, await stayFacts(deps, booking));
    await store.close();
    // Keeping the stay's rounds asks the kennel API once per round (a week of the busy house).
  }, 120_000);

  it("the full record says the same, every entry, its correction and the doses never recorded", () => {
    const messages = stayRecordMessages(stay, reference, TZ);
    expect(messages.length).toBe(1);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const lines = expectSameLines(messages, stayRecordText(stay, reference, TEXT));
    const all = lines.join("\n");
    expect(lines[0]).toBe(`Stay record · ${reference}`);
    expect(all).toContain(`${med.text.slice(0, 100)}`);
    expect(all).toMatch(/: given \d\d:\d\d · Jane <@U0BOSS> & co · with cheese/);
    // The corrected entry whole, its note too, struck (Slack's marks): what it said is never lost.
    expect(all).toMatch(/corrected: refused \d\d:\d\d · Jane <@U0BOSS> & co · ate some, she left half/);
    expect(all).toContain("spat it <out>");
    // A dose or meal its round asked, nothing recorded by the time its kept window closed.
    expect(all).toContain("meal: ❌ missed");
    expect(all).toContain(`Times in the kennel's time zone (${TZ}).`);
    // Escaped in Slack: no name or note can ping.
    expect(JSON.stringify(messages)).not.toContain("<@U0BOSS>");
  });

  it("the printable page is the same document as HTML: every line the terminal prints, the correction struck", () => {
    const page = {
      reference,
      stay,
      owner: "Ann <Lee>",
      checkIn: "2026-11-20T10:00:00Z",
      checkOut: undefined,
      dueProblem: undefined,
      timezone: TZ,
      generatedAt: "2026-11-24T10:00:00.000Z",
      head: { seq: 42, hash: "ab".repeat(32) },
      kennel: "api.kennel.example#7",
    };
    const html = stayHtml(page);
    const lines = visibleOfHtml(html);
    expect(lines).toEqual(visibleOfText(docText(stayPageDoc(page), TEXT)));
    // The record itself, line by line as Slack and the terminal show it, in order.
    const record = visibleOfText(stayRecordText(stay, reference, TEXT)).slice(1, -1);
    const at = lines.indexOf(record[0] as string);
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at, at + record.length)).toEqual(record);
    expect(lines).toContain("Owner: Ann <Lee>");
    expect(lines.find((l) => l.includes("corrected: "))).toContain("· ate some, she left half");
    expect(lines.at(-1)).toBe(
      `Record head at the time: #42, sha256 ${"ab".repeat(32)} (check it where the record is: kennel-desk record verify --head "#42 · ${"ab".repeat(8)}").`,
    );
    // The kennel the record is for, as the CSV's and the JSON's rows name it.
    // In words first; the id itself beside it, small, as the rows name it.
    expect(lines).toContain(
      "Kennel: the kennel at api.kennel.example (business 7) · id api.kennel.example#7",
    );
    expect(html).toContain('<span class="muted"><bdi> · id api.kennel.example#7</bdi></span>');
    expect(html).toMatch(
      /<del><bdi>refused \d\d:\d\d · Jane &lt;@U0BOSS&gt; &amp; co · ate some, she left half<\/bdi><\/del>/,
    );
    expect(html).not.toMatch(/<script|src=|href=|@import|url\(/i);
  });

  it("the summary under the departure says the same", () => {
    const slack = staySummaryLines(stay, TZ);
    const lines = expectSameLines([summaryMessage(slack)], staySummaryText(stay, TZ).join("\n"));
    expect(lines.length).toBe(stay.pets.length);
    expect(lines[0]).toMatch(/^📋 Stay record, .*: 💊 1 of \d+ doses? given/);
    expect(lines[0]).toContain("refused");
  });

  it("a record that could not be read, and a stay with nothing recorded, say the same", () => {
    const problem: StayRecordView = {
      bookingId: 1,
      pets: [],
      problem: "The stay record could not be read: <down>.",
    };
    const empty: StayRecordView = { bookingId: 1, pets: [], problem: undefined };
    for (const s of [problem, empty]) {
      const lines = expectSameLines(stayRecordMessages(s, "HP-1", TZ), stayRecordText(s, "HP-1", TEXT));
      expect(lines[1]).toMatch(
        s.problem ? /^❔ The stay record could not be read: <down>\.$/ : /^Nothing recorded/,
      );
      const summary = staySummaryLines(s, TZ);
      expect(summary.length).toBe(s.problem ? 1 : 0);
      if (s.problem) expectSameLines([summaryMessage(summary)], staySummaryText(s, TZ).join("\n"));
      else expect(staySummaryText(s, TZ)).toEqual([]);
    }
  });

  it("a record longer than five messages: Slack stops with the command that prints all of it", () => {
    const pets = Array.from({ length: 30 }, (_, i) => ({
      ...(stay.pets[0] as StayRecordView["pets"][number]),
      petId: i,
    }));
    const long: StayRecordView = { ...stay, pets };
    const messages = stayRecordMessages(long, reference, TZ);
    expect(messages.length).toBe(5);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const slack = JSON.stringify(messages);
    expect(slack).toContain(`kennel-desk record --booking ${reference} prints all of it`);
    const text = stayRecordText(long, reference, TEXT);
    expect(text).not.toContain("prints all of it");
    expect(text).not.toContain("📋 Stay record");
    expect(text.match(/Stay record, /g)?.length).toBe(30);
  });
});
