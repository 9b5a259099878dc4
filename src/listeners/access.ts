/**
 * Who may see kennel data, and where: commands only in ALLOWED_CHANNELS (when set), and only for
 * full members of the app's own workspace (users.info, cached). Refused: guest accounts
 * (is_restricted, is_ultra_restricted), Slack Connect outsiders (is_stranger, or a team_id other
 * than the app's: a user of another organisation), bots and app users, and deactivated accounts.
 * Fails closed: if Slack cannot tell us who is asking, no kennel data is shown.
 */
import type { webApi } from "@slack/bolt";

type WebClient = webApi.WebClient;

import type { Clock } from "../deps.ts";
import type { Logger } from "../log.ts";

export type AccessResult = { ok: true } | { ok: false; message: string };

const TTL_MS = 10 * 60_000;

export class Access {
  readonly #allowed: Set<string>;
  /** The channels the bot posts in itself (DIGEST_CHANNEL, ROUNDS_CHANNEL): their buttons are its own. */
  readonly #own: Set<string>;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #cache = new Map<
    string,
    { refusal: Refusal | undefined; until: number; name?: string | undefined }
  >();
  #workspace: Workspace | undefined;

  constructor(allowedChannels: string[], clock: Clock, log: Logger, ownChannels: string[] = []) {
    this.#allowed = new Set(allowedChannels);
    this.#own = new Set(ownChannels);
    this.#clock = clock;
    this.#log = log;
  }

  /** The app's own workspace (auth.test's team_id and, in an Enterprise Grid, enterprise_id). */
  setWorkspace(workspace: Workspace): void {
    this.#workspace = workspace;
    this.#cache.clear();
  }

  async check(
    client: WebClient,
    userId: string | undefined,
    channelId: string | undefined,
    where: { home?: boolean; button?: boolean } = {},
  ): Promise<AccessResult> {
    // The Home tab is the user's own, not a channel: ALLOWED_CHANNELS does not apply there. Nor
    // does it to the bot's own buttons where the bot posts (its posts' channels, and the DM with
    // the app where Home-tab lists are answered): the setting limits where people ask, not those.
    const ownButton =
      where.button === true &&
      channelId !== undefined &&
      (this.#own.has(channelId) || channelId.startsWith("D"));
    if (
      !where.home &&
      !ownButton &&
      this.#allowed.size > 0 &&
      (!channelId || !this.#allowed.has(channelId))
    ) {
      const where = [...this.#allowed].map((id) => `<#${id}>`).join(", ");
      return {
        ok: false,
        message: `Kennel Desk answers only in ${where}. Ask there, or ask whoever installed Kennel Desk to add this channel to ALLOWED_CHANNELS.`,
      };
    }
    if (!userId)
      return { ok: false, message: "Kennel Desk could not tell who is asking, so it shows nothing." };
    const now = this.#clock.now().getTime();
    const cached = this.#cache.get(userId);
    let refusal: Refusal | undefined;
    if (cached && cached.until > now) {
      refusal = cached.refusal;
    } else {
      try {
        const info = await client.users.info({ user: userId });
        const user = info.user as SlackUserFacts | undefined;
        if (!user) throw new Error("users.info returned no user");
        refusal = refusalOf(user, this.#workspace);
        if (refusal) this.#log.info({ userId, refusal }, "refused a user who is not a full member");
        this.#cache.set(userId, { refusal, until: now + TTL_MS, name: nameOf(user) });
        if (this.#cache.size > 5_000) this.#cache.delete(this.#cache.keys().next().value as string);
      } catch (error) {
        this.#log.warn(
          { userId, err: String((error as Error)?.message ?? error) },
          "users.info failed; refusing",
        );
        return {
          ok: false,
          message:
            "Kennel Desk could not confirm your account with Slack just now, so it shows nothing. Try again in a minute.",
        };
      }
    }
    if (refusal === "guest") {
      return {
        ok: false,
        message:
          "Kennel Desk is not available to guest accounts: it shows customers' and pets' details. Ask a member of staff.",
      };
    }
    if (refusal) {
      return {
        ok: false,
        message:
          "Kennel Desk answers only the members of this kennel's own Slack workspace: it shows customers' and pets' details. Ask a member of staff.",
      };
    }
    return { ok: true };
  }

  /** The name Slack shows for a user (display name, else real name, else handle), as last read. */
  displayName(userId: string): string | undefined {
    return this.#cache.get(userId)?.name;
  }
}

function nameOf(user: SlackUserFacts): string | undefined {
  const name = user.profile?.display_name?.trim() || user.real_name?.trim() || user.name?.trim();
  return name ? name.slice(0, 80) : undefined;
}

export interface Workspace {
  teamId: string;
  enterpriseId?: string | undefined;
}

type Refusal = "guest" | "outsider" | "other-team" | "bot" | "deactivated";

/** What users.info tells about a user, as far as access goes. */
export interface SlackUserFacts {
  team_id?: string;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  is_stranger?: boolean;
  is_bot?: boolean;
  is_app_user?: boolean;
  deleted?: boolean;
  enterprise_user?: { enterprise_id?: string; teams?: string[] };
  /** For the care record's "who": the names Slack shows. */
  name?: string;
  real_name?: string;
  profile?: { display_name?: string };
}

/**
 * Why this user may not see kennel data, or undefined for a full member. A user of another
 * workspace is refused unless the app's workspace is one of theirs in the same Enterprise Grid.
 * When the app's own workspace is not known, only users without a team_id pass the team rule.
 */
export function refusalOf(user: SlackUserFacts, workspace: Workspace | undefined): Refusal | undefined {
  if (user.is_restricted === true || user.is_ultra_restricted === true) return "guest";
  if (user.is_stranger === true) return "outsider";
  if (user.is_bot === true || user.is_app_user === true) return "bot";
  if (user.deleted === true) return "deactivated";
  // Slack always says which team a user belongs to; once the bot knows its own workspace (auth.test
  // at start), a user with no team, or another team, is not a full member: fail closed.
  if (workspace !== undefined && user.team_id === undefined) return "other-team";
  if (user.team_id !== undefined && user.team_id !== workspace?.teamId) {
    const grid = user.enterprise_user;
    const sameGrid =
      workspace?.enterpriseId !== undefined &&
      grid?.enterprise_id === workspace.enterpriseId &&
      grid.teams?.includes(workspace.teamId) === true;
    if (!sameGrid) return "other-team";
  }
  return undefined;
}
