/**
 * The replies and messages of one pet's care (the as-needed follow-up and its answer, Home's list of
 * doses to give if needed, a welfare flag and the list of them, a dose time's late or missed reply,
 * the stay's record, the assistant's card) never cut a name, a drug or a danger note to fit one
 * message: too long, they go on in more messages (the card counts what it leaves to its text), each
 * within Block Kit's limits; of normal size, one message as before.
 */

import { describe, expect, it } from "vitest";
import { docCard } from "../../src/blocks/card.ts";
import { doseAlertMessages } from "../../src/blocks/dose-alerts.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { answeredMessages, asNeededMessages, followUpMessages } from "../../src/blocks/prn.ts";
import { stayRecordMessages } from "../../src/blocks/stay.ts";
import type { Message } from "../../src/blocks/types.ts";
import { flagMessages, flagsListMessages } from "../../src/blocks/welfare.ts";
import type { AsNeededPet, PrnDose } from "../../src/domain/prn.ts";
import type { AlertView } from "../../src/present/dose-alerts.ts";
import { doseAlertDoc } from "../../src/present/dose-alerts.ts";
import { adviceFlag, expectWhole, HUGE, longWords } from "../helpers/care-parts.ts";

const DAY = "2026-11-24";
const TZ = "Europe/London";

const dose = (label: string, reason: string): PrnDose => ({
  id: 1,
  date: DAY,
  bookingId: 500,
  petId: 1000,
  userId: "U0JANE",
  userName: "Jane",
  item: "med:1",
  label,
  itemText: label,
  reason,
  givenAt: `${DAY}T10:10:00Z`,
  recordedAt: `${DAY}T10:11:00Z`,
});
const buttons = (messages: Message[]) =>
  messages.flatMap((m) => m.blocks).flatMap((b) => (b.type === "actions" ? b.elements : []));

describe("the as-needed follow-up, answered, and Home's list", () => {
  it("a pet of 3,000 characters, a drug of 15,000: every word; the answers' buttons all kept", () => {
    const ask = followUpMessages(dose(HUGE.drug, HUGE.danger), HUGE.name, TZ);
    expect(ask.length).toBeGreaterThan(1);
    expectWhole(ask, HUGE.name, HUGE.drug);
    expect(buttons(ask)).toHaveLength(4);
    const effect = {
      id: 5,
      effect: "worse",
      note: HUGE.danger,
      userName: "Tom",
      recordedAt: `${DAY}T11:12:00Z`,
    };
    const done = answeredMessages(dose(HUGE.drug, "itching"), HUGE.name, effect as never, TZ);
    expect(done.length).toBeGreaterThan(1);
    expectWhole(done, HUGE.name, HUGE.drug);
    const pet: AsNeededPet = {
      bookingId: 500,
      petId: 1000,
      name: HUGE.name,
      room: "Kennel 4",
      items: [{ key: "med:1", label: HUGE.drug, text: HUGE.drug, reason: HUGE.danger, maxPer24h: 2 }],
      doses: [],
    } as never;
    const list = asNeededMessages([pet], DAY, TZ);
    expect(list.length).toBeGreaterThan(1);
    expectWhole(list, HUGE.name, HUGE.drug, HUGE.danger);
  });

  it("of normal size: one message each", () => {
    expect(followUpMessages(dose("Piriton 4mg", "itching"), "Itchy", TZ)).toHaveLength(1);
    const effect = { id: 5, effect: "helped", userName: "Tom", recordedAt: `${DAY}T11:12:00Z` };
    expect(answeredMessages(dose("Piriton 4mg", "itching"), "Itchy", effect as never, TZ)).toHaveLength(1);
  });
});

describe("a welfare flag, and the list drawn again in place", () => {
  it("a pet of 3,000 characters, its vet of 15,000: every word, with its two buttons", () => {
    const messages = flagMessages(
      adviceFlag({ id: 1, petName: HUGE.name, vet: HUGE.drug, advice: "rest" }),
      TZ,
    );
    expect(messages.length).toBeGreaterThan(1);
    expectWhole(messages, HUGE.name, HUGE.drug);
    expect(buttons(messages).map((b) => b.action_id.split(":")[0])).toEqual(["wf_advice", "wf_resolve"]);
    const list = flagsListMessages(
      [
        adviceFlag({ id: 1, petName: HUGE.name, vet: "Vet", advice: "x" }),
        adviceFlag({ id: 2, petName: "Tyson", vet: HUGE.drug, advice: "x" }),
      ],
      DAY,
      TZ,
    );
    expect(list.length).toBeGreaterThan(1);
    expectWhole(list, HUGE.name, HUGE.drug);
  });

  it("of normal size: one message", () => {
    expect(
      flagMessages(adviceFlag({ id: 1, petName: "Biscuit", vet: "Vet", advice: "rest" }), TZ),
    ).toHaveLength(1);
    expect(
      flagsListMessages([adviceFlag({ id: 1, petName: "Biscuit", vet: "Vet", advice: "rest" })], DAY, TZ),
    ).toHaveLength(1);
  });
});

