/**
 * What the welfare check's listeners share: the words a checker is told, and what follows a
 * committed check (the flags it opened posted in the post's thread, the message redrawn from the
 * record, the checker told only when something needs saying).
 */
import type { webApi } from "@slack/bolt";
import { raiseFlags } from "../answers/welfare-flags.ts";
import type { ListPet, WelfareList } from "../answers/welfare-store.ts";
import { esc } from "../blocks/mrkdwn.ts";
import { abnormalSigns, type WelfareCheck } from "../domain/welfare.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import type { BotDeps } from "./bot-deps.ts";
import type { MessageRef } from "./record-round.ts";
import type { WelfareRedraw } from "./welfare-redraw.ts";

type WebClient = webApi.WebClient;

export const LATER_LIST = (list: Pick<WelfareList, "date">) =>
  `That is the welfare check for ${dayHeading(list.date)}: check on the day. Nothing was recorded.`;

export const FORGED_FORM =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded. Open it again from the post.";

/** "Jane checked it at 18:12" */
export const whoChecked = (c: Pick<WelfareCheck, "userName" | "recordedAt">, timezone: string) =>
  `${esc(c.userName)} checked it at ${timeOf(c.recordedAt, timezone)}`;

/**
 * After a check is committed (or found committed by this same request before): the flags it opens,
 * posted in the post's thread; the message redrawn; the checker told when the answer went late or
 * the post could not be updated.
 */
export async function afterCheck(
  deps: BotDeps,
  client: WebClient,
  redraw: WelfareRedraw,
  list: WelfareList,
  pet: ListPet,
  ref: MessageRef,
  check: WelfareCheck,
  recorded: boolean,
  o: { late: boolean; tell: (text: string) => Promise<void>; name: string },
): Promise<void> {
  // A check with something seen may open a flag; one all normal cannot (its signs end every run).
  if (recorded && abnormalSigns(check.values).length > 0) {
    try {
      const rooms = new Map([[`${pet.bookingId}|${pet.petId}`, pet.room]]);
      const opened = await raiseFlags(deps, list.date, { petId: pet.petId, rooms });
      await redraw.postFlags(client, opened, ref);
    } catch (error) {
      // The check is committed; its flag opens at the next check or post (logged, never lost).
      deps.log.warn(
        { err: String((error as Error)?.message ?? error), petId: pet.petId },
        "welfare flags not raised",
      );
    }
  }
  const updated = await redraw.redraw(client, list, pet.message, ref);
  if (o.late)
    return await o.tell(
      `✅ Recorded: ${esc(o.name)}.${updated ? "" : " The post shows it at the next tap."}`,
    );
  if (!updated)
    await o.tell(
      `✅ Recorded for ${esc(o.name)}, but the post could not be updated just now; it will show it at the next tap.`,
    );
}
