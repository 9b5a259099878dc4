/**
 * The dose times' replies (issue 35), posted by a job that wakes at each instant something may
 * change: a high-alert dose's nudge 15 minutes before its window opens, and each transition of
 * doses not recorded to late and to missed (src/domain/dose-alerts.ts), one reply per instant in
 * the round post's thread (in ROUNDS_CHANNEL when the round has no post that day). This replaced
 * the single round check (ROUND_CHECK_AFTER).
 *
 * - When: the settings give each round's instants (a normal and a high-alert window); the doses
 *   read add those of a care plan's own window. The job sleeps until the next one (at most a
 *   minute, so a clock that jumps is seen), on an injected clock and sleep.
 * - Once across replicas and restarts: the reply is claimed in the care record first
 *   (src/digest/dose-alert-records.ts), and only the replica whose claim is written posts it. A
 *   claim with no reply two minutes on (its replica died, or Slack was down) is taken over.
 * - After a restart it posts what is still true and not posted yet: a start after a window closed
 *   posts that dose's missed reply only, never its late one.
 * - A late or missed reply also draws the round's post again, so its sheet shows the state.
 */

import { describeFailure } from "../answers/failure.ts";
import { roundDoses } from "../answers/obligations.ts";
import { firstPart } from "../blocks/parts.ts";
import type { Deps } from "../deps.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import {
  type AlertInstant,
  alertsAt,
  type DoseAlert,
  doseInstants,
  settingsInstants,
} from "../domain/dose-alerts.ts";
import type { CareRecordStore } from "../record/types.ts";
import { addDays, localDate, zonedInstant } from "../time.ts";
import { firstDrawing } from "./dose-alert-editor.ts";
import { type AlertRecords, alertKey, claimAlert, readAlerts, recordPosted } from "./dose-alert-records.ts";
import { type AlertPlace, findCopies, findRoundPost, postReply } from "./dose-alert-slack.ts";
import { type DigestSlack, postFurther } from "./slack.ts";
import { Sleeper } from "./sleeper.ts";

/** The longest the job sleeps between two looks at the clock. */
const TICK_MS = 60_000;
/** A claim with no reply after this long is taken over (each further attempt waits twice as long, at most an hour). */
const TAKE_OVER_MS = 2 * 60_000;
const TAKE_OVER_MAX_MS = 60 * 60_000;
/**
 * A reply whose round's post is being made is looked at again after this (a usual day's post takes a
 * few seconds; the biggest day's, 127 messages, about two minutes at Slack's pace; its claim stands
 * five minutes at most). Each look reads the claim from the record, nothing from Slack.
 */
const POST_WAIT_MS = 5_000;
/** A round that could not be read (the kennel API or the record down) is read again after this. */
const BACKOFF_MS = 5 * 60_000;

export interface DoseAlertJobOptions {
  deps: Deps & { record: CareRecordStore };
  slack: DigestSlack;
  /** ROUNDS_CHANNEL. */
  channel: string;
  /** Waits; resolves false when the job is being stopped. Default: a timer. */
  sleep?: (ms: number) => Promise<boolean>;
  /** Draws the round's post again (its sheet shows late and missed), after a late or missed reply. */
  redrawRound?: (date: string, round: Round) => Promise<void>;
  /** How long a claim may stand with no reply before it is taken over. Default two minutes. */
  takeOverAfterMs?: number;
  /**
   * Whether the round's post is being made now (claimed, here or by another replica, and not posted
   * yet: src/digest/post-claims.ts `standing`). A reply waits for it, so it goes in its thread.
   */
  roundPostMaking?: (date: string, round: Round, now: Date) => Promise<boolean>;
}

export type AlertOutcome = { key: string } & (
  | { result: "posted"; ts: string; attempt: number }
  | { result: "already-posted" }
  /** Another replica claimed it (or this one, and could not post): looked at again at `retryAt`. */
  | { result: "claimed-elsewhere"; retryAt: string }
  /** The round's post is being made: the reply waits for it (its thread), looked at again at `retryAt`. */
  | { result: "waiting-for-post"; retryAt: string }
  /** A replica posted it and stopped before recording so: found in Slack, now recorded. */
  | { result: "found-posted"; ts: string }
  | { result: "duplicate-removed"; kept: string }
  | { result: "failed"; error: string; retryAt: string }
);

