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
 * A scheduled post's time (HH:MM, or unset / "off": never) that needs its channel set: set without
 * it, a problem naming both.
 */
function readPostTime(
  r: EnvReader,
  variable: "CHART_POST_AT" | "TOMORROW_TIME",
  channel: { name: string; id: string | undefined; what: string; example: string },
): string | undefined {
  const at = r.read(variable, { fallback: undefined, parse: optionalTime });
  if (at && !channel.id) {
    r.problems.push({
      variable,
      problem: `is set, but ${channel.name} is not: ${channel.what} posted in ${channel.name}.`,
      fix: `Set ${channel.name} to ${channel.example} (C0123ABCD), or remove ${variable}.`,
    });
  }
  return at;
}

/** CHART_POST_AT: when tomorrow's medication charts are posted the evening before (issue 50), in ROUNDS_CHANNEL. */
export const readChartPostAt = (r: EnvReader, roundsChannel: string | undefined) =>
  readPostTime(r, "CHART_POST_AT", {
    name: "ROUNDS_CHANNEL",
    id: roundsChannel,
    what: "tomorrow's charts are",
    example: "the rounds channel's id",
  });

/** TOMORROW_TIME: when tomorrow's check is posted, in DIGEST_CHANNEL. */
export const readTomorrowTime = (r: EnvReader, digestChannel: string | undefined) =>
  readPostTime(r, "TOMORROW_TIME", {
    name: "DIGEST_CHANNEL",
    id: digestChannel,
    what: "tomorrow's check is",
    example: "the front desk's channel id",
  });
