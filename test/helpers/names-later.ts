/**
 * A care record whose staff names Slack answers only later, after the commit (the look-up started,
 * never waited on): U0NIA is "Nia Obi" (`standing`: what Slack says she is, when not staff), anyone
 * else "Jane" (test/answers/given-by.test.ts, given-by-kept.test.ts).
 */
import { withStaffNames } from "../../src/answers/staff-names.ts";
import type { CareRecordStore } from "../../src/record/types.ts";

/** `real` as the bot wraps it; `answered()`: Slack answers, and the follow-ups it started are done. */
export function namesLater(real: CareRecordStore, standing?: "guest") {
  const work: Promise<void>[] = [];
  let answer = () => {};
  const answered = new Promise<void>((r) => {
    answer = r;
  });
  const names = {
    settledName: async (id: string) => {
      await answered;
      return id === "U0NIA" ? "Nia Obi" : "Jane";
    },
    settledStanding: async (id: string) => {
      await answered;
      return id === "U0NIA" ? standing : undefined;
    },
  };
  const store = withStaffNames(
    real,
    names,
    (w) => void work.push(w),
    () => {},
  );
  return {
    store,
    answered: async () => {
      answer();
      await Promise.all(work);
    },
  };
}
