/**
 * What an answer says it could not show is never cut: a round's problems (the stays not listed, the
 * care not loaded, the plans not confirmed, each with its request id), a chart's pets whose care was
 * not matched, a stay's pets listed without an id. Each names pets, whose names are kept whole, and
 * ends with what to do; the serializers split them as they split any long line.
 */
import { describe, expect, it } from "vitest";
import type { Chart } from "../../src/answers/chart.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { roundMessages } from "../../src/blocks/rounds.ts";
import { chartFoot } from "../../src/present/chart-foot.ts";
import { carePlansDoc } from "../../src/present/plan.ts";
import { docText } from "../../src/text/doc.ts";
import { roundText } from "../../src/text/house.ts";
import { normal } from "../helpers/whole-care.ts";
import { busyDay, TEXT } from "./harness.ts";

const busy = busyDay();
/** A pet's name of `n` characters and more, each word distinct, so a cut anywhere loses one. */
const longName = (head: string, n: number): string => {
  const words = [head];
  for (let i = 0; words.join(" ").length < n; i++) words.push(`w${i}`);
  return `${words.join(" ")} END`;
};

describe("a round's problems", () => {
  it("are whole past 600 characters, request ids and the plans' warning included, in Slack and the terminal", async () => {
    const r = await roundReport(busy.deps, "morning", busy.day);
    const careProblem = [
      "2 of the day's departures were not in the API's list of stays, and are shown here: check the booking dates",
      `Some pets' care details could not be loaded: ${"The kennel API answered slowly and then not at all. ".repeat(4)}(request id req-care-0001)`,
      `The care plans could not be read or kept: ${"The care record's database did not answer in time. ".repeat(4)} Plans shown are drafts, not confirmed.`,
    ].join(" · ");
    expect(careProblem.length).toBeGreaterThan(600);
    const report = { ...r, careProblem };
    const post = roundMessages(report);
    const slack = normal(
      [post.parent, ...post.replies]
        .flatMap((m) => m.blocks)
        .map((b) => JSON.stringify(b))
        .join(" "),
    );
    for (const m of [post.parent, ...post.replies]) expect(limitViolations(m)).toEqual([]);
    const text = normal(roundText(report, TEXT));
    for (const words of ["req-care-0001", "Plans shown are drafts, not confirmed."]) {
      expect(slack).toContain(words);
      expect(text).toContain(words);
    }
  });
});

describe("a chart's pets whose care was not matched", () => {
  it("are named whole, with what to do", () => {
    const name = longName("Biscuit", 2000);
    const chart: Chart = {
      dates: ["2026-11-29"],
      columns: [],
      pets: [],
      problems: [
        `Booking HP-1 (${name}): care not matched, so its doses are not on this chart. Check the kennel system.`,
      ],
      record: true,
      requestId: undefined,
    };
    const foot = normal(
      docText(
        {
          fallback: "",
          parts: [
            {
              kind: "note",
              lines: chartFoot(chart, {
                timezone: TEXT.timezone,
                names: undefined,
                generatedAt: "2026-11-28T19:00:00Z",
              }),
            },
          ],
        },
        TEXT,
      ),
    );
    expect(foot).toContain(`${name}): care not matched`);
    expect(foot).toContain("Check the kennel system.");
  });
});

describe("a stay's plans", () => {
  it("name a pet listed without its id whole", () => {
    const name = longName("Pepper", 2000);
    const doc = carePlansDoc(
      {
        date: "2026-11-29",
        reference: "HP-1",
        plans: [],
        problems: [`${name}: listed without its id, so no plan can be kept for it`],
      },
      TEXT.timezone,
    );
    expect(normal(docText(doc, TEXT))).toContain(
      `${name}: listed without its id, so no plan can be kept for it: check the kennel system`,
    );
  });
});
