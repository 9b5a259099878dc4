/**
 * The posts that carry care (the day's review, the chart post, the medicines to act on and to hand
 * back, the pets not checked, tomorrow's check with nothing to call about) never cut a name, a drug
 * or a danger note to fit one message: a post too long goes on in more, each within Block Kit's
 * limits; a post of normal size is one message, as before.
 */

import { describe, expect, it } from "vitest";
import type { HandBack, HeldMedicine, Stock } from "../../src/answers/custody-stock.ts";
import { doseFigures } from "../../src/answers/doses.ts";
import type { DayReview } from "../../src/answers/review.ts";
import { chartPostMessages } from "../../src/blocks/chart-post.ts";
import { handBackMessages, medicinesPostMessages } from "../../src/blocks/custody.ts";
import { reviewMessages } from "../../src/blocks/review.ts";
import { tomorrowMessages } from "../../src/blocks/tomorrow.ts";
import { uncheckedMessages } from "../../src/blocks/welfare.ts";
import type { MedicineCustody } from "../../src/domain/custody.ts";
import { expectWhole, HUGE, longWords } from "../helpers/care-parts.ts";
import { countedIn } from "../helpers/custody-fixtures.ts";

const DAY = "2026-11-24";
const TZ = "Europe/London";

describe("the day's review", () => {
  const review = (petName: string, label: string, note: string): DayReview => ({
    date: DAY,
    rounds: 2,
    doses: { ...doseFigures([]), due: 3, onTime: 2 },
    exceptions: [
      {
        kind: "missed",
        bookingId: 1,
        petId: 1,
        petName,
        room: "Kennel 4",
        round: "morning",
        due: { item: "med:1", label, text: label, highAlert: true },
      },
    ],
    welfareOpen: 0,
    countsOverdue: 0,
    reviews: [{ userName: "Sam", at: `${DAY}T18:00:00Z`, note }],
  });

  it("a name of 3,000 characters and a drug of 15,000: every word, in as many messages as they need", () => {
    const messages = reviewMessages(review(HUGE.name, HUGE.drug, HUGE.danger.slice(0, 900)), TZ);
    expect(messages.length).toBeGreaterThan(1);
    expectWhole(messages, HUGE.name, HUGE.drug);
    // The "✅ Reviewed…" button is on one of them, once.
    expect(JSON.stringify(messages).match(/"action_id":"day_review/g)).toHaveLength(1);
  });

  it("a normal day: one message", () => {
    expect(reviewMessages(review("Biscuit", "Rimadyl 50mg", "all fine"), TZ)).toHaveLength(1);
  });
});

describe("the chart post", () => {
  const post = (problems: string[]) => ({ date: DAY, pets: 3, problems, requestId: undefined });

  it("problems naming a pet of 3,000 characters and a drug of 15,000: every word", () => {
    const messages = chartPostMessages(post([`${HUGE.name}: not matched`, HUGE.drug, HUGE.danger]));
    expect(messages.length).toBeGreaterThan(1);
    expectWhole(messages, HUGE.name, HUGE.drug, HUGE.danger);
  });

  it("a normal evening: one message", () => {
    expect(chartPostMessages(post(["Biscuit: not matched"]))).toHaveLength(1);
  });
});

describe("medicines in custody: to act on, to hand back", () => {
  const medicine = (petName: string, label: string): MedicineCustody => ({
    first: countedIn(label),
    supplies: [countedIn(label)],
    petName,
    room: "Kennel 4",
    unit: "tablet",
    lines: [],
    balance: 28,
    counts: [],
    open: [],
    lastCounted: DAY,
    lastCountedAt: `${DAY}T08:00:00Z`,
  });
  const stock = (petName: string, label: string): Stock => ({
    today: DAY,
    held: [
      {
        medicine: medicine(petName, label),
        countDue: { due: DAY, overdue: true, days: 1 },
        pastDiscard: false,
      } as HeldMedicine,
    ],
    unread: [],
  });
  const back = (petName: string, label: string): HandBack[] => [
    { bookingId: 9, petId: 7, petName, room: "Kennel 4", medicines: [medicine(petName, label)] },
  ];

  it("a pet of 3,000 characters and a drug of 15,000: every word, to act on and to hand back", () => {
    const act = medicinesPostMessages(stock(HUGE.name, HUGE.drug), TZ);
    expect(act.length).toBeGreaterThan(1);
    expectWhole(act, HUGE.name, HUGE.drug);
    const home = handBackMessages(back(HUGE.name, HUGE.drug), DAY);
    expect(home.length).toBeGreaterThan(1);
    expectWhole(home, HUGE.name, HUGE.drug);
  });

  it("normal medicines: one message each; none to act on, none", () => {
    expect(medicinesPostMessages(stock("Biscuit", "Rimadyl 50mg"), TZ)).toHaveLength(1);
    expect(handBackMessages(back("Biscuit", "Rimadyl 50mg"), DAY)).toHaveLength(1);
    expect(medicinesPostMessages({ today: DAY, held: [], unread: [] }, TZ)).toEqual([]);
    expect(handBackMessages([], DAY)).toEqual([]);
  });
});

describe("the pets not checked", () => {
  const unchecked = (names: string[]) => ({
    round: "morning" as const,
    date: DAY,
    area: null,
    checkBy: "11:00",
    missing: names.map((name, i) => ({ room: `Kennel ${i}`, name })),
    pets: 9,
  });

  it("six pets of 3,000 characters each: every word", () => {
    const names = ["na", "nb", "nc", "nd", "ne", "nf"].map((h) => longWords(h, 3000));
    const messages = uncheckedMessages(unchecked(names));
    expect(messages.length).toBeGreaterThan(1);
    expectWhole(messages, ...names);
  });

  it("a normal morning: one message", () => {
    expect(uncheckedMessages(unchecked(["Biscuit", "Tyson"]))).toHaveLength(1);
  });
});

describe("tomorrow's check with nothing to call about", () => {
  it("a normal evening: one message, no replies", () => {
    const post = tomorrowMessages(
      { date: DAY, arrivals: 3, entries: [], leftOut: { calledOff: 0, waitlisted: 0 } } as never,
      TZ,
    );
    expect(post.replies).toEqual([]);
    expectWhole([post.parent]);
  });
});
