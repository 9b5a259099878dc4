/**
 * Settings that no longer apply: each said at start in one line (never a reason not to start), with
 * what replaced it.
 */

/** ROUND_CHECK_AFTER: the round check it timed is replaced by the dose times' late and missed replies (issue 35). */
export function retiredNotices(env: Record<string, string | undefined>): string[] {
  if (env.ROUND_CHECK_AFTER === undefined || env.ROUND_CHECK_AFTER.trim() === "") return [];
  return [
    "ROUND_CHECK_AFTER no longer applies: the round check is replaced by a reply for each dose not recorded, when it turns late (DOSE_LATE_AFTER, default 45 minutes after the round's time) and when its window closes, missed (DOSE_WINDOW_AFTER, default 120; DOSE_WINDOW_AFTER_HIGH_ALERT, default 30). Remove ROUND_CHECK_AFTER from the settings; ROUND_CHECK_MENTION still names who those replies mention.",
  ];
}
