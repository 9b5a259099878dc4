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
 * not sent, and logged; when Slack does not answer, nothing is claimed and it is asked again later,
 * backing off while Slack keeps failing: 1, 2, 4, 8 minutes after each failure, then every 15 minutes
 * (`FollowUpBackoff`), until Slack answers or the dose is a day old. A follow-up is never lost to a
 * failure, and is sent at the first look at which Slack answers.
 *
 * The one gap: a replica that stops between writing its claim and Slack taking the message leaves
 * that follow-up unsent (never sent twice); the dose still shows "awaiting effect" on the sheet.
 */
import { claimFollowUp, followUpsDue } from "../answers/prn.ts";
import { firstPart, furtherParts } from "../blocks/parts.ts";
import { followUpMessages } from "../blocks/prn.ts";
import type { Message } from "../blocks/types.ts";
import type { BotBase } from "../deps.ts";
import type { PrnDose } from "../domain/prn.ts";
import { localDate } from "../time.ts";

/** The longest wait between two looks at the record (another replica's doses are seen by then). */
const TICK_MS = 60_000;

/** The wait after a follow-up's first failure to ask Slack about its giver; doubled after each. */
const BACKOFF_FIRST_MS = 60_000;
/** The longest wait between two asks about one follow-up's giver while Slack keeps failing. */
const BACKOFF_MOST_MS = 15 * 60_000;

/**
 * When each follow-up whose giver Slack could not be asked about is asked about again: after its
 * n-th failure in a row, 2^(n-1) minutes later, at most 15. Kept in this process's memory only: a
 * restart forgets it and simply asks at its first look, and each replica keeps its own (the claim in
 * the record still makes one of them send it). Only follow-ups still due are kept: one sent, refused,
 * answered, claimed by another replica or a day old is forgotten at the next look.
 */
class FollowUpBackoff {
  readonly #waits = new Map<number, { failures: number; until: number }>();

  /** Whether the follow-up of dose `id` may be asked about at `now` (ms). */
  ready(id: number, now: number): boolean {
    return now >= (this.#waits.get(id)?.until ?? 0);
  }

  /** Slack failed again for dose `id` at `now` (ms): when to ask next (ms). */
  failed(id: number, now: number): number {
    const failures = (this.#waits.get(id)?.failures ?? 0) + 1;
    const until = now + Math.min(BACKOFF_MOST_MS, BACKOFF_FIRST_MS * 2 ** (failures - 1));
    this.#waits.set(id, { failures, until });
    return until;
  }

  /** Slack answered for dose `id`. */
  answered(id: number): void {
    this.#waits.delete(id);
  }

  /** Forgets every follow-up but those of `due`; the earliest wait left (ms), if any. */
  keepOnly(due: ReadonlySet<number>): number | undefined {
    for (const id of this.#waits.keys()) if (!due.has(id)) this.#waits.delete(id);
    const untils = [...this.#waits.values()].map((w) => w.until);
    return untils.length ? Math.min(...untils) : undefined;
  }
}

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
   * "unknown" (or a throw): Slack did not answer; asked again later (`FollowUpBackoff`).
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
  readonly #backoff = new FollowUpBackoff();
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
    const t = now.getTime();
    const minutes = deps.config.doses.prnFollowUpMinutes;
    const { due, next } = await followUpsDue(deps, now, minutes);
    let sent = 0;
    for (const { dose, petName } of due) {
      if (this.#stopping) break;
      if (!this.#backoff.ready(dose.id, t)) continue;
      const admission = await this.#admission(dose.userId as string);
      if (admission === "unknown") {
        const again = new Date(this.#backoff.failed(dose.id, t)).toISOString();
        deps.log.warn(
          { prnId: dose.id, userId: dose.userId, again },
          "as-needed dose: Slack did not say whether the giver may still see kennel data; the follow-up is kept and Slack asked again later",
        );
        continue;
      }
      this.#backoff.answered(dose.id);
      if (!(await claimFollowUp(deps, dose))) continue;
      if (admission === "refused") {
        deps.log.warn(
          { prnId: dose.id, userId: dose.userId },
          "as-needed dose: no follow-up, the giver may no longer see kennel data (the dose shows awaiting effect)",
        );
        continue;
      }
      if (await this.#send(dose, petName, now)) sent++;
    }
    // The next look: the next follow-up falling due, or the first asked about again, if sooner.
    const retry = this.#backoff.keepOnly(new Set(due.map((d) => d.dose.id)));
    const again = retry !== undefined && retry > t ? new Date(retry).toISOString() : undefined;
    return { sent, next: [next, again].filter((x) => x !== undefined).sort()[0] };
  }

  /** Sends a claimed follow-up to its giver; whether Slack took it (a failure is logged). */
  async #send(dose: PrnDose, petName: string, now: Date): Promise<boolean> {
    const { deps } = this.#o;
    try {
      const tz = deps.config.timezone;
      // A follow-up too long for one message: its further parts in the first one's thread, marked as
      // its parts (src/blocks/parts.ts) so that an answer draws each again in place.
      const messages = followUpMessages(dose, petName, tz, localDate(now, tz));
      const first = await this.#o.send(dose.userId as string, firstPart(messages));
      for (const m of furtherParts(messages, first.ts)) await this.#o.send(first.channel, m, first.ts);
      deps.log.info({ prnId: dose.id, userId: dose.userId }, "as-needed dose: follow-up sent");
      return true;
    } catch (error) {
      deps.log.warn(
        { prnId: dose.id, userId: dose.userId, err: String((error as Error)?.message ?? error) },
        "as-needed dose: the follow-up could not be sent (the dose shows awaiting effect)",
      );
      return false;
    }
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
