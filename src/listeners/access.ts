/**
 * Who may see kennel data, and where: commands only in ALLOWED_CHANNELS (when set), and only for
 * full members of the app's own workspace (users.info). Refused: guest accounts (is_restricted,
 * is_ultra_restricted), Slack Connect outsiders (is_stranger, or a team_id other than the app's: a
 * user of another organisation), bots and app users, and deactivated accounts. Fails closed: if
 * Slack cannot tell us who is asking, no kennel data is shown.
 *
 * Staff seen before are known without asking Slack again (issue 48): what Slack said of each person
 * (a full member, or why not) and their name are kept in the store (care_staff) as they are seen —
 * a users.info, the start's look-up of the posting channels' members, Slack's `user_change` and
 * `team_join` events (an admin making someone a guest is known the moment Slack says so) — and read
 * back at start. So a member seen within TRUST_MS is admitted at once, a tap commits and acks
 * without waiting on Slack, and the person is looked up again after it when their verdict is older
 * than REFRESH_MS. A person never seen, a member not seen for longer than TRUST_MS, and anyone
 * refused before whose verdict is older than REFRESH_MS are looked up before anything is written:
 * guests and strangers are refused first, always. What nothing waits on (an as-needed dose's
 * follow-up, src/app/background.ts) asks `fresh`: Slack is asked now, whoever it is.
 */
import type { webApi } from "@slack/bolt";

type WebClient = webApi.WebClient;

import { withStaffNames } from "../answers/staff-names.ts";
import type { BotBase, Clock } from "../deps.ts";
import type { Logger } from "../log.ts";
import type { CareRecordStore, StaffMember } from "../record/types.ts";
import type { InFlight } from "./in-flight.ts";

/** An error's words for the log. */
const errOf = (error: unknown): string => String((error as Error)?.message ?? error);

/** `unconfirmed`: Slack did not answer (not a refusal of who the person is; asking later may admit). */
export type AccessResult = { ok: true } | { ok: false; message: string; unconfirmed?: true };

/** A verdict older than this is looked up again (after the ack, for a member). */
const REFRESH_MS = 10 * 60_000;
/** A member's verdict is trusted without asking Slack first for this long (events keep it current). */
const TRUST_MS = 24 * 60 * 60_000;
/** People held in memory (a kennel's staff are a few dozen; the oldest go first past this). */
const MAX_KNOWN = 5_000;

/** Where what Slack said is kept between starts (the care record's store). */
export interface StaffDirectory {
  staff(): Promise<StaffMember[]>;
  saveStaff(member: StaffMember): Promise<void>;
}

interface Known {
  refusal: Refusal | undefined;
  /** When Slack said it (ms). */
  at: number;
  name?: string | undefined;
}

export class Access {
  readonly #allowed: Set<string>;
  /** The channels the bot posts in itself (DIGEST_CHANNEL, ROUNDS_CHANNEL): their buttons are its own. */
  readonly #own: Set<string>;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #directory: StaffDirectory | undefined;
  readonly #known = new Map<string, Known>();
  /** Look-ups in flight, by user: a second check of the same person waits for the first. */
  readonly #asking = new Map<string, Promise<Known>>();
  /** Those Slack last answered it does not know (users.info's `user_not_found`: deleted, or never here). */
  readonly #notFound = new Set<string>();
  #loaded: Promise<void> | undefined;
  #workspace: Workspace | undefined;

  constructor(
    allowedChannels: string[],
    clock: Clock,
    log: Logger,
    ownChannels: string[] = [],
    directory?: StaffDirectory,
  ) {
    this.#allowed = new Set(allowedChannels);
    this.#own = new Set(ownChannels);
    this.#clock = clock;
    this.#log = log;
    this.#directory = directory;
  }

