/**
 * The preview's workspace (Slack's stand-in, users.info): Jane, the person at the page; a guest
 * account (the page's toggle); the bot; and the staff the seeds name, Sam and Alex, full members, so
 * a form asking for a second person (counting in or handing back a controlled or high-alert
 * medicine: the staff check, src/listeners/actions/custody-forms.ts) takes either of them, as the
 * docs' story has it. The page's `users_select` lists them (`workspacePeople`), as Slack's picker
 * lists a workspace's members.
 */
import { nameOrder } from "../words/order.ts";
import { PREVIEW_STAFF_NAME } from "./dose-seed.ts";
import type { SlackStandIn } from "./slack-standin.ts";

/** The staff the seeds name beside Jane (src/preview/dose-seed.ts, custody-seed.ts, plan-seed.ts). */
export const PREVIEW_STAFF = [
  { id: "U0PREVIEWSAM", name: "Sam" },
  { id: "U0PREVIEWALEX", name: "Alex" },
] as const;

/** Seats the workspace's people in the stand-in: Jane (`staff`), the guest account, the bot, Sam and Alex. */
export function seatPeople(
  slack: SlackStandIn,
  ids: { team: string; staff: string; guest: string; bot: string },
): void {
  const named = (name: string) => ({ real_name: name, profile: { display_name: name } });
  // The page's person is Jane, as Slack names one (users.info): her taps read "Jane", as the seed's.
  slack.users.set(ids.staff, { id: ids.staff, team_id: ids.team, ...named(PREVIEW_STAFF_NAME) });
  slack.users.set(ids.guest, { id: ids.guest, team_id: ids.team, is_restricted: true });
  slack.users.set(ids.bot, { id: ids.bot, team_id: ids.team, is_bot: true });
  for (const p of PREVIEW_STAFF) slack.users.set(p.id, { id: p.id, team_id: ids.team, ...named(p.name) });
}

/** A person the page's `users_select` offers: their id and the name Slack shows. */
export interface PickablePerson {
  id: string;
  name: string;
}

/** The workspace's people as Slack's user picker lists them (no bot, no one deactivated), by name. */
export function workspacePeople(slack: Pick<SlackStandIn, "users">): PickablePerson[] {
  return [...slack.users.values()]
    .filter((u) => !u.is_bot && !u.deleted)
    .map((u) => ({
      id: u.id,
      name: u.profile?.display_name || u.real_name || (u.is_restricted ? "a guest account" : u.id),
    }))
    .sort((a, b) => nameOrder(a.name, b.name));
}
