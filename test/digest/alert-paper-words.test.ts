/**
 * A late or missed reply drawn again after a dose was entered from the paper chart (the dose times'
 * editor, src/digest/dose-alert-editor.ts): the entry reads as on the round post and in the terminal,
 * its giver and who entered it apart, and given off its time marked; never "(given 06:00, recorded
 * 13:04 Sam)", where the one who entered it reads as the giver.
 */
import { describe, expect, it } from "vitest";
import { alertMessage } from "../../src/digest/dose-alert-editor.ts";
import type { Claim } from "../../src/digest/dose-alert-records.ts";
import { lateMeal, paperDose } from "../helpers/entries.ts";
import { fetchDeps } from "../helpers/fetch-deps.ts";

const DATE = "2026-11-30";
const deps = fetchDeps(fetch, `${DATE}T13:10:00Z`, { KENNEL_TIMEZONE: "Europe/London" });
const dose = (p: number, item: "med:1" | "meal", label: string) => ({
  b: 990002,
  p,
  name: p === 1 ? "Scout" : "Milo",
  room: "Kennel 2",
  item,
  label,
  text: label,
  opensAt: `${DATE}T06:30:00Z`,
  dueAt: `${DATE}T07:30:00Z`,
  lateAt: `${DATE}T08:15:00Z`,
  closesAt: `${DATE}T09:30:00Z`,
});
const claim: Claim = {
  v: 1,
  step: "claim",
  kind: "missed",
  round: "morning",
  at: `${DATE}T09:30:00Z`,
  attempt: 1,
  claimedAt: `${DATE}T09:30:00Z`,
  doses: [
    dose(1, "med:1", "Apoquel 16 mg"),
    dose(2, "med:1", "Metronidazole 200 mg"),
    dose(1, "meal", "meal"),
  ],
};
/** Scout's (pet 1) or Milo's (pet 2) morning dose given at `given` by JS, entered from the paper chart at 13:04. */
const paper = (p: number, given: string) => paperDose(DATE, given, { bookingId: 990002, petId: p });

describe("a missed reply drawn again after a paper entry", () => {
  it("says who gave it and who entered it apart, with its off-time mark, as the post does", () => {
    const message = alertMessage(deps, claim, DATE, [paper(1, "06:00"), paper(2, "10:15")]);
    const text = JSON.stringify(message.blocks);
    expect(text).toContain(
      "(from the paper chart: given 06:00 by JS, entered 13:04 by Sam · ⏪ given before its window opened)",
    );
    expect(text).toContain(
      "(from the paper chart: given 10:15 by JS, entered 13:04 by Sam · ⏩ given after its window closed)",
    );
    expect(text).not.toContain("recorded 13:04 Sam");
  });

  it("a meal recorded after its window closed reads late, as a dose given after its window does", () => {
    const meal = lateMeal(DATE, { bookingId: 990002, petId: 1 });
    const text = JSON.stringify(alertMessage(deps, claim, DATE, [meal]).blocks);
    expect(text).toContain("(ate all 13:05 Sam · ⏩ recorded after its window closed)");
  });
});
