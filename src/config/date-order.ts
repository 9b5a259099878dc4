/**
 * KENNEL_DATE_ORDER: how a date written with slashes or dots (24/12, 12/24, 24.12.2026) is read,
 * day first (dmy) or month first (mdy). Unset, it follows the kennel's time zone: America/… (and
 * Pacific/Honolulu, a US state) month first; everywhere else (Europe/…, Africa/…, Asia/…,
 * Australia/…, UTC) day first.
 */
import { bad, type Check, ok } from "./reader.ts";

export type DateOrder = "dmy" | "mdy";

/** The date order most kennels in this time zone write. */
export function zoneDateOrder(timezone: string): DateOrder {
  return timezone.startsWith("America/") || timezone === "Pacific/Honolulu" ? "mdy" : "dmy";
}

export function parseDateOrder(value: string): Check<DateOrder> {
  const v = value.toLowerCase();
  if (v === "dmy" || v === "mdy") return ok(v);
  return bad(
    `"${value}" is not a date order.`,
    "Use dmy (24/12 is 24 December: day first) or mdy (12/24 is December 24: month first), or leave it unset to follow KENNEL_TIMEZONE.",
  );
}

/** "day first (24/12 is 24 December)" or "month first (12/24 is December 24)". */
export function dateOrderWords(order: DateOrder): string {
  return order === "dmy" ? "day first (24/12 is 24 December)" : "month first (12/24 is December 24)";
}
