/** A round's "👀 Witnessed" button names the dose, cut with "…" when long (never cut silently). */
import { describe, expect, it } from "vitest";
import type { SheetPet } from "../../src/answers/sheets.ts";
import { petBlocks } from "../../src/blocks/round-pet.ts";
import type { Block } from "../../src/blocks/types.ts";
import type { PetRoundStatus } from "../../src/domain/record.ts";
import { petButtons } from "../../src/present/round-sheet.ts";
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
    const pet = { bookingId: 1, petId: 2, due, oneTap: true, name: "Sugar", message: 0 } as SheetPet;
    const buttons = petButtons(pet, { due, current } as PetRoundStatus, { witnesses: new Map(), now });
    expect(buttons.map((b) => b.kind)).toEqual(["all", "each", "witness"]);
    const blocks = petBlocks("1-2", [[{ text: "Sugar" }]], [], buttons, 7);
    const actions = blocks.at(-1) as Extract<Block, { type: "actions" }>;
    const witness = actions.elements.at(-1);
    expect(witness?.text.text).toMatch(/^👀 Witnessed: Caninsulin 40 IU\/ml, 6 units.*…$/);
    expect(witness?.text.text.length).toBeLessThanOrEqual(54);
    expect(JSON.parse(witness?.value ?? "{}")).toEqual({ s: 7, b: 1, p: 2, e: 1 });
  });

  it("a high-alert drug's every-other-day line, recorded from Record each: its witness asked as a due dose's", () => {
    const byDays = [{ ...(due[0] as (typeof due)[0]), days: "some_days" as const, words: "EOD" }];
    const pet = {
      bookingId: 1,
      petId: 2,
      due: [],
      byDays,
      oneTap: false,
      name: "Sugar",
      message: 0,
    } as SheetPet;
    const status = { due: [], current } as unknown as PetRoundStatus;
    const buttons = petButtons(pet, status, { witnesses: new Map(), now });
    expect(buttons.map((b) => b.kind)).toEqual(["each", "witness"]);
  });
});
