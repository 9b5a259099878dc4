/**
 * A pet's medicines and the stock whose words fill a view's 250 kB before its 100 blocks (names and
 * instructions of thousands of characters, `&`, emoji and Japanese in them): in pages by size as well
 * as by blocks, each page within every limit Slack has (its size in all too), every medicine whole on
 * some page with its buttons. A page holds fewer medicines; none is cut.
 */
import { describe, expect, it } from "vitest";
import type { StayCustody } from "../../src/answers/custody.ts";
import type { Stock } from "../../src/answers/custody-stock.ts";
import { custodyPage } from "../../src/blocks/buttons.ts";
import { petMedicinesView, stockView } from "../../src/blocks/custody.ts";
import { LIMITS, viewBytes, viewViolations } from "../../src/blocks/limits.ts";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { MEDICATION_FIELDS } from "../../src/kennel/schemas.ts";
import { held } from "../helpers/custody-fixtures.ts";
import { heavyText, heavyWords, shownWords, wordsShown } from "../helpers/heavy-words.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  houseMeals: { rounds: ["morning", "evening"], bySpecies: {} },
});

type Button = { action_id: string; value: string; text: { text: string } };
type Shown = { block_id?: string; elements?: Button[]; accessory?: Button };
type View = { blocks: unknown[] };

/** Every page of a view, from the first, following each page's "Page N ▶"; each within every limit of Slack's. */
function pagesFrom(draw: (page: number) => View): unknown[][] {
  const pages: unknown[][] = [];
  let page: number | undefined = 1;
  while (page !== undefined) {
    const view = draw(page);
    expect(viewViolations(view)).toEqual([]);
    expect(viewBytes(view)).toBeLessThanOrEqual(LIMITS.viewBytes);
    pages.push(view.blocks);
    const next = (view.blocks as Shown[])
      .find((b) => b.block_id === "custody_pages")
      ?.elements?.find((e) => e.text.text.endsWith("▶"));
    page = next ? custodyPage.read(next.value)?.page : undefined;
    expect(pages.length).toBeLessThan(30);
  }
  return pages;
}
const buttons = (blocks: unknown[]) =>
  (blocks as Shown[]).flatMap((b) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]);
/** Is every word of `words` shown on some page (escaped once)? */
const allShown = (pages: unknown[][], words: string[]) => {
  const seen = new Set(pages.flatMap((p) => [...wordsShown(p)]));
  return shownWords(words).filter((w) => !seen.has(w));
};

describe("a pet's medicines past a view's 250 kB", () => {
  // Twelve medicines counted in, each named in 2,900 characters; a plan of five medications whose
  // morning, midday and evening instructions run to 9,000 characters each.
  const fields: Record<string, string> = {};
  const planWords: string[] = [];
  MEDICATION_FIELDS.forEach((slot, k) => {
    slot.forEach((field, j) => {
      const w = heavyWords(`m${k}${j}x`, 9000);
      planWords.push(...w);
      fields[field] = j === 0 ? `${w.join(" ")} 50mg once daily` : w.join(" ");
    });
  });
  const plan = draftPlan(fields, CONTEXT);
  const labels = Array.from({ length: 12 }, (_, i) => heavyWords(`L${i}x`, 2900));
  const meds = labels.map((label, i) => {
    const h = held(i, i % 3 === 0);
    h.medicine.first = { ...h.medicine.first, bookingId: 41, petId: 7, label: label.join(" ") };
    h.medicine.supplies = [h.medicine.first];
    return h;
  });
  const stay: StayCustody = {
    bookingId: 41,
    petId: 7,
    medicines: [],
    plan: {
      id: 1,
      plan,
      recordedAt: "2026-12-05T10:00:00Z",
      seq: 1,
      kennel: "k",
      date: "2026-12-05",
      petName: "Pip",
    },
  };
  const petName = heavyText("P", 1900);
  const draw = (page: number) =>
    petMedicinesView(() => "sealed", stay, meds, { petName, timezone: "Europe/London", page }) as View;

  it("in pages within 250 kB each: every medicine whole with its 🔢 Count…, every word of the plan on some page", () => {
    const pages = pagesFrom(draw);
    expect(pages.length).toBeGreaterThan(1);
    // Fewer than 100 blocks on a full page: the size turned it.
    expect(Math.min(...pages.slice(0, -1).map((p) => p.length))).toBeLessThan(LIMITS.viewBlocks - 5);
    for (const label of labels) expect(allShown(pages, label)).toEqual([]);
    expect(allShown(pages, planWords)).toEqual([]);
    const counts = pages.flatMap((p) =>
      buttons(p).flatMap((b) => (b.text.text === "🔢 Count…" ? [b.action_id] : [])),
    );
    expect(counts).toEqual(meds.map((h) => `custody_count:${h.medicine.first.id}`));
  });
});

describe("the stock past a view's 250 kB", () => {
  it("80 medicines named in 2,900 characters, each for a pet named in 1,900: in pages within 250 kB, each whole", () => {
    const labels = Array.from({ length: 80 }, (_, i) => heavyWords(`S${i}x`, 2900));
    const stock: Stock = {
      today: "2026-12-01",
      held: labels.map((label, i) => {
        const h = held(i, i % 4 === 0);
        h.medicine.first = { ...h.medicine.first, label: label.join(" ") };
        h.medicine.supplies = [h.medicine.first];
        h.medicine.petName = heavyText(`N${i}x`, 1900);
        return h;
      }),
      unread: [],
    };
    const pages = pagesFrom((page) => stockView(() => "sealed", stock, "Europe/London", { page }) as View);
    expect(Math.min(...pages.slice(0, -1).map((p) => p.length))).toBeLessThan(LIMITS.viewBlocks - 5);
    for (const label of labels) expect(allShown(pages, label)).toEqual([]);
    const counted = pages.flatMap((p) =>
      buttons(p).flatMap((b) => (b.text.text === "🔢 Count…" ? [b.action_id] : [])),
    );
    expect(counted).toEqual(Array.from({ length: 80 }, (_, i) => `custody_count:${i + 1}`));
  });
});