  /** The app's own workspace (auth.test's team_id and, in an Enterprise Grid, enterprise_id). */
  setWorkspace(workspace: Workspace): void {
    if (this.#workspace && this.#workspace.teamId !== workspace.teamId) this.#known.clear();
    this.#workspace = workspace;
  }

  /**
   * The staff seen before, read from the store once (at start; the first check waits for it). Those
   * seen for another workspace are left out. A store that cannot be read leaves everyone to Slack.
   */
  load(): Promise<void> {
    this.#loaded ??= (async () => {
      const rows = await this.#directory?.staff().catch((error: unknown) => {
        this.#log.warn({ err: errOf(error) }, "staff seen before not read: Slack is asked");
        return [];
      });
      const team = this.#workspace?.teamId ?? "";
      for (const r of rows ?? []) {
        if (r.team !== team || this.#known.has(r.userId)) continue;
        const at = Date.parse(r.checkedAt);
        if (Number.isFinite(at))
          this.#known.set(r.userId, {
            refusal: r.verdict === "member" ? undefined : r.verdict,
            at,
            name: r.name,
          });
      }
    })();
    return this.#loaded;
  }

  /**
   * What Slack says of a user (users.info, the channels' look-up at start, a user_change or team_join
   * event): known from now on, and kept in the store. Never throws.
   */
  seen(userId: string, user: SlackUserFacts): Known {
    const refusal = refusalOf(user, this.#workspace);
    const known: Known = { refusal, at: this.#clock.now().getTime(), name: nameOf(user) };
    const had = this.#known.get(userId);
    this.#known.delete(userId);
    this.#notFound.delete(userId);
    this.#known.set(userId, known);
    if (this.#known.size > MAX_KNOWN) this.#known.delete(this.#known.keys().next().value as string);
    // Kept in the store when it is news, or to say it was checked again (not at every look of a minute).
    const same = had && had.refusal === refusal && had.name === known.name && known.at - had.at < REFRESH_MS;
    if (!same) this.#keep(userId, known);
    return known;
  }

  #keep(userId: string, known: Known): void {
    this.#directory
      ?.saveStaff({
        userId,
        ...(known.name ? { name: known.name } : {}),
        verdict: known.refusal ?? "member",
        team: this.#workspace?.teamId ?? "",
        checkedAt: new Date(known.at).toISOString(),
      })
      .catch((error: unknown) =>
        this.#log.warn({ userId, err: errOf(error) }, "could not keep who a user is"),
      );
  }

  /** users.info for one user (one in flight per user), what it says kept. Throws when Slack does not say. */
  #ask(client: WebClient, userId: string): Promise<Known> {
    const asking = this.#asking.get(userId);
    if (asking) return asking;
    const ask = (async () => {
      const info = await client.users.info({ user: userId });
      const user = info.user as SlackUserFacts | undefined;
      if (!user) throw new Error("users.info returned no user");
      const known = this.seen(userId, user);
      if (known.refusal)
        this.#log.info({ userId, refusal: known.refusal }, "refused a user who is not a full member");
      return known;
    })().finally(() => this.#asking.delete(userId));
    this.#asking.set(userId, ask);
    return ask;
  }

  async check(
    client: WebClient,
    userId: string | undefined,
    channelId: string | undefined,
    where: { home?: boolean; button?: boolean; fresh?: boolean } = {},
  ): Promise<AccessResult> {
    const place = this.#place(channelId, where);
    if (place) return place;
    if (!userId)
      return { ok: false, message: "Kennel Desk could not tell who is asking, so it shows nothing." };
    await this.load();
    const now = this.#clock.now().getTime();
    let known = this.#known.get(userId);
    const age = known ? now - known.at : Number.POSITIVE_INFINITY;
    if (known && !known.refusal && age < TRUST_MS && !where.fresh) {
      // A member seen before: admitted now; looked up again after this answer when it is time.
      if (age > REFRESH_MS && !this.#asking.has(userId))
        this.#ask(client, userId).catch((error: unknown) =>
          this.#log.warn({ userId, err: errOf(error) }, "users.info failed (after the answer)"),
        );
      return { ok: true };
    }
    if (!known || age >= REFRESH_MS || where.fresh) {
      try {
        known = await this.#ask(client, userId);
      } catch (error) {
        this.#log.warn({ userId, err: errOf(error) }, "users.info failed; refusing");
        // Slack's "no such user" is an answer (refused); any other failure leaves the person unconfirmed.
        const notFound = (error as { data?: { error?: unknown } })?.data?.error === "user_not_found";
        if (notFound && this.#notFound.add(userId).size > MAX_KNOWN) this.#notFound.clear();
        const message =
          "Kennel Desk could not confirm your account with Slack just now, so it shows nothing. Try again in a minute.";
        return { ok: false, message, ...(notFound ? {} : { unconfirmed: true as const }) };
      }
    }
    return refusalWords(known.refusal);
  }

  /** ALLOWED_CHANNELS: refused where the setting does not allow asking, or undefined. */
  #place(
    channelId: string | undefined,
    where: { home?: boolean; button?: boolean },
  ): AccessResult | undefined {
    // The Home tab is the user's own, not a channel: ALLOWED_CHANNELS does not apply there. Nor
    // does it to the bot's own buttons where the bot posts (its posts' channels, and the DM with
    // the app where Home-tab lists are answered): the setting limits where people ask, not those.
    const ownButton =
      where.button === true &&
      channelId !== undefined &&
      (this.#own.has(channelId) || channelId.startsWith("D"));
    if (where.home || ownButton || this.#allowed.size === 0 || (channelId && this.#allowed.has(channelId)))
      return undefined;
    const allowed = [...this.#allowed].map((id) => `<#${id}>`).join(", ");
    return {
      ok: false,
      message: `Kennel Desk answers only in ${allowed}. Ask there, or ask whoever installed Kennel Desk to add this channel to ALLOWED_CHANNELS.`,
    };
  }

  /** The name Slack shows for a user (display name, else real name, else handle), as last read. */
  displayName(userId: string): string | undefined {
    return this.#known.get(userId)?.name;
  }

  /** What Slack last said of a user, never asking it: why they are refused (none: a member) and their name; undefined when never seen. */
  knownAs(userId: string): { refusal: Refusal | undefined; name: string | undefined } | undefined {
    const known = this.#known.get(userId);
    return known && { refusal: known.refusal, name: known.name };
  }

  /** Once a look-up of the user in flight has ended: why they are not staff (a dose's giver said so after the commit). */
  async settledStanding(userId: string): Promise<"guest" | "bot" | "other" | "unknown" | undefined> {
    await this.#asking.get(userId)?.catch(() => undefined);
    if (this.#notFound.has(userId)) return "unknown";
    const refusal = this.#known.get(userId)?.refusal;
    return refusal === "guest" || refusal === "bot" ? refusal : refusal ? "other" : undefined;
  }

  /** The name once a look-up of the user in flight (after the answer) has ended: what a follow-up compares. */
  async settledName(userId: string): Promise<string | undefined> {
    await this.#asking.get(userId)?.catch(() => undefined);
    return this.displayName(userId);
  }
}

/**
 * The bot's access check, knowing the staff seen before from the store, and the store its listeners
 * write through: each commit's name, and Slack's when it differs after the ack, a follow-up naming
 * the records (src/answers/staff-names.ts), held for shutdown.
 */
export function staffAccess(
  base: BotBase,
  ownChannels: string[],
  inflight: InFlight,
): { access: Access; record: CareRecordStore } {
  const access = new Access(base.config.allowedChannels, base.clock, base.log, ownChannels, base.record);
  const record = withStaffNames(
    base.record,
    access,
    (work) => void inflight.track(work),
    (error) => base.log.warn({ err: errOf(error) }, "could not record a name Slack gave after the commit"),
  );
  return { access, record };
}

/** The words for a refusal (or ok). */
function refusalWords(refusal: Refusal | undefined): AccessResult {
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
