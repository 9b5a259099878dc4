/**
 * The record forms' "Given by (if not you)" read (src/answers/given-by.ts): the person chosen, as
 * Kennel Desk knows them (issue 48). A guest account, a bot or app, or anyone else who is not a full
 * member Slack said so of is refused at the field, nothing written. A person never seen is asked of
 * Slack before the commit, a second at most (GIVER_LOOKUP_MS, the form's 3 s kept): a guest, a bot,
 * an outsider or someone Slack does not know (users.info's `user_not_found`: a deleted account, or
 * one never in the workspace) is refused at the field too, a member named. When Slack does not answer
 * in time they are kept by id: the name it gives names the entries after the ack
 * (src/answers/staff-names.ts), as does its word that they are not staff; the recorder is then told
 * privately. Choosing oneself is kept as
 * the giver chosen: no giver of another, and a correction carries none.
 */
import type { webApi } from "@slack/bolt";
import { type Giver, withGivers, withPrnGivers } from "../../answers/given-by.ts";
import { followedUp } from "../../answers/staff-names.ts";
import type { FormValues } from "../../blocks/modal.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { GIVEN_BY } from "../../blocks/record-modal.ts";
import type { PrnDose } from "../../domain/prn.ts";
import type { Entry } from "../../record/types.ts";
import { within } from "../../within.ts";
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

/** How long a giver never seen is asked of Slack before the commit (the form's 3 s kept): past it, kept by id. */
const GIVER_LOOKUP_MS = 1_000;

const refused = (why: GiverRefusal | "unknown"): GiverRead => ({
  ok: false,
  errors: { [GIVEN_BY]: giverRefusedWords(why) },
});

/** A giver Kennel Desk knows (seen before, or just now): refused at the field when not staff, else named. */
function ofKnown(
  userId: string,
  known: { refusal?: string | undefined; name?: string | undefined },
): GiverRead {
  if (known.refusal) return refused(refusalOf(known.refusal));
  return { ok: true, giver: { userId, ...(known.name ? { name: known.name } : {}) } };
}

/**
 * The giver a submitted record form names, checked; none when left empty. One never seen is asked of
 * Slack first, for `waitMs` at most: a guest, a bot or someone Slack does not know is refused at the
 * field, a member named; no answer in time keeps them by id (named and checked after the commit).
 */
export async function readGiver(
  deps: Pick<BotDeps, "access" | "log">,
  client: webApi.WebClient,
  recorder: string,
  values: FormValues,
  waitMs = GIVER_LOOKUP_MS,
): Promise<GiverRead> {
  const userId = values[GIVEN_BY]?.user?.selected_user ?? undefined;
  if (!userId) return { ok: true };
  if (userId === recorder) return { ok: true, giver: { userId } };
  const known = deps.access.knownAs(userId);
  if (known) return ofKnown(userId, known);
  const lookup = deps.access.check(client, userId, undefined, { home: true });
  const answer = await within(lookup, waitMs);
  if (answer && (answer.ok || !answer.unconfirmed)) {
    const now = deps.access.knownAs(userId);
    if (!answer.ok) deps.log.warn({ userId }, "a dose's giver chosen on a record form is not a full member");
    // Refused with no verdict kept and not for want of an answer: Slack said it knows no such person.
    return now ? ofKnown(userId, now) : answer.ok ? { ok: true, giver: { userId } } : refused("unknown");
  }
  // No answer in time: kept by id, Slack's answer awaited after the commit (its name follows it, its
  // verdict kept: a guest, a bot or an outsider is said so after the ack, src/answers/staff-names.ts).
  const notStaff = lookup.then((r): NotStaff | undefined => {
    if (r.ok) return undefined;
    const now = deps.access.knownAs(userId);
    deps.log.warn({ userId }, "a dose's giver chosen on a record form is not a full member");
    if (now?.refusal) return { why: refusalOf(now.refusal), name: now.name ?? userId };
    return r.unconfirmed ? undefined : { why: "unknown", name: userId };
  });
  return { ok: true, giver: { userId }, notStaff };
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

/** How long the private confirmation waits for the name of a giver kept by id (Slack slow before the commit). */
const CONFIRM_NAME_MS = 3_000;
/** How long what was drawn with a giver not yet named waits for Slack's name to be drawn again. */
const NAMED_LATER_MS = 60_000;

/** A giver kept by id alone whose name may yet come (not one Slack said is not staff). */
const awaited = (g: Entry["givenBy"]) => Boolean(g?.unnamed && !g.notStaff && g.userId);

/** What a form wrote: its round entries, and the doses given if needed on it. */
export interface WrittenGiven {
  entries: Entry[];
  doses?: PrnDose[] | undefined;
}

/**
 * The entries and doses given if needed just written whose giver was kept by id alone (Slack did
 * not answer in time before the commit), read again once Slack has named them or said they are not
 * staff (the `staff_name` follow-ups written: src/answers/staff-names.ts `followedUp`, no polling):
 * true then, within `ms`; false when none was unnamed, or no name is coming (Slack gave none) or not
 * in time. Their `givenBy` is set in place.
 */
export async function givenNamed(
  deps: Pick<BotDeps, "record">,
  written: WrittenGiven,
  ms: number,
): Promise<boolean> {
  const unnamed = written.entries.filter((e) => awaited(e.givenBy));
  const doses = (written.doses ?? []).filter((d) => awaited(d.givenBy));
  const all = [...unnamed, ...doses];
  const days = all.map((e) => e.date).sort();
  const [from, to] = [days[0], days.at(-1)];
  if (!from || !to) return false;
  const ids = [...new Set(all.map((e) => e.givenBy?.userId as string))];
  // Each giver's follow-up ends once Slack has answered (its look-up settled) and what it said is written.
  const done = await within(Promise.all(ids.map((id) => followedUp(deps.record, id))), ms);
  if (done === undefined) return false;
  if (unnamed.length) await withGivers(deps.record, unnamed, { from, to });
  if (doses.length) await withPrnGivers(deps.record, doses);
  return !all.some((e) => awaited(e.givenBy));
}

/** A Home tab being drawn as the commit lands may have read the record just after it: drawn again too. */
const HOME_DRAWING_MS = 10_000;

/**
 * After a commit that may have kept a giver by id (Slack slow before it), the one path every form
 * naming a giver takes: the private confirmation waits for the name, CONFIRM_NAME_MS at most (the
 * entries' and doses' `givenBy` then set in place); a name that comes later draws again what was
 * drawn without it (`drawAgain`: the posts holding the pet). A name that comes at all, in time or
 * not, draws again once each Home tab drawn since the commit (src/listeners/home-tabs.ts): it may
 * say "someone not yet named (U…)". Once for the name's arrival, never per entry.
 */
export async function confirmNamed(
  deps: Pick<BotDeps, "access" | "record" | "clock" | "home" | "log">,
  client: webApi.WebClient,
  written: WrittenGiven,
  drawAgain: () => Promise<unknown>,
): Promise<void> {
  const since = deps.clock.now().getTime() - HOME_DRAWING_MS;
  const naming = givenNamed(deps, written, NAMED_LATER_MS);
  const named = await within(naming, CONFIRM_NAME_MS);
  void naming
    .then(async (ok) => {
      if (!ok) return;
      if (named === undefined) await drawAgain();
      await deps.home?.redraw(client, since);
    })
    .catch((error: unknown) =>
      deps.log.warn(
        { err: String((error as Error)?.message ?? error) },
        "could not draw a giver's name again",
      ),
    );
}
