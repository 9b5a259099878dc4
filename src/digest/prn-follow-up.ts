/**
 * The follow-up of as-needed doses (issue 35): PRN_FOLLOW_UP minutes (default 60) after a dose was
 * given, the giver gets a direct message "Effect of Piriton for Itchy?" (Helped, No change, Worse,
 * a note), answered into the record (src/listeners/actions/prn-effect.ts). Sent once across restarts
 * and replicas sharing one record: each follow-up is claimed in the record first (a `prn_follow_up`
 * record whose request key is the dose's), and only the replica whose claim was written sends it.
 * A bot that was down catches up when it starts: a follow-up due while it was down (a dose given in
 * the last 24 hours, not answered) is sent then. The clock and the waiting are injected, so tests
 * run on a fake clock. Before the claim, Slack is asked whether the giver may still see kennel data
 * (nothing waits on a follow-up, so the access check's trust in staff seen lately is not used): one
 * made a guest since, deactivated or gone from the workspace is sent nothing, the follow-up claimed,
 * not sent, and logged; when Slack does not answer, nothing is claimed and it is asked again at the
 * next look (a minute later at most).
 *
 * The one gap: a replica that stops between writing its claim and Slack taking the message leaves
 * that follow-up unsent (never sent twice); the dose still shows "awaiting effect" on the sheet.
 */
import { claimFollowUp, followUpsDue } from "../answers/prn.ts";
import { firstPart, furtherParts } from "../blocks/parts.ts";
import { followUpMessages } from "../blocks/prn.ts";
import type { Message } from "../blocks/types.ts";
import type { BotBase } from "../deps.ts";
import { localDate } from "../time.ts";

/** The longest wait between two looks at the record (another replica's doses are seen by then). */
const TICK_MS = 60_000;

/** A message sent: its channel (a DM's, for a message sent to a user) and ts. */
interface Sent {
  channel: string;
  ts: string;
}

/** What the access check says of a giver now. */
export type Admission = "admitted" | "refused" | "unknown";

export interface PrnFollowUpOptions {
  deps: BotBase;
  /**
   * Sends a message: to a Slack user (the app's DM with them), or in a thread (`threadTs`) of the
   * channel a message was sent to; where it went (the DM's channel) and its ts.
   */
  send: (to: string, message: Message, threadTs?: string) => Promise<Sent>;
  /**
   * Whether the giver may still be told of the kennel's pets (the bot's access check, asking Slack
   * now): one made a guest, deactivated or gone from the workspace since the dose gets no follow-up.
   * "unknown" (or a throw): Slack did not answer; asked again at the next look.
   */
  admits: (userId: string) => Promise<Admission>;
  /** Waits; resolves false when the job is being stopped. Default: a timer that `changed()` cuts short. */
  sleep?: (ms: number) => Promise<boolean>;
  tickMs?: number;
}

export class PrnFollowUps {
  readonly #o: PrnFollowUpOptions;
  #stopping = false;
  #running = false;
  #wake: (() => void) | undefined;
  /** A pass in flight: concurrent calls share it. */
  #pass: Promise<{ sent: number; next: string | undefined }> | undefined;

  constructor(options: PrnFollowUpOptions) {
    this.#o = options;
  }

