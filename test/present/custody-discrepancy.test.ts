/**
 * A discrepancy open names both people who counted it, as the register does ("Jane · witness Tom"):
 * on `kennel-desk stock`, Home and Slack's views (a vet's try found the second person left out).
 */
import { expect, it } from "vitest";
import { openDiscrepancyLines } from "../../src/present/custody.ts";
import { lineText } from "../../src/present/doc.ts";
import { held } from "../helpers/custody-fixtures.ts";

it("a discrepancy's line names who counted it and the second person", () => {
  const { medicine } = held(1, false);
  const count = {
    id: 5,
    seq: 5,
    date: "2026-12-02",
    custodyId: medicine.first.id,
    counted: 18,
    expected: 20,
    by: { userId: "U0JANE", userName: "Jane" },
    witness: { userId: "U0ALEX", userName: "Alex" },
    reason: "dropped_or_spilled" as const,
    note: "dropped",
    at: "2026-12-02T09:00:00Z",
  };
  const m = { ...medicine, counts: [count], open: [count] };
  const [l] = openDiscrepancyLines(m, "Europe/London").map(lineText);
  expect(l).toMatch(/: dropped · Jane · witness Alex$/);
  // None needed (not controlled, not high-alert): who counted it alone.
  const alone = { ...count, witness: undefined };
  const [one] = openDiscrepancyLines({ ...m, open: [alone] }, "Europe/London").map(lineText);
  expect(one).toMatch(/: dropped · Jane$/);
});
