/**
 * Medicine custody's settings (issue 49; docs/configuration.md): MEDICINE_COUNT_EVERY (7), the most
 * days between two counts of a controlled medicine; MEDICINE_MANAGERS, the people (Slack member ids,
 * comma-separated) who close a count's discrepancy (unset: any member of staff but the one who counted).
 */

import type { EnvReader } from "./reader.ts";
import { bad, type Check, ok, wholeNumber } from "./reader.ts";

export interface MedicineSettings {
  countEveryDays: number;
  /** Who may close a discrepancy; empty: anyone but who counted it. */
  managers: string[];
}

function memberIds(value: string): Check<string[]> {
  const ids = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const wrong = ids.filter((id) => !/^[UW][A-Z0-9]{2,}$/.test(id));
  if (wrong.length === 0) return ok(ids);
  return bad(
    `${wrong.map((w) => `"${w.slice(0, 40)}"`).join(", ")} ${wrong.length === 1 ? "is not a member id" : "are not member ids"}.`,
    "Use member ids such as U0123ABCD, separated by commas (in Slack: the person's profile, ⋮, Copy member ID).",
  );
}

export function readMedicines(r: EnvReader): MedicineSettings {
  const countEveryDays = r.read("MEDICINE_COUNT_EVERY", {
    fallback: 7,
    parse: wholeNumber(1, 90, "Use a number of days, for example 7 (a count at least weekly)."),
  });
  const managers = r.read("MEDICINE_MANAGERS", { fallback: [] as string[], parse: memberIds });
  return { countEveryDays, managers };
}
