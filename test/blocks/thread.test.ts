/**
 * A long post as a parent and thread replies (src/blocks/thread.ts): an item whole in one message
 * wherever one holds it (the counts a caller keeps its messages by are then exact), only an item
 * bigger than a message going on at a block's edge, each reply saying which items it holds (an item's
 * rest as that item's, continued: never counted twice).
 */
import { describe, expect, it } from "vitest";
import { digestMessages } from "../../src/blocks/digest.ts";
import { lineSections } from "../../src/blocks/doc.ts";
import { LIMITS, limitViolations, messageChars } from "../../src/blocks/limits.ts";
import { context, header, section } from "../../src/blocks/mrkdwn.ts";
import { type ThreadItem, threadSplit } from "../../src/blocks/thread.ts";
import type { Message } from "../../src/blocks/types.ts";
import { HUGE, longWords } from "../helpers/care-parts.ts";
import { biz, booking, reportOf } from "../helpers/reports.ts";

/** Plain text's sections, as a document draws them. */
const sectionTexts = (text: string) => lineSections(text.split("\n").map((t) => [{ text: t }]));
const item = (text: string, reserve = 0): ThreadItem => ({
  blocks: sectionTexts(text).map((t) => section(t)),
  reserve,
});
const head = [header("Morning round"), context(longWords("sm", 2500))];
const labels = (replies: Message[]) =>
  replies.map((r) => (r.blocks[0]?.type === "context" ? r.blocks[0].elements[0]?.text : ""));

describe("threadSplit", () => {
  it("no block is bigger than a message: a section holds 3,000 characters at most, whatever the text", () => {
    for (const t of sectionTexts(`${HUGE.drug} ${"x".repeat(20_000)}`)) {
      expect(t.length).toBeLessThanOrEqual(LIMITS.sectionText);
      expect(messageChars({ text: "Morning round: 999–999 of 999", blocks: [section(t)] })).toBeLessThan(
        LIMITS.messageText - 400,
      );
    }
  });

  it("an item that ends its message (a pet's care said to go on in the next) has the next item start a reply", () => {
    const top = [header("Evening round")];
    const long = item(longWords("on", 7000));
    expect(threadSplit("Evening round", top, [item("Biscuit"), long, item("Rest")]).itemsPer).toEqual([3]);
    const { thread, itemsPer } = threadSplit("Evening round", top, [
      item("Biscuit"),
      { ...long, ends: true },
      item("Rest"),
    ]);
    expect(itemsPer).toEqual([2, 1]);
    expect(thread.replies[0]?.blocks.slice(1)).toEqual([section("Rest")]);
  });

  it("an item the parent cannot hold whole after its head, but a reply can, goes whole to the first reply", () => {
    const big = item(longWords("bg", 7000), 90);
    const { thread, itemsPer } = threadSplit("Morning round", head, [big, item("Biscuit")]);
    expect(itemsPer).toEqual([0, 2]);
    expect(thread.parent.blocks).toEqual(head);
    expect(thread.replies[0]?.blocks.slice(1)).toEqual([...big.blocks, section("Biscuit")]);
    expect(labels(thread.replies)).toEqual(["*Morning round* · 1–2 of 2"]);
  });

  it("an item bigger than a message goes on at a block's edge; each reply names the items it holds", () => {
    const huge = item(`${HUGE.drug} ${HUGE.drug}`);
    const { thread, itemsPer } = threadSplit(
      "Morning round",
      [header("Morning round")],
      [item("Biscuit"), huge, item("Rex")],
    );
    for (const m of [thread.parent, ...thread.replies]) expect(limitViolations(m)).toEqual([]);
    // Every block once, in order.
    const body = [thread.parent.blocks.slice(1), ...thread.replies.map((r) => r.blocks.slice(1))].flat();
    expect(body).toEqual([section("Biscuit"), ...huge.blocks, section("Rex")]);
    expect(itemsPer.reduce((a, b) => a + b)).toBe(3);
    // A reply holding only the huge item's rest says so; the one with its end and "Rex" says both,
    // counting the huge item once.
    const said = labels(thread.replies);
    expect(said.length).toBeGreaterThan(2);
    expect(said[0]).toBe("*Morning round* · 2 of 3");
    expect(said.slice(1, -1).every((l) => l === "*Morning round* · 2 of 3, continued")).toBe(true);
    expect(said.at(-1)).toBe("*Morning round* · 2 continued, 3 of 3");
  });
});

describe("the morning post's count of the entries in its thread", () => {
  /** A day of `n` arrivals, Pet0…, the second named by `second` (a name of thousands of characters). */
  const post = (n: number, second?: string) => {
    const name = (i: number) => (i === 1 && second ? second : `Pet${i}`);
    const bookings = biz.bookings.slice(0, n).map((raw, i) => ({
      ...booking(raw),
      status: "confirmed",
      bookingId: 900 + i,
      petNames: name(i),
      checkInDate: "2026-11-24T09:00:00.000Z",
    }));
    const pets = (b: { bookingId?: number }) => [{ name: name((b.bookingId ?? 900) - 900) }];
    return digestMessages(
      reportOf("arrivals", "2026-11-24", bookings as never, { wholeDay: true, petsOf: pets as never }),
      "Europe/London",
    );
  };
  const said = (t: ReturnType<typeof post>) =>
    Number(/ (\d+) more in the thread/.exec(JSON.stringify(t.parent))?.[1]);
  const inThread = (t: ReturnType<typeof post>) => new Set(JSON.stringify(t.replies).match(/Pet\d+/g)).size;

  it("counts entries, not blocks: an entry in several sections in the parent", () => {
    const t = post(60, longWords("nm", 4000));
    expect(t.replies.length).toBeGreaterThan(0);
    expect(JSON.stringify(t.replies)).not.toContain("nm1");
    expect(said(t)).toBe(inThread(t));
    expect(JSON.stringify(t.parent)).toContain("nm1");
  });

  it("a day of short entries: as many as the thread holds", () => {
    const t = post(60);
    expect(t.replies.length).toBeGreaterThan(0);
    expect(said(t)).toBe(inThread(t));
  });
});
