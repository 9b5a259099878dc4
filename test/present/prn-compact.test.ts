/**
 * A pet's as-needed doses on a round message short of room: counted in a few words, but a
 * high-alert dose awaiting its witness is shown whole (its drug, who gave it, until when) beside
 * its 👀 Witnessed button, never a count alone.
 */
import { expect, it } from "vitest";
import type { PrnDose } from "../../src/domain/prn.ts";
import { prnCompactLines } from "../../src/present/prn.ts";
import { docText } from "../../src/text/doc.ts";

const dose = (id: number, o: Partial<PrnDose>): PrnDose => ({
  id,
  date: "2026-11-22",
  bookingId: 1,
  petId: 2,
  userId: "U0JANE",
  userName: "Jane",
  item: "med:4",
  label: "Piriton 4mg",
  itemText: "Piriton 4mg PRN",
  reason: "scratching",
  givenAt: "2026-11-22T09:10:00Z",
  recordedAt: "2026-11-22T09:10:00Z",
  ...o,
});

const words = (doses: PrnDose[]) =>
  docText(
    { fallback: "", parts: [{ kind: "text", lines: prnCompactLines(doses, "UTC", "2026-11-22") }] },
    { color: false, timezone: "UTC", thisYear: "2026" },
  );

it("counts the doses, and shows whole the one awaiting its witness", () => {
  const text = words([
    dose(1, {}),
    dose(2, {
      label: "Tramadol 50mg",
      reason: "limping",
      givenAt: "2026-11-22T12:00:00Z",
      highAlert: true,
      witness: { state: "awaiting", until: "2026-11-22T12:15:00Z" },
    }),
  ]);
  expect(text).toContain("💊 2 as needed, 2 awaiting effect");
  expect(text).toContain("Tramadol 50mg given 12:00 by Jane for limping · 💉 awaiting a witness until 12:15");
  expect(text).not.toContain("Piriton 4mg given");
});

it("nothing awaiting a witness: the count alone; no dose, nothing", () => {
  expect(words([dose(1, {})]).trim()).toBe("💊 1 as needed, 1 awaiting effect");
  expect(prnCompactLines([], "UTC")).toEqual([]);
});
