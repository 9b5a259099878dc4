/**
 * Who can read the channel posts. The bot refuses guest accounts in commands and buttons
 * (access.ts), but a post in a channel is shown by Slack to every member of that channel, guests
 * included. So at start the bot looks up the members of the channels it posts in (DIGEST_CHANNEL,
 * ROUNDS_CHANNEL): conversations.members, paged, then users.info for each member, both bounded;
 * it logs a warning for each channel with a guest account (or a user from outside the workspace)
 * and `/kennel status` says so. It never blocks start-up: a look-up that fails is logged, not fatal.
 */
import type { webApi } from "@slack/bolt";
import type { Config } from "../config.ts";
import { plural } from "../domain/text.ts";
import type { Logger } from "../log.ts";
import { type Access, refusalOf, type SlackUserFacts, type Workspace } from "./access.ts";

type WebClient = webApi.WebClient;

/** Members read per channel: 10 pages of 200. */
const MAX_PAGES = 10;
const PAGE_SIZE = 200;
/** users.info look-ups per start, across the channels (Slack allows about 100 a minute). */
const MAX_LOOKUPS = 500;
/** users.info look-ups in flight at once. */
const IN_FLIGHT = 4;

/** One channel the bot posts in, and who is in it. */
export interface ChannelAudience {
  channel: string;
  /** The settings that send posts there: DIGEST_CHANNEL, ROUNDS_CHANNEL. */
  settings: string[];
  /** Members listed by Slack (at most MAX_PAGES pages). */
  members: number;
  /** Members looked up with users.info. */
  checked: number;
  /** Guest accounts (multi- and single-channel guests). */
  guests: string[];
  /** Slack Connect outsiders and users of another workspace. */
  outsiders: string[];
  /** Set when the look-up failed: what Slack said, in words. */
  problem: string | undefined;
}

/** The channels the posts go to, each with the settings that name it. */
function postChannels(config: Pick<Config, "digest" | "rounds">): Array<{
  channel: string;
  settings: string[];
}> {
  const out = new Map<string, string[]>();
  const add = (channel: string | undefined, setting: string) => {
    if (channel) out.set(channel, [...(out.get(channel) ?? []), setting]);
  };
  add(config.digest?.channel, "DIGEST_CHANNEL");
  add(config.rounds.channel, "ROUNDS_CHANNEL");
  return [...out].map(([channel, settings]) => ({ channel, settings }));
}

/** What Slack's error means here, and what to do. */
function problemWords(error: unknown): string {
  const code = (error as { data?: { error?: string } })?.data?.error;
  if (code === "missing_scope")
    return "the app lacks the channels:read and groups:read scopes (add them in the app's OAuth & Permissions, or from manifest.yml, and reinstall)";
  if (code === "not_in_channel" || code === "channel_not_found")
    return "the bot is not in that channel (invite it: the posts need it too)";
  return code ?? String((error as Error)?.message ?? error).slice(0, 200);
}

export class ChannelGuests {
  readonly #log: Logger;
  readonly #channels: Array<{ channel: string; settings: string[] }>;
  readonly #access: Pick<Access, "seen"> | undefined;
  #state: "not_checked" | "checking" | "checked" = "not_checked";
  #audiences: ChannelAudience[] = [];

  /** `access`: keeps each member looked up (staff seen before, known after a restart). */
  constructor(config: Pick<Config, "digest" | "rounds">, log: Logger, access?: Pick<Access, "seen">) {
    this.#log = log;
    this.#channels = postChannels(config);
    this.#access = access;
  }

  /** What was found, channel by channel (empty until checked). */
  get audiences(): readonly ChannelAudience[] {
    return this.#audiences;
  }

