/** Dates and times as the front desk reads them, in the kennel's time zone: plain text for every surface. */

const cache = new Map<string, Intl.DateTimeFormat>();

function fmt(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
}

/** "09:30" in the zone; "" when absent or unreadable. */
export function timeOf(iso: string | undefined, timeZone: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return fmt(timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
}

/** "Mon 24 Nov" for a calendar date (YYYY-MM-DD). */
export function dayHeading(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  const parts = fmt("UTC", { weekday: "short", day: "numeric", month: "short" }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("weekday")} ${get("day")} ${get("month")}`;
}

/** "Mon 24 Nov, 09:30" for an instant in the zone (with the year when not `thisYear`). */
export function dateTimeOf(iso: string | undefined, timeZone: string, thisYear?: string): string {
  if (!iso) return "not recorded";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "not recorded";
  const parts = fmt(timeZone, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  const year = get("year") === thisYear ? "" : ` ${get("year")}`;
  return `${get("weekday")} ${get("day")} ${get("month")}${year}, ${get("hour")}:${get("minute")}`;
}

/** "Mon 24 Nov" (with the year when not `thisYear`) for the local date of an instant. */
export function dayOf(iso: string | undefined, timeZone: string, thisYear?: string): string {
  if (!iso) return "not recorded";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "not recorded";
  const parts = fmt(timeZone, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  const year = get("year") === thisYear ? "" : ` ${get("year")}`;
  return `${get("weekday")} ${get("day")} ${get("month")}${year}`;
}