describe("a dose time's late reply", () => {
  const view = (petName: string, text: string): AlertView => ({
    kind: "late",
    date: DAY,
    round: "evening",
    doses: [
      {
        key: "1-1",
        petName,
        room: "Kennel 4",
        item: "med:1",
        label: "Phenobarbital",
        text,
        window: {
          opensAt: `${DAY}T17:00:00Z`,
          dueAt: `${DAY}T18:00:00Z`,
          lateAt: `${DAY}T18:30:00Z`,
          closesAt: `${DAY}T20:00:00Z`,
        },
      },
    ],
  });

  it("a pet of 3,000 characters, its drug's words twice as long once escaped: every word, the mentions in front", () => {
    const drug = longWords("dz", 4000).replace(/ /g, " <&> ");
    const messages = doseAlertMessages(doseAlertDoc(view(HUGE.name, drug), { timezone: TZ }), ["S0NURSES"]);
    expect(messages.length).toBeGreaterThan(1);
    expectWhole(messages, HUGE.name, drug);
    const first = messages[0]?.blocks[0];
    expect(first?.type === "section" && first.text?.text.startsWith("<!subteam^S0NURSES>")).toBe(true);
  });

  it("of normal size: one message, the mentions in its first line", () => {
    const [m, ...more] = doseAlertMessages(doseAlertDoc(view("Biscuit", "Rimadyl 50mg"), { timezone: TZ }), [
      "S0NURSES",
    ]);
    expect(more).toEqual([]);
    const first = m?.blocks[0];
    expect(first?.type === "section" && first.text?.text).toMatch(/^<!subteam\^S0NURSES> \*⏰ Late/);
  });
});

describe("the stay's record", () => {
  it("a dose given if needed, its drug of 15,000 characters: every word", () => {
    const stay = { bookingId: 500, pets: [], problem: undefined, asNeeded: [dose(HUGE.drug, "itching")] };
    const messages = stayRecordMessages(stay, "HP-1", TZ);
    expectWhole(messages, HUGE.drug);
  });

  it("a record whose escaping grows it (every reason full of & and <): at most five messages, then the command", () => {
    const asNeeded = Array.from({ length: 120 }, (_, i) => ({
      ...dose("Piriton", "a & b < c ".repeat(90)),
      id: i + 1,
    }));
    const messages = stayRecordMessages(
      { bookingId: 500, pets: [], problem: undefined, asNeeded },
      "HP-1",
      TZ,
    );
    expect(messages.length).toBeLessThanOrEqual(5);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    expect(JSON.stringify(messages.at(-1))).toContain("kennel-desk record --booking HP-1 prints all of it");
  });

  it("of normal size: one message", () => {
    const stay = { bookingId: 500, pets: [], problem: undefined, asNeeded: [dose("Piriton", "itching")] };
    expect(stayRecordMessages(stay, "HP-1", TZ)).toHaveLength(1);
  });
});

describe("the assistant's card", () => {
  it("keeps whole blocks only, within one message's limits, and counts the rest for its text", () => {
    const blocks = docCard({
      fallback: "Biscuit",
      parts: [
        { kind: "title", text: HUGE.name },
        { kind: "item", lines: [[{ text: HUGE.danger }]] },
        { kind: "item", lines: [[{ text: HUGE.drug }]] },
      ],
    });
    expect(limitViolations({ text: "Biscuit", blocks })).toEqual([]);
    const last = blocks.at(-1);
    expect(last?.type === "context" && last.elements[0]?.text).toMatch(
      /^… and \d+ more parts? of this answer/,
    );
    // Each block before the count whole: the name all there, and nothing ending at a cut.
    expectWhole([{ text: "Biscuit", blocks: blocks.slice(0, -1) }], HUGE.name);
    expect(JSON.stringify(blocks.slice(0, -1))).not.toContain("…");
  });
});