const roundKey = (date: string, round: Round) => `${date}|${round}`;
const instantKey = (i: AlertInstant) => `${i.kind}|${i.date}|${i.round}|${i.at}`;

/** An instant with the kennel's local date it falls on (worked out once). */
type Instant = AlertInstant & { day: string; ms: number };

export class DoseAlertJob {
  readonly #o: DoseAlertJobOptions;
  /** Instants looked at (what was true then was posted, or claimed by another). */
  readonly #settled = new Set<string>();
  /** Each round's instants from its doses read (a care plan's own windows). */
  readonly #learned = new Map<string, Instant[]>();
  /** Each round's instants by the settings (they never change while the job runs). */
  readonly #bySettings = new Map<string, Instant[]>();
  /** Rounds read at least once (their plan windows known). */
  readonly #known = new Set<string>();
  /** Rounds to look at again at this instant (ms): a claim to check on, a reply not posted. */
  readonly #retry = new Map<string, number>();
  /** Rounds that could not be read: not before this instant (ms). */
  readonly #backoff = new Map<string, number>();
  readonly #sleeper: Sleeper;
  #loop: Promise<void> | undefined;

  constructor(options: DoseAlertJobOptions) {
    this.#o = options;
    this.#sleeper = new Sleeper(options.sleep);
  }

