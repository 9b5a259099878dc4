/**
 * /arrivals and /departures in Slack and `kennel-desk arrivals|departures` in the terminal are one
 * document serialized twice: on the busy day, every page, line by line the same text, in the same
 * order; and the morning post says what the list says.
 */
import { describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { dayListMessages } from "../../src/blocks/day-list.ts";
import { digestMessages } from "../../src/blocks/digest.ts";
import type { DayKind } from "../../src/domain/day.ts";
import { dayText } from "../../src/text/index.ts";
import { visibleOfMessages, visibleOfText } from "../helpers/visible.ts";
import { busyDay, expectSameLines, TEXT, TZ } from "./harness.ts";

const busy = busyDay();
const KINDS: DayKind[] = ["arrivals", "departures"];

/** The day before the busy day: the peak's arrivals (the busy day itself is mostly departures). */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe("arrivals and departures: one document, two serializers", () => {
  for (const kind of KINDS) {
    it(`${kind}: says the same on every page of the busy days`, async () => {
      let pages = 0;
      for (const day of [busy.day, dayBefore(busy.day)]) {
        const first = await dayReport(busy.deps, kind, day, { page: 1 });
        pages = Math.max(pages, first.pages);
        for (let page = 1; page <= first.pages; page++) {
          const r = page === 1 ? first : await dayReport(busy.deps, kind, day, { page });
          const lines = expectSameLines(dayListMessages(r, TZ), dayText(r, TEXT));
          const all = lines.join("\n");
          // Something of every booking on the page is in both, and its care warning when it has one.
          for (const e of r.entries) {
            expect(all).toContain(e.booking.reference ?? `booking id ${e.booking.bookingId}`);
            if (e.care && e.care.status !== "matched") expect(all).toMatch(/❔ care details/);
          }
          const medicated = r.entries.some((e) => e.care?.pets.some((p) => p.care.medications.length));
          if (medicated) expect(all).toContain(kind === "departures" ? "💊 hand back: " : "💊 ");
        }
      }
      expect(pages).toBeGreaterThan(1);
    });
  }

  it("the morning post says what the list says, line by line", async () => {
    for (const kind of KINDS) {
      const whole = await dayReport(busy.deps, kind, busy.day, { wholeDay: true });
      const post = digestMessages(whole, TZ);
      // Each reply's own heading ("Departures — … · 41–80 of 103") is the post's alone.
      const posted = visibleOfMessages([post.parent, ...post.replies]).filter(
        (l) => !/ · \d+–\d+ of \d+$/.test(l),
      );
      const listed = visibleOfText(dayText(whole, TEXT));
      const [title, summary, ...rest] = listed;
      expect(posted[0]).toBe(title);
      // The summary, and how many entries are in the thread.
      expect(posted[1]?.startsWith(summary as string)).toBe(true);
      // The request id is the morning post's own, in its foot (a list asked for in the channel has
      // none); the entries run on through the thread.
      const id = `request id ${whole.requestId}`;
      expect(whole.requestId).toBeDefined();
      expect(posted.filter((l) => l === id || l.endsWith(` · ${id}`))).toHaveLength(1);
      expect(listed.join("\n")).not.toContain("request id");
      const unsaid = posted.map((l) => (l.endsWith(` · ${id}`) ? l.slice(0, -id.length - 3) : l));
      expect(unsaid.slice(2).filter((l) => l !== id)).toEqual(rest);
      expect(rest.length).toBeGreaterThan(whole.entries.length * 2 - 1);
      if (post.replies.length) expect(posted[1]).toMatch(/more in the thread/);
    }
  });

  it("says the same on a day with none", async () => {
    for (const kind of KINDS) {
      const r = await dayReport(busy.deps, kind, "2020-01-01", { page: 1 });
      const lines = expectSameLines(dayListMessages(r, TZ), dayText(r, TEXT));
      expect(lines.join("\n")).toMatch(/No (arrivals|departures) on this day/);
    }
  });
});
