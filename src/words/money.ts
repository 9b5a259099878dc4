/** Money and status in words: distinct from care's symbols. */
import type { Payment } from "../domain/bookings.ts";

const MONEY: Record<Payment, { symbol: string; text: string; loud: string }> = {
  paid: { symbol: "✅", text: "paid", loud: "paid" },
  unpaid: { symbol: "🔴", text: "unpaid", loud: "UNPAID" },
  part_paid: { symbol: "🟠", text: "part-paid, balance due", loud: "PART-PAID, balance due" },
  unknown: { symbol: "❔", text: "payment not recorded", loud: "payment not recorded" },
  // Recorded, but its value could not be read: never "not recorded".
  not_read: {
    symbol: "❔",
    text: "payment could not be read: check in the kennel system",
    loud: "payment could not be read: check in the kennel system",
  },
};

/** "✅ paid", "🔴 unpaid" ("🔴 UNPAID" when loud: departures, where the money is taken). */
export function paymentWords(p: Payment, loud = false): string {
  const m = MONEY[p];
  return `${m.symbol} ${loud ? m.loud : m.text}`;
}
