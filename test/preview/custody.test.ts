/**
 * The preview's medicine custody (issue 49), without a browser: `npm start` with no settings has
 * medicines counted in, one that runs out
 * before its pet goes home, named in the morning's medicines post in the page's channel, and one
 * count's discrepancy open.
 */
import { expect, it } from "vitest";
import { stockNow } from "../../src/answers/custody-stock.ts";
import { PREVIEW_CHANNEL } from "../../src/preview/server.ts";
import { usePreview } from "../helpers/preview.ts";

const preview = usePreview();

it("has medicines counted in, one running out before its pet goes home, and one discrepancy open", async () => {
  const store = preview().record.store;
  const ins = await store.log({ kind: "medicine_in" });
  expect(ins.length).toBe(3);
  const deps = { ...preview().bot.deps, record: store };
  const stock = await stockNow(deps);
  expect(stock.held).toHaveLength(3);
  expect(stock.held.filter((h) => h.runway?.status === "short")).toHaveLength(1);
  expect(stock.held.filter((h) => h.medicine.open.length === 1)).toHaveLength(1);
  expect(stock.held.every((h) => h.medicine.balance !== undefined)).toBe(true);
  // The morning's medicines post, in the page's channel: the supply short of check-out, the discrepancy.
  await preview().slack.waitFor(
    () =>
      preview().slack.timeline.some(
        (m) => m.channel === PREVIEW_CHANNEL && JSON.stringify(m.blocks).includes("Medicines to act on"),
      ),
    20_000,
  );
  const post = preview().slack.timeline.find(
    (m) => m.channel === PREVIEW_CHANNEL && JSON.stringify(m.blocks).includes("Medicines to act on"),
  );
  const words = JSON.stringify(post?.blocks);
  expect(words).toMatch(
    /runs out [A-Z][a-z]{2} \d+ [A-Z][a-z]{2}, (?:morning|midday|evening) dose; [^"]* goes home [^"]*: call the owner \(\d+ doses? short\)/,
  );
  expect(words).toContain("not known yet: being looked into: The count is one dose short of the balance");
});
