/**
 * The record forms' "Given by (if not you)" read (src/answers/given-by.ts): the person chosen, as
 * Kennel Desk knows them now, never waiting on Slack before the commit (issue 48). A guest account,
 * a bot or app, or anyone else who is not a full member Slack said so of is refused at the field,
 * nothing written. A person never seen is kept by id: their look-up starts now, not waited on, and
 * the name it gives names the entries after the ack (src/answers/staff-names.ts), as does Slack's
 * word that they are not staff, or that it knows no such person (users.info's `user_not_found`: a
 * deleted account, or one never in the workspace); the recorder is then told privately. Choosing oneself is kept as
 * the giver chosen: no giver of another, and a correction carries none.
 */
import type { webApi } from "@slack/bolt";
import type { Giver } from "../../answers/given-by.ts";
import type { FormValues } from "../../blocks/modal.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { GIVEN_BY } from "../../blocks/record-modal.ts";
import {
  type GiverNotStaff,
  type GiverRefusal,
  giverNotStaffWords,
  giverRefusedWords,
} from "../../words/giver.ts";
import type { BotDeps } from "../bot-deps.ts";

/** Slack's later word on a giver never seen: not one of the kennel's staff (why, and their name as Slack gave it). */
type NotStaff = { why: GiverNotStaff; name: string };

export type GiverRead =
  | {
      ok: true;
      /** The giver chosen; the person recording when they chose themself (a correction then carries no other). */
      giver?: Giver | undefined;
      /** A giver never seen: what Slack says of them after the look-up (undefined: a member, or no answer). */
      notStaff?: Promise<NotStaff | undefined> | undefined;
    }
  | { ok: false; errors: Record<string, string> };

const refusalOf = (refusal: string): GiverRefusal =>
  refusal === "guest" ? "guest" : refusal === "bot" ? "bot" : "other";

/** The giver a submitted record form names, checked; none when left empty. */
export function readGiver(
  deps: Pick<BotDeps, "access" | "log">,
  client: webApi.WebClient,
  recorder: string,
  values: FormValues,
): GiverRead {
  const userId = values[GIVEN_BY]?.user?.selected_user ?? undefined;
  if (!userId) return { ok: true };
  if (userId === recorder) return { ok: true, giver: { userId } };
  const known = deps.access.knownAs(userId);
  if (known?.refusal)
    return { ok: false, errors: { [GIVEN_BY]: giverRefusedWords(refusalOf(known.refusal)) } };
  const giver = { userId, ...(known?.name ? { name: known.name } : {}) };
  if (known) return { ok: true, giver };
  // Never seen: asked of Slack now, not waited on (its name follows the commit, its verdict kept:
  // a guest, a bot or an outsider is said so after the ack, src/answers/staff-names.ts).
  const notStaff = deps.access
    .check(client, userId, undefined, { home: true })
    .then((r): NotStaff | undefined => {
      if (r.ok) return undefined;
      const now = deps.access.knownAs(userId);
      deps.log.warn({ userId }, "a dose's giver chosen on a record form is not a full member");
      if (now?.refusal) return { why: refusalOf(now.refusal), name: now.name ?? userId };
      // Refused with no verdict and not for want of an answer: Slack said it knows no such person.
      return r.unconfirmed ? undefined : { why: "unknown", name: userId };
    });
  return { ok: true, giver, notStaff };
}

/**
 * After the commit: when Slack says the giver chosen (never seen before) is not staff, the person
 * who recorded is told so privately; the entry stays as written (its `staff_name` follow-up says it).
 */
export function tellIfNotStaff(
  deps: Pick<BotDeps, "log">,
  read: GiverRead,
  recorded: boolean,
  tell: (text: string) => Promise<void>,
): void {
  if (!read.ok || !read.notStaff || !recorded) return;
  read.notStaff
    .then((n) => (n ? tell(giverNotStaffWords(esc(n.name), n.why)) : undefined))
    .catch((error: unknown) =>
      deps.log.warn(
        { err: String((error as Error)?.message ?? error) },
        "could not tell of a giver not staff",
      ),
    );
}
