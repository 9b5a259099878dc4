/**
 * Who may see kennel data, and where: commands only in ALLOWED_CHANNELS (when set), and never for
 * guest accounts (is_restricted or is_ultra_restricted, from users.info, cached). Fails closed: if
 * Slack cannot tell us who is asking, no kennel data is shown.
 */
import type { webApi } from "@slack/bolt";

type WebClient = webApi.WebClient;

import type { Clock } from "../deps.ts";
import type { Logger } from "../log.ts";

export type AccessResult = { ok: true } | { ok: false; message: string };

const TTL_MS = 10 * 60_000;

export class Access {
  readonly #allowed: Set<string>;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #cache = new Map<string, { guest: boolean; until: number }>();

  constructor(allowedChannels: string[], clock: Clock, log: Logger) {
    this.#allowed = new Set(allowedChannels);
    this.#clock = clock;
    this.#log = log;
  }

  async check(
    client: WebClient,
    userId: string | undefined,
    channelId: string | undefined,
    where: { home?: boolean } = {},
  ): Promise<AccessResult> {
    // The Home tab is the user's own, not a channel: ALLOWED_CHANNELS does not apply there.
    if (!where.home && this.#allowed.size > 0 && (!channelId || !this.#allowed.has(channelId))) {
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
    let guest: boolean;
    if (cached && cached.until > now) {
      guest = cached.guest;
    } else {
      try {
        const info = await client.users.info({ user: userId });
        const user = info.user as { is_restricted?: boolean; is_ultra_restricted?: boolean } | undefined;
        if (!user) throw new Error("users.info returned no user");
        guest = user.is_restricted === true || user.is_ultra_restricted === true;
        this.#cache.set(userId, { guest, until: now + TTL_MS });
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
    if (guest) {
      return {
        ok: false,
        message:
          "Kennel Desk is not available to guest accounts: it shows customers' and pets' details. Ask a member of staff.",
      };
    }
    return { ok: true };
  }
}

/** Work in flight, so a stop can finish it before exiting. */
export class InFlight {
  readonly #work = new Set<Promise<unknown>>();
  draining = false;

  get size(): number {
    return this.#work.size;
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.#work.add(work);
    const done = () => this.#work.delete(work);
    work.then(done, done);
    return work;
  }

  /** Waits for everything in flight, at most `timeoutMs`. True when all finished. */
  async drain(timeoutMs: number): Promise<boolean> {
    this.draining = true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const all = Promise.allSettled([...this.#work]).then(() => true as const);
    const finished = await Promise.race([all, timeout]);
    clearTimeout(timer);
    return finished;
  }
}
