/** A round's "👀 Witnessed" button names the dose, cut with "…" when long (never cut silently). */
import { describe, expect, it } from "vitest";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { witnessButtons } from "../../src/blocks/round-pet.ts";
import type { PetRoundStatus } from "../../src/domain/record.ts";
import type { Entry, ItemKey } from "../../src/record/types.ts";

describe("the witness button", () => {
  const now = "2026-11-24T08:10:00.000Z";
  const due = [
    {
      item: "med:1" as const,
      label: "Caninsulin 40 IU/ml, 6 units with the morning meal",
      text: "",
      highAlert: true,
    },
  ];
  const current = new Map<ItemKey, Entry>([
    ["med:1", { id: 1, item: "med:1", outcome: "given", recordedAt: "2026-11-24T08:00:00.000Z" } as Entry],
  ]);
  it("its button says which dose, cut with '…' when long", () => {
    const [b] =
      witnessButtons(
        { id: 7 } as Sheet,
        { bookingId: 1, petId: 2 } as SheetPet,
        { due, current } as PetRoundStatus,
        { witnesses: new Map(), now },
      ) ?? [];
    expect(b?.label).toMatch(/^Caninsulin 40 IU\/ml, 6 units.*…$/);
    expect(Array.from(b?.label ?? "").length).toBeLessThanOrEqual(40);
  });
});
