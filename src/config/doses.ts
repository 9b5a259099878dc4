/**
 * Dose times' settings (issue 35; docs/configuration.md), in minutes around each round's time:
 * DOSE_WINDOW_BEFORE (60) and DOSE_WINDOW_AFTER (120), the window a dose may be given in;
 * DOSE_WINDOW_AFTER_HIGH_ALERT (30), the same for insulin and the other high-alert drugs;
 * DOSE_LATE_AFTER (45), from when a dose not recorded is late (before the window closes);
 * PRN_FOLLOW_UP (60), when an as-needed dose's giver is asked its effect; and ROUND_ESCALATE_MENTION,
 * a person's or a user group's id also mentioned when a high-alert dose is late.
 */
import { mentionId, minutesSetting } from "./parsers.ts";
import type { EnvReader } from "./reader.ts";
import type { DoseSettings } from "./types.ts";

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