  /**
   * Looks up every posting channel's members and logs what it finds. Never throws: a failure is
   * logged and said by `describe()`.
   */
  async check(client: WebClient, workspace: Workspace | undefined): Promise<void> {
    if (this.#channels.length === 0) return;
    this.#state = "checking";
    const lookups = { left: MAX_LOOKUPS };
    const audiences: ChannelAudience[] = [];
    for (const { channel, settings } of this.#channels) {
      const audience: ChannelAudience = {
        channel,
        settings,
        members: 0,
        checked: 0,
        guests: [],
        outsiders: [],
        problem: undefined,
      };
      try {
        const members = await membersOf(client, channel);
        audience.members = members.length;
        await this.#classify(client, members, workspace, audience, lookups);
      } catch (error) {
        audience.problem = problemWords(error);
      }
      audiences.push(audience);
      this.#logAudience(audience);
    }
    this.#audiences = audiences;
    this.#state = "checked";
  }

  async #classify(
    client: WebClient,
    members: string[],
    workspace: Workspace | undefined,
    audience: ChannelAudience,
    lookups: { left: number },
  ): Promise<void> {
    const queue = members.slice(0, Math.max(0, lookups.left));
    lookups.left -= queue.length;
    let failure: unknown;
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        try {
          const info = await client.users.info({ user: id });
          if (info.user) this.#access?.seen(id, info.user as SlackUserFacts);
          const refusal = refusalOf((info.user ?? {}) as SlackUserFacts, workspace);
          audience.checked++;
          if (refusal === "guest") audience.guests.push(id);
          else if (refusal === "outsider" || refusal === "other-team") audience.outsiders.push(id);
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    if (failure !== undefined && audience.checked < members.length)
      audience.problem = `some members could not be looked up: ${problemWords(failure)}`;
  }

  #logAudience(a: ChannelAudience): void {
    const where = `channel ${a.channel} (${a.settings.join(", ")})`;
    if (a.guests.length || a.outsiders.length) {
      this.#log.warn(
        {
          channel: a.channel,
          guests: a.guests.length,
          outsiders: a.outsiders.length,
          users: [...a.guests, ...a.outsiders].slice(0, 20),
        },
        `${where}: ${readersWords(a)} can read every post there (Slack shows a channel's posts to all its members). Remove them from the channel, or post in a channel without guests.`,
      );
    }
    if (a.problem) {
      this.#log.warn(
        { channel: a.channel, problem: a.problem },
        `could not check who can read the posts in ${where}: ${a.problem}`,
      );
    } else if (!a.guests.length && !a.outsiders.length) {
      this.#log.info(
        { channel: a.channel, members: a.members, checked: a.checked },
        `${where}: no guest accounts among the members`,
      );
    }
    if (a.checked < a.members && !a.problem) {
      this.#log.info(
        { channel: a.channel, members: a.members, checked: a.checked },
        `${where}: checked ${a.checked} of ${a.members} members (the look-up is bounded)`,
      );
    }
  }

  /** For /kennel status: who can read the posts, in words; undefined when the bot posts nowhere. */
  describe(): string | undefined {
    if (this.#channels.length === 0) return undefined;
    if (this.#state !== "checked") return "who can read the posts' channels is being checked (at start)";
    return this.#audiences
      .map((a) => {
        const where = `channel ${a.channel} (${a.settings.join(", ")})`;
        const part = a.checked < a.members ? `, ${a.checked} of ${plural(a.members, "member")} checked` : "";
        if (a.guests.length || a.outsiders.length) {
          return `⚠️ ${where}: ${readersWords(a)} can read every post there. Remove them from the channel, or post in a channel without guests${part}.`;
        }
        if (a.problem) return `${where}: could not check its members: ${a.problem}.`;
        return a.members === 0
          ? `${where}: no members found${part} (checked at start): check that the bot is in the channel.`
          : `${where}: no guest accounts among its ${plural(a.members, "member")}${part} (checked at start).`;
      })
      .join(" ");
  }
}

/** "2 guest accounts and 1 user from outside the workspace" */
function readersWords(a: ChannelAudience): string {
  return [
    a.guests.length ? plural(a.guests.length, "guest account") : "",
    a.outsiders.length
      ? plural(a.outsiders.length, "user from outside the workspace", "users from outside the workspace")
      : "",
  ]
    .filter(Boolean)
    .join(" and ");
}

/** A channel's member ids: conversations.members, every page up to MAX_PAGES. */
async function membersOf(client: WebClient, channel: string): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await client.conversations.members({
      channel,
      limit: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    out.push(...(page.members ?? []));
    cursor = page.response_metadata?.next_cursor || undefined;
    if (!cursor) break;
  }
  return out;
}
