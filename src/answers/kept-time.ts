/**
 * What "✏️ Record each…"'s time question shows first for doses recorded already (src/answers/late-entry.ts
 * timeQuestion): their one time, so a change that keeps the outcome (a note added) keeps it.
 */
import { localDate } from "../time.ts";
import { timeOf } from "../words/dates.ts";

/**
 * The time the form shows first when every dose it asks is recorded given or refused at the same
 * minute: that minute, in the kennel's zone. A dose not recorded yet, or two times, show none (a time
 * shown first would be kept as when a new dose happened).
 */
export function keptTime(
  closed: ReadonlyArray<{ recorded?: true | undefined; keptAt?: string | undefined }>,
  timezone: string,
): { kept?: { date: string; time: string } } {
  const at = closed.map((c) => (c.recorded && c.keptAt ? c.keptAt : undefined));
  const said = new Set(at.map((a) => (a ? `${localDate(a, timezone)} ${timeOf(a, timezone)}` : "")));
  const [one] = [...said];
  if (said.size !== 1 || !one) return {};
  const [date = "", time = ""] = one.split(" ");
  return { kept: { date, time } };
}
