/**
 * Names, rooms, drugs, allergies, danger notes and fasts are never cut (issue 47): the chart, the
 * medicines in custody and the day's review show them whole however long the kennel system wrote
 * them (longer than any one section), and their Slack messages keep Block Kit's limits.
 */

import { describe, expect, it } from "vitest";
import type { HandBack } from "../../src/answers/custody-stock.ts";
import { doseFigures } from "../../src/answers/doses.ts";
import type { DayReview } from "../../src/answers/review.ts";
import { docMessages } from "../../src/blocks/doc.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { reviewMessages } from "../../src/blocks/review.ts";
import { careOf } from "../../src/domain/care.ts";
import type { MedicineCustody } from "../../src/domain/custody.ts";
import { type Pet, readPet } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { chartDoc } from "../../src/present/chart.ts";
import { medicineHead } from "../../src/present/custody.ts";
import { sheetMedicineLines } from "../../src/present/custody-pet.ts";
import { handBackDoc } from "../../src/present/custody-post.ts";
import { type Doc, lineText } from "../../src/present/doc.ts";
import { petDoc } from "../../src/present/pets.ts";
import { docText } from "../../src/text/doc.ts";
import { chartOf, chartOptions, chartPet, PLAIN_TEXT } from "../helpers/chart.ts";
import { countedIn } from "../helpers/custody-fixtures.ts";
import { normal, petFacts, seen } from "../helpers/whole-care.ts";

const DAY = "2026-11-24";
/** Words enough to pass `n` characters, each distinct, so a cut anywhere loses one. */
const long = (head: string, n: number): string => {
  const words = [head];
  for (let i = 0; words.join(" ").length < n; i++) words.push(`word${i}`);
  return `${words.join(" ")} END`;
};
const printed = (doc: Parameters<typeof docText>[0]) => normal(docText(doc, PLAIN_TEXT));

describe("the chart", () => {
  it("shows an allergy, a danger note and a fast longer than 2,000 characters whole", () => {
    const raw = {
      petId: 7,
      name: "Sugar",
      petType: "Dog",
      allergies: long("Chicken & beef, severe:", 2600),
      notes: long("AGGRESSIVE with other dogs: muzzle on every walk,", 2600),
      dietaryRequirementsPm: long("NIL BY MOUTH from 8pm – op at 10:00 tomorrow,", 2600),
    };
    const facts = petFacts(raw);
    expect(facts.danger).toHaveLength(1);
    expect(facts.fasting).toBeDefined();
    const care = careOf(readPet(raw, silentLogger()) as Pet);
    const pet = chartPet(7, { name: "Sugar", care });
    const text = printed(
      chartDoc(chartOf([{ date: DAY, round: "morning", kept: true }], [pet]), chartOptions(DAY)),
    );
    for (const fact of [facts.allergies, facts.fasting, ...facts.danger])
      expect(text).toContain(normal(fact as string));
  });
});

describe("medicines in custody", () => {
  const label = long("Phenobarbital 60 mg tablets (Epiphen), the owner's own pack,", 200);
  const counter = { userId: "U1", userName: "Sam Jones" };
  const counted = countedIn(label, counter);
  const medicine: MedicineCustody = {
    first: counted,
    supplies: [counted],
    petName: long("Sir Reginald Biscuit", 200),
    room: long("Kennel 4, the quiet end", 120),
    unit: "tablet",
    lines: [],
    balance: 28,
    counts: [],
    open: [],
    lastCounted: DAY,
    lastCountedAt: `${DAY}T08:00:00Z`,
  };

  it("shows a drug's label of 200 characters whole: its head, the hand-back and a medicine not counted in", () => {
    expect(lineText(medicineHead(medicine))).toContain(`💊 ${label}`);
    const [notCounted] = sheetMedicineLines({ held: [], notCountedIn: [label] });
    expect(lineText(notCounted ?? [])).toContain(`💊 ${label}: not counted in`);
    const pet: HandBack = {
      bookingId: 9,
      petId: 7,
      petName: medicine.petName,
      room: medicine.room,
      medicines: [medicine],
    };
    const handBack = handBackDoc([pet], DAY);
    const text = printed(handBack as Doc);
    for (const words of [label, medicine.petName, medicine.room as string])
      expect(text).toContain(normal(words));
  });
});

describe("the day's review", () => {
  it("names a long pet, its room and its dose's label whole, within Block Kit's limits", () => {
    const petName = long("Sir Reginald Biscuit of Hampton", 300);
    const room = long("Kennel 4, the quiet end", 200);
    const doseLabel = long("Caninsulin 40 iu/ml, 6 iu under the skin", 300);
    const review: DayReview = {
      date: DAY,
      rounds: 2,
      doses: { ...doseFigures([]), due: 3, onTime: 2 },
      exceptions: [
        {
          kind: "missed",
          bookingId: 1,
          petId: 1,
          petName,
          room,
          round: "morning",
          due: { item: "med:1", label: doseLabel, text: doseLabel, highAlert: true },
        },
      ],
      welfareOpen: 0,
      countsOverdue: 0,
      reviews: [
        { userName: long("Alexandra Montgomery-Fitzwilliam", 150), at: `${DAY}T18:00:00Z`, note: "" },
      ],
    };
    const messages = reviewMessages(review, "Europe/London");
    expect(messages.length).toBe(1);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const shown = seen(messages);
    for (const words of [petName, room, doseLabel, review.reviews[0]?.userName as string])
      expect(shown).toContain(normal(words));
  });
});

describe("the pet's card", () => {
  it("shows evaluation notes of 1,500 characters whole (they were cut at 300), in Slack and the terminal", () => {
    // Notes carrying no danger: only the card's "Evaluation" says them (a danger note is lifted whole).
    const notes = long("Calm with staff, settles after a walk, eats slowly from a raised bowl,", 1500);
    const raw = { petId: 7, name: "Sugar", petType: "Dog", evaluationCompleteNotes: notes };
    const pet = readPet(raw, silentLogger()) as Pet;
    const doc = petDoc(
      { requestId: "r1", pet, care: careOf(pet), owner: undefined },
      { timezone: "Europe/London", thisYear: "2026" },
    );
    expect(printed(doc)).toContain(normal(notes));
    const slack = docMessages(doc);
    for (const m of slack) expect(limitViolations(m)).toEqual([]);
    const blocks = normal(
      slack
        .flatMap((m) => m.blocks)
        .flatMap((b) =>
          b.type === "section" ? [b.text?.text ?? "", ...(b.fields ?? []).map((f) => f.text)] : [],
        )
        .join(" "),
    );
    expect(blocks).toContain(normal(notes));
  });
});