  get #tz() {
    return this.#o.deps.config.timezone;
  }

  #dated(instants: AlertInstant[]): Instant[] {
    return instants.map((i) => ({ ...i, day: localDate(i.at, this.#tz), ms: Date.parse(i.at) }));
  }

  /** The instants a round's replies may fall at: the settings', and its doses' own. */
  #instants(date: string, round: Round): Instant[] {
    const key = roundKey(date, round);
    let settings = this.#bySettings.get(key);
    if (!settings) {
      const { config } = this.#o.deps;
      settings = this.#dated(settingsInstants(date, round, config.rounds.times, this.#tz, config.doses));
      this.#bySettings.set(key, settings);
    }
    return [...settings, ...(this.#learned.get(key) ?? [])];
  }

  /** Instants passed by `now` that fall on `today` (a window past midnight: yesterday's round's). */
  #passed(date: string, round: Round, now: number, today: string): Instant[] {
    return this.#instants(date, round).filter((i) => i.ms <= now && i.day === today);
  }

  #needsLook(date: string, round: Round, now: number, today: string): boolean {
    const key = roundKey(date, round);
    if (now < (this.#backoff.get(key) ?? 0)) return false;
    if (date === today && !this.#known.has(key)) return true;
    const retry = this.#retry.get(key);
    if (retry !== undefined && now >= retry) return true;
    return this.#passed(date, round, now, today).some((i) => !this.#settled.has(instantKey(i)));
  }

  /**
   * Looks at the clock now and posts every reply that is true and not posted yet: today's rounds,
   * yesterday's whose windows run past midnight, and tomorrow's whose nudge falls tonight (a round
   * at 00:30). Resolves with what each reply came to.
   */
  async check(): Promise<AlertOutcome[]> {
    const now = this.#o.deps.clock.now();
    const today = localDate(now, this.#tz);
    const out: AlertOutcome[] = [];
    for (const date of [addDays(today, -1), today, addDays(today, 1)]) {
      for (const round of ROUNDS) {
        if (this.#needsLook(date, round, now.getTime(), today))
          out.push(...(await this.#look(date, round, now, today)));
      }
    }
    this.#prune(today);
    return out;
  }

  async #look(date: string, round: Round, now: Date, today: string): Promise<AlertOutcome[]> {
    const { deps } = this.#o;
    const key = roundKey(date, round);
    let alerts: DoseAlert[];
    let records: AlertRecords;
    try {
      const doses = await this.#doses(date, round, now);
      this.#known.add(key);
      this.#learned.set(key, this.#dated(doseInstants(date, round, doses)));
      const localOf = (iso: string) => localDate(iso, this.#tz);
      alerts = alertsAt(date, round, doses, now.toISOString(), { today, localDate: localOf });
      records = await readAlerts(deps.record, date);
    } catch (error) {
      const f = describeFailure(error);
      deps.log.warn(
        { date, round, err: f.kind === "unexpected" ? String((error as Error)?.message ?? error) : f.what },
        "dose times: could not read the round; looking again in 5 minutes",
      );
      this.#backoff.set(key, now.getTime() + BACKOFF_MS);
      return [];
    }
    this.#backoff.delete(key);
    const outcomes: AlertOutcome[] = [];
    for (const alert of alerts) outcomes.push(await this.#handle(alert, records, now));
    for (const i of this.#passed(date, round, now.getTime(), today)) this.#settled.add(instantKey(i));
    const retries = outcomes.flatMap((o) => ("retryAt" in o ? [Date.parse(o.retryAt)] : []));
    if (retries.length) this.#retry.set(key, Math.min(...retries));
    else this.#retry.delete(key);
    const redraw = alerts.some(
      (a, i) =>
        a.kind !== "nudge" && (outcomes[i]?.result === "posted" || outcomes[i]?.result === "found-posted"),
    );
    if (redraw && this.#o.redrawRound) {
      await this.#o.redrawRound(date, round).catch((error: unknown) => {
        deps.log.warn(
          { date, round, err: String((error as Error)?.message ?? error) },
          "could not draw the round's post again after a late or missed reply",
        );
      });
    }
    return outcomes;
  }

  /**
   * The round's doses as the record holds what it asked (issue 45): from the round's time on, its
   * obligation (kept now if the round was never posted: first asked), with the pets who arrived or
   * went home since; before then, what it would ask, not written (a high-alert dose's nudge). A
   * record that cannot be read throws: nothing is said from a guess.
   */
  #doses(date: string, round: Round, now: Date) {
    const { deps } = this.#o;
    const at = zonedInstant(date, deps.config.rounds.times[round], this.#tz).getTime();
    return roundDoses(deps, round, date, { keep: now.getTime() >= at });
  }

  /**
   * A reply claimed before (`last`): its claim still standing (`wait` after it), or found posted by a
   * replica that stopped before recording it; undefined when it is to be claimed again.
   */
  async #claimed(
    alert: DoseAlert,
    last: { attempt: number; claimedAt: string },
    place: AlertPlace,
    wait: number,
  ): Promise<AlertOutcome | undefined> {
    const key = alertKey(alert);
    const retryAt = Date.parse(last.claimedAt) + wait;
    if (place.now.getTime() < retryAt)
      return { key, result: "claimed-elsewhere", retryAt: new Date(retryAt).toISOString() };
    // Claimed, and nothing said since: posted by a replica that stopped before recording it?
    const parent = await findRoundPost(place);
    const [found] = await findCopies(place, key, parent?.ts);
    if (!found) return undefined;
    await recordPosted(this.#o.deps.record, alert, {
      attempt: last.attempt,
      channel: this.#o.channel,
      ts: found,
      inThread: Boolean(parent),
    });
    return { key, result: "found-posted", ts: found };
  }

  /** One reply true now: posted once, whoever's claim is written first; a claim left alone taken over. */
  async #handle(alert: DoseAlert, records: AlertRecords, now: Date): Promise<AlertOutcome> {
    const { deps, slack, channel } = this.#o;
    const key = alertKey(alert);
    if (records.posted.has(key)) return { key, result: "already-posted" };
    // Slack refusing all afternoon makes a claim an hour at most, not one every two minutes.
    const first = this.#o.takeOverAfterMs ?? TAKE_OVER_MS;
    const takeOver = (attempt: number) => Math.min(first * 2 ** (attempt - 1), TAKE_OVER_MAX_MS);
    const place: AlertPlace = {
      slack,
      channel,
      date: alert.date,
      round: alert.round,
      timezone: this.#tz,
      now,
    };
    const last = records.claims.get(key)?.at(-1);
    const attempt = (last?.attempt ?? 0) + 1;
    try {
      // The round's post still being made (a start after the round's time, its thread going out):
      // the reply waits for it rather than going in the channel beside it.
      if (await this.#o.roundPostMaking?.(alert.date, alert.round, now))
        return {
          key,
          result: "waiting-for-post",
          retryAt: new Date(now.getTime() + POST_WAIT_MS).toISOString(),
        };
      const standing = last && (await this.#claimed(alert, last, place, takeOver(last.attempt)));
      if (standing) return standing;
      const { won, claim } = await claimAlert(deps.record, alert, attempt, now.toISOString());
      if (!won) {
        const retryAt = new Date(Date.parse(claim.claimedAt) + takeOver(claim.attempt)).toISOString();
        return { key, result: "claimed-elsewhere", retryAt };
      }
      const { parent, messages } = await firstDrawing(deps, claim, alert.date, findRoundPost(place));
      const posted = await postReply(place, key, firstPart(messages), parent?.ts);
      if (!posted.kept) return { key, result: "duplicate-removed", kept: posted.ts };
      await recordPosted(deps.record, alert, { attempt, channel, ts: posted.ts, inThread: Boolean(parent) });
      // A reply too long for one message goes on after it, in the same thread.
      await postFurther(slack, channel, messages, { firstTs: posted.ts, threadTs: parent?.ts ?? posted.ts });
      deps.log.info(
        { key, ts: posted.ts, doses: alert.doses.length },
        `dose times: ${alert.kind} reply posted`,
      );
      return { key, result: "posted", ts: posted.ts, attempt };
    } catch (error) {
      const err = String((error as Error)?.message ?? error);
      deps.log.warn({ key, err }, "dose times: a reply could not be posted; it is tried again");
      const retryAt = new Date(now.getTime() + takeOver(attempt)).toISOString();
      return { key, result: "failed", error: err, retryAt };
    }
  }

  #prune(today: string): void {
    // Yesterday's, today's and tomorrow's rounds are looked at; older ones forgotten.
    const keep = (date: string) => date >= addDays(today, -1);
    for (const k of this.#settled) if (!keep(k.split("|")[1] as string)) this.#settled.delete(k);
    for (const m of [this.#learned, this.#bySettings, this.#retry, this.#backoff])
      for (const k of m.keys()) if (!keep(k.split("|")[0] as string)) m.delete(k);
    for (const k of this.#known) if (!keep(k.split("|")[0] as string)) this.#known.delete(k);
  }

  /** When something may next be true: the next instant of yesterday's, today's or tomorrow's rounds, a retry. */
  nextWake(): Date | undefined {
    const now = this.#o.deps.clock.now().getTime();
    const today = localDate(now, this.#tz);
    const times: number[] = [...this.#retry.values(), ...this.#backoff.values()];
    for (const date of [addDays(today, -1), today, addDays(today, 1), addDays(today, 2)])
      for (const round of ROUNDS) for (const i of this.#instants(date, round)) times.push(i.ms);
    const next = times.filter((t) => t > now).sort((a, b) => a - b)[0];
    return next === undefined ? undefined : new Date(next);
  }

  /**
   * Runs until stopped: a look at the clock now (catching up after a restart), then at each
   * instant. Resolves when it has stopped (stop(), or the injected sleep said so).
   */
  start(): Promise<void> {
    if (this.#loop) return this.#loop;
    this.#loop = (async () => {
      while (!this.#sleeper.stopping) {
        try {
          await this.check();
        } catch (error) {
          this.#o.deps.log.error(
            { err: String((error as Error)?.message ?? error) },
            "dose times: a look failed",
          );
        }
        const now = this.#o.deps.clock.now().getTime();
        const next = this.nextWake()?.getTime() ?? now + TICK_MS;
        if (!(await this.#sleeper.sleep(Math.min(TICK_MS, Math.max(1_000, next - now))))) return;
      }
    })();
    return this.#loop;
  }

  /** Stops the loop; resolves when its look in flight has ended. */
  async stop(): Promise<void> {
    this.#sleeper.stop();
    await this.#loop;
  }
}
