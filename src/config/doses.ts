/**
 * Dose times' settings (issue 35; docs/configuration.md), in minutes around each round's time:
 * DOSE_WINDOW_BEFORE (60) and DOSE_WINDOW_AFTER (120), the window a dose may be given in;
 * DOSE_WINDOW_AFTER_HIGH_ALERT (30), the same for insulin and the other high-alert drugs;
 * DOSE_LATE_AFTER (45), from when a dose not recorded is late (before the window closes);
 * PRN_FOLLOW_UP (60), when an as-needed dose's giver is asked its effect; and ROUND_ESCALATE_MENTION,
 * a person's or a user group's id also mentioned when a high-alert dose is late. And medicine
 * custody's (issue 49): MEDICINE_COUNT_EVERY (7), the most days between two counts of a controlled
 * medicine; MEDICINE_COUNT_AT, the handovers' times at which it is counted too (unset: none); MEDICINE_MANAGERS, the people (Slack member ids) who close a count's discrepancy (unset:
 * any member of staff but the one who counted).
 */
import { mentionId, minutesSetting, optionalTime } from "./parsers.ts";
import { bad, type Check, clockTime, type EnvReader, ok, wholeNumber } from "./reader.ts";
import type { DoseSettings, MedicineSettings } from "./types.ts";

export function readDoses(r: EnvReader): DoseSettings {
  const before = r.read("DOSE_WINDOW_BEFORE", { fallback: 60, parse: minutesSetting });
  const after = r.read("DOSE_WINDOW_AFTER", { fallback: 120, parse: minutesSetting });
  const afterHigh = r.read("DOSE_WINDOW_AFTER_HIGH_ALERT", { fallback: 30, parse: minutesSetting });
  const late = r.read("DOSE_LATE_AFTER", { fallback: 45, parse: minutesSetting });
  const prn = r.read("PRN_FOLLOW_UP", { fallback: 60, parse: minutesSetting });
  const escalate = r.read("ROUND_ESCALATE_MENTION", { fallback: undefined, parse: mentionId });
  if (late >= after) {
    r.problems.push({
      variable: "DOSE_LATE_AFTER",
      problem: `is ${late} minutes, not before the window closes (DOSE_WINDOW_AFTER, ${after} minutes): a dose would be missed before it is late.`,
      fix: "Set DOSE_LATE_AFTER below DOSE_WINDOW_AFTER, for example 45 and 120 (the defaults).",
    });
  }
  return {
    beforeMinutes: before,
    afterMinutes: after,
    highAlertAfterMinutes: afterHigh,
    lateAfterMinutes: late,
    prnFollowUpMinutes: prn,
    escalateMention: escalate,
  };
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

/** MEDICINE_COUNT_AT: the handovers' times of day, comma-separated ("07:30, 19:30"), at most six. */
function handoverTimes(value: string): Check<string[]> {
  const parts = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const times = parts.map(clockTime);
  if (parts.length > 0 && parts.length <= 6 && times.every((t) => t !== undefined))
    return ok([...new Set(times as string[])].sort());
  return bad(
    `"${value.slice(0, 60)}" is not a list of handover times.`,
    "Give each handover's time HH:MM, comma-separated, at most six: for example MEDICINE_COUNT_AT=07:30,19:30.",
  );
}

export function readMedicines(r: EnvReader): MedicineSettings {
  const countEveryDays = r.read("MEDICINE_COUNT_EVERY", {
    fallback: 7,
    parse: wholeNumber(1, 90, "Use a number of days, for example 7 (a count at least weekly)."),
  });
  const countAt = r.read("MEDICINE_COUNT_AT", { fallback: [] as string[], parse: handoverTimes });
  const managers = r.read("MEDICINE_MANAGERS", { fallback: [] as string[], parse: memberIds });
  return { countEveryDays, countAt, managers };
}

/**
 * CHART_POST_AT: when tomorrow's medication charts are posted the evening before (issue 50), in
 * ROUNDS_CHANNEL; undefined (unset or "off"): never. Set without ROUNDS_CHANNEL, a problem.
 */
export function readChartPostAt(r: EnvReader, roundsChannel: string | undefined): string | undefined {
  const at = r.read("CHART_POST_AT", { fallback: undefined, parse: optionalTime });
  if (at && !roundsChannel) {
    r.problems.push({
      variable: "CHART_POST_AT",
      problem: "is set, but ROUNDS_CHANNEL is not: tomorrow's charts are posted in ROUNDS_CHANNEL.",
      fix: "Set ROUNDS_CHANNEL to the rounds channel's id (C0123ABCD), or remove CHART_POST_AT.",
    });
  }
  return at;
}

/** TOMORROW_TIME: when tomorrow's check is posted, in DIGEST_CHANNEL; undefined: never. Set without DIGEST_CHANNEL, a problem. */
export function readTomorrowTime(r: EnvReader, digestChannel: string | undefined): string | undefined {
  const at = r.read("TOMORROW_TIME", { fallback: undefined, parse: optionalTime });
  if (at && !digestChannel) {
    r.problems.push({
      variable: "TOMORROW_TIME",
      problem: "is set, but DIGEST_CHANNEL is not: tomorrow's check is posted in DIGEST_CHANNEL.",
      fix: "Set DIGEST_CHANNEL to the front desk's channel id (C0123ABCD), or remove TOMORROW_TIME.",
    });
  }
  return at;
}
