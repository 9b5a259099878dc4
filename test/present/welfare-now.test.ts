/**
 * A kept round sheet's pet lines drawn with its stay's welfare flags as they stand now (issue 38):
 * the flag line kept with the sheet ("vet advice sought? not yet") reads the advice recorded since
 * (the vet, and what was advised, whole),
 * goes when the flag is resolved, and a flag opened since is added; a sheet kept before flag lines
 * were marked is read the same; with the record not read, the lines stay as kept.
 */
import { describe, expect, it } from "vitest";
import type { WelfareFlag } from "../../src/domain/welfare-flag.ts";
import type { Line } from "../../src/present/doc.ts";
import { flagLines, withWelfareNow } from "../../src/present/welfare-flag.ts";

const flag = (o: Partial<WelfareFlag> = {}): WelfareFlag => ({
  id: 1,
  bookingId: 10,
  petId: 20,
  petName: "Biscuit",
  sign: "stool:loose",
  date: "2026-11-22",
  openedAt: "2026-11-22T12:10:00.000Z",
  entries: [
    { kind: "check", id: 1, date: "2026-11-22", round: "morning", at: "2026-11-22T08:30:00.000Z" },
    { kind: "check", id: 2, date: "2026-11-22", round: "midday", at: "2026-11-22T12:10:00.000Z" },
  ],
  advice: [],
  ...o,
});
const advised = flag({
  advice: [
    {
      id: 3,
      vet: "Riverside Vets",
      sought: "2026-11-22T12:30:00.000Z",
      advice: "Bland diet",
      recordedAt: "2026-11-22T12:40:00.000Z",
      userId: "U1",
      userName: "Jane",
    },
  ],
} as Partial<WelfareFlag>);
const text = (lines: Line[]) => lines.map((l) => l.map((s) => s.text).join(""));
const name: Line = [{ text: "🐕 " }, { text: "Biscuit", strong: true }];
const diet: Line = [{ text: "🍽 Evening: 1 cup kibble" }];

describe("a kept sheet's flag lines, as the flags stand now", () => {
  const kept = [name, ...flagLines([flag()]), diet];

  it("advice recorded since: the line reads it (who, and what they advised), where the kept one stood", () => {
    expect(text(withWelfareNow(kept, [advised]).lines)).toEqual([
      "🐕 Biscuit",
      "🚩 Loose stool, 2 checks in a row · 🩺 vet advice: Riverside Vets · advised: Bland diet",
      "🍽 Evening: 1 cup kibble",
    ]);
  });

  it("resolved since (no flag open): no flag line", () => {
    expect(text(withWelfareNow(kept, []).lines)).toEqual(["🐕 Biscuit", "🍽 Evening: 1 cup kibble"]);
  });

  it("a flag opened since the sheet was kept: added after the pet's first line", () => {
    expect(text(withWelfareNow([name, diet], [flag()]).lines)).toEqual([
      "🐕 Biscuit",
      "🚩 Loose stool, 2 checks in a row · 🩺 vet advice sought? not yet",
      "🍽 Evening: 1 cup kibble",
    ]);
  });

  it("a sheet kept before its flag lines were marked: the old line found by its words, and replaced", () => {
    const old: Line[] = [
      name,
      [{ text: "🚩 Loose stool, 2 checks in a row · 🩺 vet advice sought? not yet", tone: "alert" }],
      diet,
    ];
    expect(text(withWelfareNow(old, [advised]).lines)).toEqual([
      "🐕 Biscuit",
      "🚩 Loose stool, 2 checks in a row · 🩺 vet advice: Riverside Vets · advised: Bland diet",
      "🍽 Evening: 1 cup kibble",
    ]);
  });

  it("a later part of a pet shared out over messages ('… (continued)') gets no flag line: its first part has it", () => {
    const continued: Line[] = [[{ text: "Kennel 4 · Biscuit (continued)", piece: true }], diet];
    expect(text(withWelfareNow(continued, [flag()]).lines)).toEqual([
      "Kennel 4 · Biscuit (continued)",
      "🍽 Evening: 1 cup kibble",
    ]);
  });

  it("the record not read: the lines as kept", () => {
    expect(withWelfareNow(kept, undefined).lines).toBe(kept);
  });
});
