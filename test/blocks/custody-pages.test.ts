/**
 * A pet's medicines and the stock past a Slack form's 100 blocks: in pages, every medicine on one of
 * them with every button it has (an as-needed medicine's 💊 Count in… too, the only way its arrival is
 * recorded), each page within Slack's limits, ◀ ▶ between them, the pages to act on named on each.
 */
import { describe, expect, it } from "vitest";
import type { StayCustody } from "../../src/answers/custody.ts";
import type { Stock } from "../../src/answers/custody-stock.ts";
import { custodyIn, custodyPage } from "../../src/blocks/buttons.ts";
import { petMedicinesView, stockView } from "../../src/blocks/custody.ts";
import { viewViolations } from "../../src/blocks/limits.ts";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { held } from "../helpers/custody-fixtures.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  houseMeals: { rounds: ["morning", "evening"], bySpecies: {} },
});
const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}w${i}`).join(" ");

type Shown = {
  type: string;
  block_id?: string;
  text?: { text?: string };
  elements?: Array<{ action_id: string; value: string; text: { text: string } }>;
  accessory?: { action_id: string; value: string; text: { text: string } };
};
type View = { blocks: unknown[] };

/** Every page of a view, from the first, following each page's "Page N ▶"; each checked against Slack's limits. */
function pagesFrom(draw: (page: number) => View): Shown[][] {
  const pages: Shown[][] = [];
  let page: number | undefined = 1;
  while (page !== undefined) {
    const view = draw(page);
    expect(viewViolations(view)).toEqual([]);
    const blocks = view.blocks as Shown[];
    pages.push(blocks);
    const next = blocks
      .find((b) => b.block_id === "custody_pages")
      ?.elements?.find((e) => e.text.text.endsWith("▶"));
    page = next ? custodyPage.read(next.value)?.page : undefined;
    expect(pages.length).toBeLessThan(20);
  }
  return pages;
}
const buttons = (blocks: Shown[]) =>
  blocks.flatMap((b) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]);
const texts = (blocks: Shown[]) => blocks.flatMap((b) => (b.text?.text ? [b.text.text] : []));

describe("a pet's medicines past a form's 100 blocks", () => {
  // Four medicines whose words fill a form, then an as-needed one: the plan keeps all five.
  const fields: Record<string, string> = { medication5: "Metacam 1.5mg/ml 0.5 ml if needed for pain" };
  for (const [k, f] of ["medication", "medication2", "medication3", "medication4"].entries())
    fields[f] = `${words(`d${k}x`, 10000)} 50mg once daily`;
  const plan = draftPlan(fields, CONTEXT);
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
  const draw = (page: number) =>
    petMedicinesView(() => "sealed", stay, [], { petName: "Pip", timezone: "Europe/London", page }) as View;

  it("in pages: every medicine's 💊 Count in…, the as-needed one's too, on one page, each page within the limits", () => {
    expect(plan.items.find((i) => i.key === "med:5")?.kind.kind).toBe("as_needed");
    const pages = pagesFrom(draw);
    expect(pages.length).toBeGreaterThan(1);
    const countIns = pages.flatMap((p) =>
      buttons(p).flatMap((b) => (b.text.text === "💊 Count in…" ? [custodyIn.read(b.value)?.item] : [])),
    );
    expect(countIns).toEqual(["med:1", "med:2", "med:3", "med:4", "med:5"]);
    // Every word of every medicine, on some page; each page saying which it is and that there are others.
    const all = pages.flatMap(texts).join(" ");
    const seen = new Set(all.match(/d\dxw\d+/g));
    for (const k of [0, 1, 2, 3])
      for (const w of words(`d${k}x`, 10000).split(" ")) expect(seen.has(w)).toBe(true);
    expect(all).toContain("Metacam");
    pages.forEach((p, k) => {
      expect(texts(p).join(" ")).toContain(`Page ${k + 1} of ${pages.length}`);
      expect(all).not.toContain("not shown here");
    });
    // ◀ on every page but the first, ▶ on every page but the last.
    const nav = pages.map((p) =>
      buttons(p.filter((b) => b.block_id === "custody_pages")).map((b) => b.text.text),
    );
    expect(nav[0]).toEqual(["Page 2 ▶"]);
    expect(nav.at(-1)).toEqual([`◀ Page ${pages.length - 1}`]);
  });

  it("drawn for a medicine just acted on: at the page now holding it, whichever page was asked for", () => {
    // Metacam counted in (then more of it): held medicines come first, so it is on page 1 now.
    const metacam = held(0, false);
    const m = metacam.medicine;
    m.first = { ...m.first, bookingId: 41, petId: 7, item: "med:5", label: "Metacam 1.5mg/ml", unit: "ml" };
    m.supplies = [m.first, { ...m.first, id: 60, seq: 60, quantity: 5 }];
    const counted: StayCustody = { ...stay, medicines: [m] };
    const at = (page: number, holding?: number) => {
      const sealedFor: Array<number | undefined> = [];
      const view = petMedicinesView(
        (g) => {
          sealedFor.push(g);
          return `sealed:${g}`;
        },
        counted,
        [metacam],
        { petName: "Pip", timezone: "Europe/London", page, holding },
      ) as View & { private_metadata: string };
      expect(viewViolations(view)).toEqual([]);
      expect(sealedFor).toHaveLength(1);
      return view;
    };
    const countOf = (v: View) =>
      buttons(v.blocks as Shown[]).find((b) => b.action_id === `custody_count:${m.first.id}`);
    const pages = pagesFrom((page) => at(page));
    const last = pages.length;
    expect(last).toBeGreaterThan(1);
    expect(countOf(at(last))).toBeUndefined();
    // By a later supply's id as by its first's: page 1, its head and its metadata saying so.
    for (const id of [60, m.first.id]) {
      const v = at(last, id);
      expect(countOf(v)).toBeDefined();
      expect(texts(v.blocks as Shown[]).join(" ")).toContain(`Page 1 of ${last}`);
      expect(v.private_metadata).toBe("sealed:1");
    }
    // A medicine on no page: the page asked for.
    const gone = at(last, 999);
    expect(texts(gone.blocks as Shown[]).join(" ")).toContain(`Page ${last} of ${last}`);
    expect(gone.private_metadata).toBe(`sealed:${last}`);
  });

  it("a page past the last draws the last; one form when all fit, with no page's words", () => {
    const pages = pagesFrom(draw);
    expect(draw(99)).toEqual(draw(pages.length));
    const short: StayCustody = {
      ...stay,
      plan: {
        ...(stay.plan as NonNullable<StayCustody["plan"]>),
        plan: draftPlan({ medication5: fields.medication5 as string }, CONTEXT),
      },
    };
    const one = petMedicinesView(() => "sealed", short, [], {
      petName: "Pip",
      timezone: "Europe/London",
    }) as View;
    expect(viewViolations(one)).toEqual([]);
    expect(texts(one.blocks as Shown[]).join(" ")).not.toContain("Page 1");
    expect(buttons(one.blocks as Shown[]).map((b) => b.text.text)).toEqual(["💊 Count in…"]);
  });
});

describe("the stock past a form's 100 blocks", () => {
  it("80 medicines in pages: each one's 🔢 Count… on one page, the pages to act on named on each", () => {
    const stock: Stock = {
      today: "2026-12-01",
      held: Array.from({ length: 80 }, (_, i) => held(i, i >= 70)),
      unread: [],
    };
    const pages = pagesFrom((page) => stockView(() => "sealed", stock, "Europe/London", { page }) as View);
    expect(pages.length).toBe(2);
    const counted = pages.flatMap((p) =>
      buttons(p).flatMap((b) => (b.text.text === "🔢 Count…" ? [b.action_id] : [])),
    );
    expect(counted).toEqual(Array.from({ length: 80 }, (_, i) => `custody_count:${i + 1}`));
    for (const p of pages) expect(texts(p).join(" ")).toContain("To act on: page 2.");
  });
});

describe("the stock drawn again after a form", () => {
  it("at the page now holding the medicine acted on, else the page asked for", () => {
    const stock: Stock = {
      today: "2026-12-01",
      held: Array.from({ length: 80 }, (_, i) => held(i, false)),
      unread: [],
    };
    const draw = (page: number, holding?: number) => {
      const view = stockView((g) => `sealed:${g}`, stock, "Europe/London", { page, holding }) as View & {
        private_metadata: string;
      };
      expect(viewViolations(view)).toEqual([]);
      const blocks = view.blocks as Shown[];
      return {
        head: texts(blocks).join(" "),
        counts: buttons(blocks).map((b) => b.action_id),
        sealed: view.private_metadata,
      };
    };
    const first = draw(1);
    expect(first.head).toContain("Page 1 of 2");
    expect(first.counts).toContain("custody_count:4");
    expect(first.counts).not.toContain("custody_count:80");
    const fromTwo = draw(2, 4);
    expect(fromTwo.head).toContain("Page 1 of 2");
    expect(fromTwo.counts).toContain("custody_count:4");
    expect(fromTwo.sealed).toBe("sealed:1");
    const fromOne = draw(1, 80);
    expect(fromOne.head).toContain("Page 2 of 2");
    expect(fromOne.counts).toContain("custody_count:80");
    expect(fromOne.sealed).toBe("sealed:2");
    expect(draw(2, 999)).toEqual(draw(2));
  });
});

describe("a medicine with more buttons than a row holds", () => {
  it("30 discrepancies open: a ✔️ Close discrepancy… for each, in rows of 25, within the limits", () => {
    const h = held(0, false);
    h.medicine.open = Array.from({ length: 30 }, (_, k) => ({
      id: 1000 + k,
      seq: 1000 + k,
      date: "2026-12-01",
      custodyId: 1,
      counted: 19,
      expected: 20,
      by: { userName: "Jane" },
      reason: "miscount" as const,
      at: "2026-12-01T09:00:00Z",
    }));
    const view = stockView(
      () => "sealed",
      { today: "2026-12-01", held: [h], unread: [] },
      "Europe/London",
    ) as View;
    expect(viewViolations(view)).toEqual([]);
    const closes = buttons(view.blocks as Shown[]).filter((b) =>
      b.text?.text?.startsWith("✔️ Close discrepancy: count −1 tablet, "),
    );
    expect(closes.map((b) => b.action_id)).toEqual(
      Array.from({ length: 30 }, (_, k) => `custody_close:${1000 + k}`),
    );
  });
});

describe("two discrepancies of one medicine", () => {
  it("each ✔️ Close discrepancy… says which: the count's or the hand-back's, its difference and when", () => {
    const h = held(0, false);
    const count = (id: number, counted: number, expected: number, at: string) => ({
      id,
      seq: id,
      date: "2026-12-02",
      custodyId: 1,
      counted,
      expected,
      by: { userName: "Jane" },
      reason: "miscount" as const,
      at,
    });
    const counted = count(501, 28, 30, "2026-12-02T13:02:00Z");
    const atHandBack = count(502, 20, 28, "2026-12-02T13:03:00Z");
    h.medicine.counts = [counted, atHandBack];
    h.medicine.open = [counted, atHandBack];
    h.medicine.handedBack = {
      id: 503,
      seq: 503,
      date: "2026-12-02",
      custodyId: 1,
      quantity: 20,
      to: "Mr Pugh",
      by: { userName: "Jane" },
      at: "2026-12-02T13:03:00Z",
    };
    const view = stockView(
      () => "sealed",
      { today: "2026-12-02", held: [h], unread: [] },
      "Europe/London",
    ) as View;
    const closes = buttons(view.blocks as Shown[])
      .filter((b) => b.action_id?.startsWith("custody_close:"))
      .map((b) => b.text.text);
    expect(closes).toEqual([
      "✔️ Close discrepancy: count −2 tablets, Wed 2 Dec, 13:02…",
      "✔️ Close discrepancy: hand-back −8 tablets, Wed 2 Dec, 13:03…",
    ]);
    expect(viewViolations(view)).toEqual([]);
  });
});
