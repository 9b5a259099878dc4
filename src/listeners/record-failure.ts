/** The words a tap or form is answered with when the care record could not take what it wrote. */
import { describeFailure } from "../answers/failure.ts";
import { esc } from "../blocks/mrkdwn.ts";
import { isStoreError } from "../record/errors.ts";

/**
 * The words for a failure to record: "Could not record: … try again"; when the disk failed as the
 * entry was saved, that it may or may not be kept.
 */
export function couldNotRecord(error: unknown): string {
  const f = describeFailure(error);
  if (isStoreError(error) && error.problem === "uncertain")
    return `⚠️ Not sure it was recorded: ${esc(f.what)} ${esc(f.whatToDo)}`;
  const what = f.kind === "unexpected" ? "the care record did not answer." : esc(f.what);
  return `⚠️ Could not record: ${what} Nothing was written; try again.${f.kind === "unexpected" ? "" : ` ${esc(f.whatToDo)}`}`;
}
