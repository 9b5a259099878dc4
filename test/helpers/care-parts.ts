/**
 * The check that a message carrying care is never cut (GUIDE: "never cutting a name, a drug, an
 * allergy, a danger note or a fast"): inputs longer than any message, made of distinct words (with
 * `&` and `<` to escape), and every one of those words in the messages sent, each within Block Kit's limits.
 */
import { expect } from "vitest";
import { duplicateActionIds, limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { WelfareFlag } from "../../src/domain/welfare-flag.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import { booking, pet, RIMADYL, roundOf } from "../text/fixtures.ts";
import { seen } from "./whole-care.ts";

/** Distinct words (`head0 head1&<x> …`) past `n` characters: a cut anywhere loses one. */
export const longWords = (head: string, n: number): string => {
  const words: string[] = [];
  // The words' length joined, counted as they are added (joining them at each step took minutes at 1 MB).
  for (let i = 0, length = 0; length < n; i++) {
    const word = i % 3 ? `${head}${i}` : `${head}${i}&<x>`;
    length += (words.length > 0 ? 1 : 0) + word.length;
    words.push(word);
  }
  return words.join(" ");
};

/** The three the rule names at their worst: a pet's name, a drug's instruction, a danger note. */
export const HUGE = {
  name: longWords("nm", 3000),
  drug: longWords("dr", 15_000),
  danger: longWords("dg", 5000),
};

const tokens = (t: string): Set<string> => new Set(t.match(/[a-z]+\d+/g) ?? []);

/** Every word of each input is in the messages, and every message keeps Block Kit's limits. */
export function expectWhole(messages: Message[], ...inputs: string[]): void {
  expect(messages.length).toBeGreaterThan(0);
  for (const m of messages) {
    expect(limitViolations(m)).toEqual([]);
    expect(duplicateActionIds(m)).toEqual([]);
  }
  const shown = tokens(seen(messages));
  for (const input of inputs) {
    const lost = [...tokens(input)].filter((w) => !shown.has(w));
    expect(lost.slice(0, 5), `${lost.length} words lost of ${input.slice(0, 30)}`).toEqual([]);
  }
}

/** A welfare flag (stool with blood, Kennel 4) with one vet's advice on 24 November; its id is its booking's and pet's. */
export const adviceFlag = (o: {
  id?: number;
  petName: string;
  vet: string;
  advice?: string;
}): WelfareFlag => {
  const day = "2026-11-24";
  const id = o.id ?? 1;
  return {
    id,
    bookingId: id,
    petId: id,
    petName: o.petName,
    room: "Kennel 4",
    sign: "stool:blood",
    date: day,
    openedAt: `${day}T12:00:00.000Z`,
    entries: [],
    advice: [
      {
        id: 1,
        vet: o.vet,
        sought: `${day}T12:30:00.000Z`,
        advice: o.advice ?? "rest",
        userId: "U",
        userName: "Jane",
        recordedAt: `${day}T12:40:00.000Z`,
      },
    ],
  };
};

/** The evening round of 84 pets (Pet0–Pet83, Kennel 0–83), drafted; the 24th (Pet23) given `words` as its evening dose. */
export function roundOf84(words: string, timezone: string) {
  const rows = Array.from({ length: 84 }, (_, i): [ReturnType<typeof booking>, ReturnType<typeof pet>] => [
    booking({ bookingId: 9000 + i, roomName: `Kennel ${i}` }),
    pet({
      petId: 500 + i,
      name: `Pet${i}`,
      ...RIMADYL,
      ...(i === 23 ? { medicationPm: `Rimadyl ${words}` } : {}),
    }),
  ]);
  return draftSheet(roundOf("evening", rows), { timezone });
}
