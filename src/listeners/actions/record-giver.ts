/**
 * The record forms' "Given by (if not you)" read (src/answers/given-by.ts): the person chosen, as
 * Kennel Desk knows them now, never waiting on Slack before the commit (issue 48). A guest account,
 * a bot or app, or anyone else who is not a full member Slack said so of is refused at the field,
 * nothing written. A person never seen is kept by id: their look-up starts now, not waited on, and
 * the name it gives names the entries after the ack (src/answers/staff-names.ts). Choosing oneself
 * is no giver of another.
 */
import type { webApi } from "@slack/bolt";
import type { Giver } from "../../answers/given-by.ts";
import type { FormValues } from "../../blocks/modal.ts";
import { GIVEN_BY } from "../../blocks/record-modal.ts";
import { type GiverRefusal, giverRefusedWords } from "../../words/giver.ts";
import type { BotDeps } from "../bot-deps.ts";

export type GiverRead =
  | { ok: true; giver?: Giver | undefined }
  | { ok: false; errors: Record<string, string> };

const refusalOf = (refusal: string): GiverRefusal =>
  refusal === "guest" ? "guest" : refusal === "bot" ? "bot" : "other";

/** The giver a submitted record form names, checked; none when left empty or the person recording chose themself. */
export function readGiver(
  deps: Pick<BotDeps, "access" | "log">,
  client: webApi.WebClient,
  recorder: string,
  values: FormValues,
): GiverRead {
  const userId = values[GIVEN_BY]?.user?.selected_user ?? undefined;
  if (!userId || userId === recorder) return { ok: true };
  const known = deps.access.knownAs(userId);
  if (known?.refusal)
    return { ok: false, errors: { [GIVEN_BY]: giverRefusedWords(refusalOf(known.refusal)) } };
  if (!known)
    // Never seen: asked of Slack now, not waited on (its name follows the commit, its verdict kept).
    void deps.access.check(client, userId, undefined, { home: true }).then((r) => {
      if (!r.ok) deps.log.warn({ userId }, "a dose's giver chosen on a record form is not a full member");
    });
  return { ok: true, giver: { userId, ...(known?.name ? { name: known.name } : {}) } };
}
