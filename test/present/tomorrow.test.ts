/**
 * Tomorrow's check in Slack (the evening post: a parent and thread replies, each arrival with its
 * Owner's contacts button) and in the terminal is one document serialized twice.
 */
import { describe, expect, it } from "vitest";
import { tomorrowCheck } from "../../src/answers/today.ts";
import type { Threaded } from "../../src/blocks/thread.ts";
import { tomorrowMessages } from "../../src/blocks/tomorrow.ts";
import type { Message } from "../../src/blocks/types.ts";
import { tomorrowText } from "../../src/text/index.ts";
import { busyDay, expectSameLines, TEXT, TZ } from "./harness.ts";

const busy = busyDay();

/** The post as one reading: the parent without its foot, the replies without their "21–65 of 120", the foot. */
function reading(post: Threaded): Message[] {
  const blocks = post.parent.blocks;
  const foot = post.replies.length ? blocks.slice(-1) : [];
  return [
    { text: "", blocks: foot.length ? blocks.slice(0, -1) : blocks },
    ...post.replies.map((m) => ({ text: "", blocks: m.blocks.slice(1) })),
    { text: "", blocks: foot },
  ];
}

describe("tomorrow's check: one document, two serializers", () => {
  it("the busy day's arrivals with care details missing say the same, each with its reference", async () => {
    // The sandbox's coming days; the one with the most arrivals to call about.
    const days = ["2026-11-22", "2026-11-23", busy.day, "2026-11-25", "2026-11-26"];
    const checks = await Promise.all(days.map((d) => tomorrowCheck(busy.deps, d)));
    const t = checks.reduce((a, b) => (b.entries.length > a.entries.length ? b : a));
    expect(t.entries.length).toBeGreaterThan(1);
    const lines = expectSameLines(reading(tomorrowMessages(t, TZ)), tomorrowText(t, TEXT)).join("\n");
    for (const e of t.entries)
      expect(lines).toContain(e.booking.reference ?? `booking id ${e.booking.bookingId}`);
    // A channel post: no request id of its own (the morning post's foot and errors have one).
    expect(lines).not.toContain(`request id ${t.requestId}`);
  });

  it("a day whose arrivals are all known says so on both", async () => {
    const t = await tomorrowCheck(busy.deps, "2020-01-01");
    const post = tomorrowMessages(t, TZ);
    expect(expectSameLines([post.parent], tomorrowText(t, TEXT)).join("\n")).toContain(
      "✅ Every arrival's pets",
    );
  });
});