  /** Starts the loop: a pass now (the catch-up), then one whenever the next follow-up is due. */
  start(): void {
    if (this.#running || this.#stopping) return;
    this.#running = true;
    void this.#loop();
  }

  stop(): void {
    this.#stopping = true;
    this.#wake?.();
  }

  /** A dose was recorded here: look again now (its follow-up time may be the next). */
  changed(): void {
    this.#wake?.();
  }

  /**
   * Sends every follow-up due now that this replica claims; how many were sent, and when the next
   * is due (undefined: none known).
   */
  runOnce(): Promise<{ sent: number; next: string | undefined }> {
    this.#pass ??= this.#runOnce().finally(() => {
      this.#pass = undefined;
    });
    return this.#pass;
  }

  async #runOnce(): Promise<{ sent: number; next: string | undefined }> {
    const { deps } = this.#o;
    const now = deps.clock.now();
    const minutes = deps.config.doses.prnFollowUpMinutes;
    const { due, next } = await followUpsDue(deps, now, minutes);
    let sent = 0;
    for (const { dose, petName } of due) {
      if (this.#stopping) break;
      const admission = await this.#admission(dose.userId as string);
      if (admission === "unknown") {
        deps.log.warn(
          { prnId: dose.id, userId: dose.userId },
          "as-needed dose: Slack did not say whether the giver may still see kennel data; the follow-up is tried again shortly",
        );
        continue;
      }
      if (!(await claimFollowUp(deps, dose))) continue;
      if (admission === "refused") {
        deps.log.warn(
          { prnId: dose.id, userId: dose.userId },
          "as-needed dose: no follow-up, the giver may no longer see kennel data (the dose shows awaiting effect)",
        );
        continue;
      }
      try {
        const tz = deps.config.timezone;
        // A follow-up too long for one message: its further parts in the first one's thread, marked as
        // its parts (src/blocks/parts.ts) so that an answer draws each again in place.
        const messages = followUpMessages(dose, petName, tz, localDate(now, tz));
        const first = await this.#o.send(dose.userId as string, firstPart(messages));
        for (const m of furtherParts(messages, first.ts)) await this.#o.send(first.channel, m, first.ts);
        sent++;
        deps.log.info({ prnId: dose.id, userId: dose.userId }, "as-needed dose: follow-up sent");
      } catch (error) {
        deps.log.warn(
          { prnId: dose.id, userId: dose.userId, err: String((error as Error)?.message ?? error) },
          "as-needed dose: the follow-up could not be sent (the dose shows awaiting effect)",
        );
      }
    }
    return { sent, next };
  }

  /** The access check's answer for a giver; "unknown" when it throws. */
  #admission(userId: string): Promise<Admission> {
    return this.#o.admits(userId).catch(() => "unknown" as const);
  }

  async #loop(): Promise<void> {
    const { deps } = this.#o;
    const tick = this.#o.tickMs ?? TICK_MS;
    while (!this.#stopping) {
      let next: string | undefined;
      try {
        next = (await this.runOnce()).next;
      } catch (error) {
        deps.log.warn(
          { err: String((error as Error)?.message ?? error) },
          "as-needed doses: the follow-ups could not be read; trying again shortly",
        );
      }
      const until = next ? Date.parse(next) - deps.clock.now().getTime() : tick;
      if (!(await this.#sleep(Math.min(tick, Math.max(1_000, until))))) break;
    }
    this.#running = false;
  }

  #sleep(ms: number): Promise<boolean> {
    if (this.#stopping) return Promise.resolve(false);
    if (this.#o.sleep) return this.#o.sleep(ms);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(), ms);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve(!this.#stopping);
      };
      this.#wake = done;
    });
  }
}

/**
 * The bot's follow-ups: each a direct message through its Slack client (the app's DM with the giver),
 * sent only to a giver `admits` says may still see kennel data.
 */
export function botFollowUps(
  deps: BotBase,
  client: {
    chat: {
      postMessage(args: {
        channel: string;
        text: string;
        blocks: never;
        thread_ts?: string;
      }): Promise<{ channel?: string; ts?: string }>;
    };
  },
  admits: PrnFollowUpOptions["admits"],
  options: Partial<Pick<PrnFollowUpOptions, "sleep" | "tickMs">> = {},
): PrnFollowUps {
  return new PrnFollowUps({
    deps,
    admits,
    send: async (to, message, threadTs) => {
      const res = await client.chat.postMessage({
        channel: to,
        text: message.text,
        blocks: message.blocks as never,
        ...(threadTs ? { thread_ts: threadTs } : {}),
      });
      if (!res.ts) throw new Error("chat.postMessage returned no ts");
      return { channel: res.channel ?? to, ts: res.ts };
    },
    ...options,
  });
}
