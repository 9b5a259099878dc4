/**
 * What the welfare check's listeners share: the words a checker is told, where a button or form
 * names a pet on a kept list, and what follows a committed check (the flags it opened posted in
 * the post's thread, the message redrawn from the record, the checker told only when something
 * needs saying). Which flags a check opens is the answers' (src/answers/welfare.ts checkPet).
 */
import type { webApi } from "@slack/bolt";
import { locateOnList, type Located as OnList } from "../answers/welfare.ts";
import type { WelfareList } from "../answers/welfare-store.ts";
import { esc } from "../blocks/mrkdwn.ts";

/** "Evening welfare check, Tue 1 Dec" as "evening welfare check, Tue 1 Dec": the day's own capitals kept. */
const lowerFirst = (s: string) => `${s.charAt(0).toLowerCase()}${s.slice(1)}`;

import type { WelfareCheck } from "../domain/welfare.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import { checkName } from "../words/welfare.ts";
import type { BotDeps } from "./bot-deps.ts";
import type { Located } from "./interaction.ts";
import type { MessageRef } from "./record-round.ts";
import { NO_STORE, TAMPERED } from "./tapper-words.ts";
import type { WelfareRedraw } from "./welfare-redraw.ts";

type WebClient = webApi.WebClient;

const LATER_LIST = (list: Pick<WelfareList, "date">) =>
  `That is the welfare check for ${dayHeading(list.date)}: check on the day. Nothing was recorded.`;

export const FORGED_FORM =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded. Open it again from the post.";

/** "Jane checked it at 18:12" */
export const whoChecked = (c: Pick<WelfareCheck, "userName" | "recordedAt">, timezone: string) =>
  `${esc(c.userName)} checked it at ${timeOf(c.recordedAt, timezone)}`;

/** "Biscuit's evening welfare check", in mrkdwn: the pet's name from the kennel system escaped. */
export const checkOf = ({ list, pet }: ListPetFound) =>
  `${esc(pet.name)}'s ${lowerFirst(checkName(list.round, list.date))}`;

/** A pet on a kept list, found. */
export type ListPetFound = Extract<OnList, { ok: true }>;

/** The kept list and pet a button or form names, or why nothing is written. */
export function onList(what: string) {
  return async (
    deps: BotDeps,
    ref: { listId: number; bookingId: number; petId: number },
  ): Promise<Located<ListPetFound>> => {
    const found = await locateOnList(deps, ref);
    if (found.ok) return { ok: true, found };
    if (found.why === "no_store") return { ok: false, refusal: NO_STORE };
    if (found.why === "later" && found.list) return { ok: false, refusal: LATER_LIST(found.list) };
    return { ok: false, refusal: `🔒 ${TAMPERED}`, log: `refused ${what} naming no kept list or pet` };
  };
}

/**
 * After a check is committed (or found committed by this same request before): the flags it
 * opened, posted in the post's thread; the message redrawn; the checker told when the answer went
 * late or the post could not be updated; then the other posts showing the pet (an earlier round's,
 * whose check began the run) drawn again with the flag. `name`: the check, in mrkdwn (`checkOf`).
 */
export async function afterCheck(
  t: { client: WebClient; ack: { late: boolean }; tell(text: string): Promise<void> },
  redraw: WelfareRedraw,
  { list, pet }: ListPetFound,
  at: MessageRef,
  opened: WelfareFlag[],
  name: string,
): Promise<void> {
  await redraw.postFlags(t.client, opened, at);
  const updated = await redraw.redraw(t.client, list, pet.message, at);
  if (t.ack.late)
    await t.tell(`✅ Recorded: ${name}.${updated ? "" : " The post shows it at the next tap."}`);
  else if (!updated)
    await t.tell(
      `✅ Recorded for ${name}, but the post could not be updated just now; it will show it at the next tap.`,
    );
  for (const flag of opened) await redraw.flagChanged(t.client, flag, { ownMessage: false });
}
