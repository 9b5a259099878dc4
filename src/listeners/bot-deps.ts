/** What every listener is given: the common deps, plus the access check, the shutdown tracker and
 * the state of the link to Slack. */
import type { BotBase } from "../deps.ts";
import type { PrnFollowUps } from "../digest/prn-follow-up.ts";
import type { Round } from "../domain/care.ts";
import type { SlackConnection } from "../slack/connection.ts";
import type { Pacer } from "../slack/pace.ts";
import type { Seal } from "../slack/seal.ts";
import type { Access } from "./access.ts";
import type { ChannelGuests } from "./channel-guests.ts";
import type { HomeTabs } from "./home-tabs.ts";
import type { InFlight } from "./in-flight.ts";

export interface BotDeps extends BotBase {
  access: Access;
  inflight: InFlight;
  /** Seals the modals' private_metadata (src/slack/seal.ts): a form whose seal does not match is refused. */
  seal: Seal;
  /** Slack's pace per channel (src/slack/pace.ts): an answer posted as a thread waits its turn. */
  pace?: Pacer;
  /** After this long without an answer, "Looking up…" is shown. Default 1500 ms. */
  loadingAfterMs: number;
  /**
   * Socket Mode connected, reconnecting since when, the last error (for /kennel status). Set by
   * createBot; absent where listeners run without a bot (unit tests).
   */
  slack?: SlackConnection;
  /** Who can read the posts' channels (guest accounts among the members), for /kennel status. */
  channelGuests?: ChannelGuests;
  /**
   * What follows each committed round entry (the name is the round check's, which it once edited):
   * the dose times' late and missed replies edited (src/digest/dose-alert-editor.ts), and the
   * welfare flags meals open (src/digest/welfare-meals.ts); absent when there is no bot around the
   * listeners, or nothing to follow.
   */
  roundCheck?: { changed(date: string, round: Round): Promise<void> };
  /**
   * The follow-ups of as-needed doses (src/digest/prn-follow-up.ts), told when a dose is recorded so
   * it wakes for it; absent where listeners run without a bot.
   */
  prnFollowUps?: Pick<PrnFollowUps, "changed" | "runOnce">;
  /**
   * Whose Home tab was drawn and when (src/listeners/home-tabs.ts): a giver Slack names after the
   * commit draws again the tabs drawn meanwhile; absent where listeners run without a bot.
   */
  home?: HomeTabs;
}
