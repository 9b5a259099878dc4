/**
 * The sandbox's 150-pet day at 21:00, every round's window closed and nothing recorded (a fresh try
 * of this day found doses hidden behind "and N more"): each missed reply names every dose, high-alert
 * first, before any meal, its head counting them, and points at a round post only when it is in its
 * thread; the day's review names 15 and shows every one behind "📋 Show all N", whole; and no two
 * lines of one pet's round read alike on the replies, the review or Home (one drug in two slots says
 * which slot). Each missed reply says what to do (check the record and ask who was on the round; a
 * high-alert dose, ask the vet first), and Home names every high-alert dose missed, whatever its cap.
 */
import { describe, expect, it } from "vitest";
import { roundDoses } from "../../src/answers/obligations.ts";
import { dayReview } from "../../src/answers/review.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { reviewEveryButton, reviewEveryMessages, reviewMessages } from "../../src/blocks/review.ts";
import type { Message } from "../../src/blocks/types.ts";
import { alertMessages } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert } from "../../src/digest/dose-alert-records.ts";
import { ROUNDS } from "../../src/domain/care.ts";
import { alertsAt } from "../../src/domain/dose-alerts.ts";
import { localDate } from "../../src/time.ts";
import { MISSED_HIGH_ALERT_ASK, NOT_RECORDED_CHECK } from "../../src/words/doses.ts";
import { TZ, useFullHouse } from "../answers/full-house.ts";
import { scratchRecord } from "../helpers/record.ts";

const { house, depsAt } = useFullHouse();

/** Every text of the messages, a line each (sections and small print). */
const linesOf = (ms: Message[]) =>
  ms
    .flatMap((m) =>
      m.blocks.flatMap((b) =>
        b.type === "section" && b.text
          ? [b.text.text]
          : b.type === "context"
            ? b.elements.map((e) => ("text" in e ? e.text : ""))
            : [],
      ),
    )
    .join("\n")
    .split("\n");

/** Lines said twice (one pet's two doses of a round read alike). */
const twice = (lines: string[]) => lines.filter((l, i) => lines.indexOf(l) !== i);

describe("the 150-pet day at 21:00, nothing recorded", () => {
  it("each missed reply names every dose before any meal and counts them; the review shows every one; no line twice", async () => {
    const record = scratchRecord();
    const deps = depsAt("21:00", { record });
    const day = house.day;
    const now = deps.clock.now().toISOString();
    let dosed = 0;
    let highMissed = 0;
    for (const round of ROUNDS) {
      const doses = await roundDoses(deps, round, day, { keep: true });
      const alerts = alertsAt(day, round, doses, now, { today: day, localDate: (i) => localDate(i, TZ) });
      for (const a of alerts.filter((x) => x.kind === "missed")) {
        const { claim } = await claimAlert(record, a, 1, now);
        const messages = alertMessages(deps, claim, day, [], { roundPost: false });
        for (const m of messages) expect(limitViolations(m)).toEqual([]);
        const lines = linesOf(messages);
        const pets = lines.filter((l) => l.startsWith("• "));
        const withDose = a.doses.filter((d) => d.due.item !== "meal");
        const dosePets = new Set(withDose.map((d) => `${d.bookingId}-${d.petId}`));
        dosed += dosePets.size;
        // The head counts them; every pet with a dose is named, each on a line before any meal.
        expect(lines.join("\n")).toMatch(
          new RegExp(`pets?: ${dosePets.size} with (doses|a dose) not recorded|pets?: no dose missed`),
        );
        const firstMeal = pets.findIndex((l) => / meal$/.test(l) || /: meal\b/.test(l));
        const doseLines = firstMeal < 0 ? pets : pets.slice(0, firstMeal);
        expect(doseLines.length).toBe(dosePets.size);
        for (const d of withDose) expect(doseLines.some((l) => l.startsWith(`• ${d.petName}`))).toBe(true);
        // What to do, in the kennel's words: check the record and ask who was on; a high-alert one, the vet.
        const highHere = withDose.filter((d) => d.due.highAlert).length;
        highMissed += highHere;
        expect(lines.includes(NOT_RECORDED_CHECK)).toBe(withDose.length > 0);
        expect(lines.includes(MISSED_HIGH_ALERT_ASK)).toBe(highHere > 0);
        // High-alert first.
        const high = doseLines.map((l) => l.includes("💉"));
        expect(high.indexOf(false) < 0 || high.lastIndexOf(true) < high.indexOf(false)).toBe(true);
        // No round post to "see": the sheet instead; and no item said twice on a pet's line.
        expect(lines.join("\n")).not.toContain("see the round post");
        for (const l of doseLines) {
          const items = l.slice(l.indexOf(": ") + 2).split("; ");
          expect(twice(items), l).toEqual([]);
        }
      }
    }
    expect(dosed).toBeGreaterThan(10);

    // The day's review: 15 named, the rest behind a button that names each, whole.
    const review = await dayReview(deps, day);
    expect(review.exceptions.length).toBeGreaterThan(15);
    const post = reviewMessages(review, TZ);
    const button = JSON.stringify(post).includes(reviewEveryButton.actionId());
    expect(button).toBe(true);
    expect(linesOf(post).join("\n")).toContain(`kennel-desk record ${day}`);
    const every = reviewEveryMessages(review);
    for (const m of every) expect(limitViolations(m)).toEqual([]);
    const named = linesOf(every).filter((l) =>
      /^(❌ missed|⚠️ refused|⚠️ not given|.+ given (early|late)):/.test(l),
    );
    expect(named.length).toBe(review.exceptions.length);
    expect(twice(named)).toEqual([]);

    // Home's doses: no line twice.
    const home = homeBlocks(await todayOverview(deps), TZ);
    const homeLines = linesOf([{ text: "Home", blocks: home as Message["blocks"] }]).filter((l) =>
      /missed:/.test(l),
    );
    expect(homeLines.length).toBeGreaterThan(0);
    // Every high-alert dose missed named on Home, whatever its cap: none behind "and N more".
    expect(highMissed).toBeGreaterThan(0);
    expect(homeLines.filter((l) => l.includes("💉"))).toHaveLength(highMissed);
    expect(twice(homeLines)).toEqual([]);
  });
});
