/**
 * Medicine custody's refills and dates at the use case and on every view (issue 49), over the
 * sandbox's loopback HTTP and a real SQLite care record on an injected clock: "💊 More counted in…"
 * in another unit than the medicine's is refused with its unit, nothing written, the balance as it
 * was; a medicine counted in past its discard-by says "⚠️ past its discard-by (…)" on its pet's
 * medicines, its card and sheet, the stock, Home and the morning's post.
 */
import { describe, expect, it } from "vitest";
import { petMedicines, stockNow } from "../../src/answers/custody-stock.ts";
import { countIn } from "../../src/answers/custody-write.ts";
import { countInStart } from "../../src/domain/custody-rules.ts";
import { stockDoc } from "../../src/present/custody.ts";
import { petMedicineLines, petMedicinesDoc } from "../../src/present/custody-pet.ts";
import { medicinesHomeLines, medicinesPostDoc } from "../../src/present/custody-post.ts";
import { lineText } from "../../src/present/doc.ts";
import { addDays } from "../../src/time.ts";
import { otherUnitWords } from "../../src/words/custody.ts";
import { CUSTODY_DAY as DATE, medicatedMorning, useCustodyDay } from "./custody-day.ts";

const now = Date.parse(`${DATE}T07:40:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });
const TZ = "Europe/London";
const jane = { userId: "U0JANE", userName: "Jane" };

/** The morning's first two pets given a routine tablet, kept once for the file. */
let picked: ReturnType<typeof medicatedMorning> | undefined;
const pickTwo = () => {
  picked ??= medicatedMorning(house, 2, (i) => {
    const s = countInStart(i);
    return s.unit === "tablet" && !s.secondPerson && i.kind.kind !== "as_needed";
  });
  return picked;
};

describe("custody's refills and dates", () => {
  it("a refill in another unit than its medicine's is refused, its unit said; nothing written", async () => {
    const { deps, store } = house;
    const [p] = (await pickTwo()).pets;
    if (!p) throw new Error("no medicated pet");
    const at = { bookingId: p.pet.bookingId, petId: p.pet.petId, item: p.item.key };
    const label = {
      label: "Apoquel 16mg",
      ownerNameChecked: true,
      storage: "room",
      controlled: false,
    } as const;
    const first = await countIn(deps, {
      ...at,
      ...label,
      unit: "tablet",
      quantity: 87,
      by: jane,
      requestKey: "k-1",
    });
    expect(first.status).toBe("recorded");
    const before = (await store.log({ kind: "medicine_in", bookingId: at.bookingId })).length;
    const refill = await countIn(deps, {
      ...at,
      ...label,
      unit: "ml",
      quantity: 5,
      by: jane,
      requestKey: "k-2",
    });
    expect(refill).toEqual({
      status: "refused",
      why: "other_unit",
      held: { label: "Apoquel 16mg", unit: "tablet" },
    });
    expect(otherUnitWords("Apoquel 16mg", "tablet")).toBe(
      "Apoquel 16mg is counted in tablets: count the refill in tablets.",
    );
    expect((await store.log({ kind: "medicine_in", bookingId: at.bookingId })).length).toBe(before);
    const { held } = await petMedicines(deps, at.bookingId, at.petId);
    expect(held[0]?.medicine.balance).toBe(87);
    // In its own unit, a refill adds to the balance.
    const same = await countIn(deps, {
      ...at,
      ...label,
      unit: "tablet",
      quantity: 5,
      by: jane,
      requestKey: "k-3",
    });
    expect(same.status).toBe("recorded");
  });

  it("counted in past its discard-by: every view says it is past", async () => {
    const { deps } = house;
    const [, p] = (await pickTwo()).pets;
    if (!p) throw new Error("no medicated pet");
    const r = await countIn(deps, {
      bookingId: p.pet.bookingId,
      petId: p.pet.petId,
      item: p.item.key,
      label: "Piriton",
      unit: "tablet",
      quantity: 20,
      ownerNameChecked: true,
      expiry: addDays(DATE, -2),
      storage: "room",
      controlled: false,
      by: jane,
      requestKey: "k-past",
    });
    expect(r.status).toBe("recorded");
    const past = "⚠️ past its discard-by (Sat 21 Nov)";
    const { stay, held } = await petMedicines(deps, p.pet.bookingId, p.pet.petId);
    const text = (lines: Array<Array<{ text: string }>>) => lines.map(lineText).join("\n");
    expect(text(petMedicineLines(stay, held))).toContain(past);
    const view = JSON.stringify(petMedicinesDoc(stay, held, { petName: "Bobby", timezone: TZ }));
    expect(view).toContain(past);
    expect(view).not.toContain("discard by Sat 21 Nov");
    const stock = await stockNow(deps);
    expect(JSON.stringify(stockDoc(stock, TZ))).toContain(past);
    expect(text(medicinesHomeLines(stock, TZ))).toContain(`Piriton · ${past}`);
    expect(JSON.stringify(medicinesPostDoc(stock, TZ))).toContain(past);
  });
});
