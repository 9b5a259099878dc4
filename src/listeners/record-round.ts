/**
 * Recording a round from Slack: writes entries to the care record, then redraws the record part of
 * the round message the button is on (chat.update), from the store, so the message equals the
 * record. Nothing is answered before record() has committed; a failure of the store is told only
 * to the one who tapped ("Could not record: … try again") and nothing is half-written (record() is
 * one transaction).
 *
 * The message's blocks are needed to redraw it: they come with the button's payload; for a modal's
 * submission they come from the last redraw this process made (kept for a while), else from Slack
 * (conversations.history / replies).
 */
import type { webApi } from "@slack/bolt";
import { describeFailure } from "../answers/failure.ts";
import { type PetRoundState, petRoundState } from "../blocks/buttons.ts";
import { esc } from "../blocks/mrkdwn.ts";
import { dueOf, redrawRecord } from "../blocks/round-record.ts";
import { allDoneOutcomes, petRoundStatus } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import type { CareRecordStore, Entry, EntryInput, ItemKey, Outcome, RecordResult } from "../record/types.ts";
import { localDate } from "../time.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import type { BotDeps } from "./bot-deps.ts";

type WebClient = webApi.WebClient;

/** Who recorded: the Slack user id and the name Slack gives with the action. */
export interface Who {
  userId: string;
  userName: string;
}

/** Where the round message is. */
export interface MessageRef {
  channel: string;
  ts: string;
  threadTs?: string | undefined;
  /**
   * The tap's response_url: when chat.update cannot change the message (one Slack made from a
   * command's response_url answer, say), the redraw replaces it through this instead.
   */
  responseUrl?: string | undefined;
}

/** A response_url Kennel Desk may post to: https, or http on loopback only (the tests' Slack). */
export function usableResponseUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    const loopback = u.hostname === "127.0.0.1" || u.hostname === "localhost" || u.hostname === "[::1]";
    return u.protocol === "https:" || (u.protocol === "http:" && loopback) ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** What to write for one item. */
export interface ItemWrite {
  item: ItemKey;
  outcome: Outcome;
  reason?: string | undefined;
  note?: string | undefined;
  supersedes?: number | undefined;
}

/** Which of the sheet's dates a tap is on, by the kennel's clock. */
export function dayOfSheet(deps: BotDeps, s: Pick<PetRoundState, "d">): "today" | "earlier" | "later" {
  const today = localDate(deps.clock.now(), deps.config.timezone);
  return s.d === today ? "today" : s.d < today ? "earlier" : "later";
}

/** "Biscuit's evening round, Tue 24 Nov" */
export const roundName = (s: PetRoundState) =>
  `${esc(s.n)}'s ${roundWord(s.r).toLowerCase()} round, ${dayHeading(s.d)}`;

export const LATER_DAY = (s: PetRoundState) =>
  `That is the sheet for ${dayHeading(s.d)}: record at the round, on the day. Nothing was recorded.`;
export const TAMPERED =
  "That button is not one Kennel Desk can use (out of date, or changed): nothing was recorded. Run /rounds again for a fresh sheet.";
export const NO_STORE = "This Kennel Desk keeps no care record, so nothing was recorded.";

/** "Jane recorded it at 08:12" for entries someone else made first. */
export function whoRecorded(entries: Entry[], timezone: string): string {
  if (entries.length === 0) return "someone recorded it first";
  const names = [...new Set(entries.map((e) => esc(e.userName)))].join(", ");
  const last = entries.reduce((a, b) => (b.recordedAt > a.recordedAt ? b : a));
  return `${names} recorded it at ${timeOf(last.recordedAt, timezone)}`;
}

/** The words for a failure to record: "Could not record: … try again". */
export function couldNotRecord(error: unknown): string {
  const f = describeFailure(error);
  const what = f.kind === "unexpected" ? "the care record did not answer." : esc(f.what);
  return `⚠️ Could not record: ${what} Nothing was written; try again.${f.kind === "unexpected" ? "" : ` ${esc(f.whatToDo)}`}`;
}

export class RoundRecorder {
  readonly #deps: BotDeps;
  /** The last blocks drawn for each message (by channel and ts), for modals' submissions. */
  readonly #known = new Map<string, { blocks: unknown[]; text: string; threadTs?: string | undefined }>();
  /** One redraw at a time per message, each reading the store afresh: the last one wins, and is current. */
  readonly #chains = new Map<string, Promise<unknown>>();

  constructor(deps: BotDeps) {
    this.#deps = deps;
  }

  get store(): CareRecordStore | undefined {
    return this.#deps.record;
  }

  remember(ref: MessageRef, blocks: unknown[], text: string): void {
    const key = `${ref.channel}:${ref.ts}`;
    this.#known.delete(key);
    this.#known.set(key, { blocks, text, threadTs: ref.threadTs });
    if (this.#known.size > 500) this.#known.delete(this.#known.keys().next().value as string);
  }

  /** The pet's entries for its round, and its status. */
  async status(s: PetRoundState) {
    const store = this.#need();
    const entries = await store.entries({ date: s.d, round: s.r, bookingId: s.b, petId: s.p });
    const status = petRoundStatus({ date: s.d, round: s.r, bookingId: s.b, petId: s.p }, dueOf(s), entries);
    return { entries, status };
  }

  #need(): CareRecordStore {
    const store = this.store;
    if (!store) throw new Error(NO_STORE);
    return store;
  }

  /** The entries of a write, from the sheet's state: the item's text as the sheet showed it. */
  inputs(s: PetRoundState, writes: ItemWrite[], who: Who, requestKey: string): EntryInput[] {
    const texts = new Map(s.i.map(([item, text]) => [item, text]));
    return writes.map((w) => ({
      date: s.d,
      round: s.r,
      bookingId: s.b,
      petId: s.p,
      petName: s.n,
      item: w.item,
      itemText: texts.get(w.item) ?? w.item,
      outcome: w.outcome,
      reason: w.reason,
      note: w.note,
      userId: who.userId,
      userName: who.userName,
      requestKey,
      supersedes: w.supersedes,
    }));
  }

  /**
   * One tap: every due item not recorded yet, given or eaten in full. `nothing` when all was
   * recorded already (the existing entries say who and when).
   */
  async recordAll(
    s: PetRoundState,
    who: Who,
    requestKey: string,
  ): Promise<RecordResult | { status: "nothing"; existing: Entry[] }> {
    const { status } = await this.status(s);
    const todo = allDoneOutcomes(status);
    if (todo.length === 0) {
      // The same request again (Slack re-delivering it) finds its own entries: a duplicate, not "already".
      const mine = [...status.current.values()].filter((e) => e.requestKey === requestKey);
      if (mine.length) return { status: "duplicate", entries: mine };
      return { status: "nothing", existing: [...status.current.values()] };
    }
    const writes = todo.map((t) => ({ item: t.item.item, outcome: t.outcome }));
    return this.record(s, writes, who, requestKey);
  }

  async record(s: PetRoundState, writes: ItemWrite[], who: Who, requestKey: string): Promise<RecordResult> {
    const result = await this.#need().record(this.inputs(s, writes, who, requestKey));
    this.#deps.log.info(
      {
        date: s.d,
        round: s.r,
        bookingId: s.b,
        petId: s.p,
        items: writes.map((w) => `${w.item}=${w.outcome}`),
        userId: who.userId,
        result: result.status,
      },
      "care record tap",
    );
    // The same request delivered twice at once: the one that lost the race finds its twin's
    // entries; they are this request's own, so it is a duplicate, not someone else's record.
    if (result.status === "already" && result.existing.every((e) => e.requestKey === requestKey)) {
      return { status: "duplicate", entries: result.existing };
    }
    // The round check's reply follows the record (in the background: the tap is answered now).
    if (result.status === "recorded") void this.#deps.roundCheck?.changed(s.d, s.r);
    return result;
  }

  /**
   * Redraws the record part of the message from the store. `blocks` are the message's blocks when
   * the caller has them (a button's payload). False when the message could not be read or updated.
   */
  async redraw(
    client: WebClient,
    ref: MessageRef,
    given?: { blocks: unknown[]; text: string },
  ): Promise<boolean> {
    const key = `${ref.channel}:${ref.ts}`;
    const previous = this.#chains.get(key) ?? Promise.resolve();
    // Never throws: the entries are committed by now, so a failure here is told as "not shown yet",
    // never as "not recorded".
    const next = previous
      .catch(() => false)
      .then(() => this.#redrawNow(client, ref, given))
      .catch((error: unknown) => {
        this.#deps.log.warn(
          { channel: ref.channel, ts: ref.ts, err: String((error as Error)?.message ?? error) },
          "could not redraw the round message",
        );
        return false;
      });
    this.#chains.set(key, next);
    try {
      return await next;
    } finally {
      if (this.#chains.get(key) === next) this.#chains.delete(key);
    }
  }

  async #redrawNow(
    client: WebClient,
    ref: MessageRef,
    given: { blocks: unknown[]; text: string } | undefined,
  ): Promise<boolean> {
    const key = `${ref.channel}:${ref.ts}`;
    const message = this.#known.get(key) ?? given ?? (await this.#fetch(client, ref));
    if (!message) {
      this.#deps.log.warn(
        { channel: ref.channel, ts: ref.ts },
        "could not read the round message to redraw it",
      );
      return false;
    }
    const first = firstState(message.blocks);
    if (!first) return false;
    const entries = await this.#need().entries({ date: first.d, round: first.r });
    const drawn = redrawRecord(message.blocks, message.text, entries, this.#deps.config.timezone);
    try {
      await client.chat.update({
        channel: ref.channel,
        ts: ref.ts,
        text: message.text,
        blocks: drawn.blocks as never,
      });
    } catch (error) {
      const replaced = await this.#replaceByResponseUrl(ref, message.text, drawn.blocks);
      if (!replaced) {
        this.#deps.log.warn(
          { channel: ref.channel, ts: ref.ts, err: String((error as Error)?.message ?? error) },
          "could not update the round message",
        );
        return false;
      }
    }
    this.remember(
      { ...ref, threadTs: ref.threadTs ?? this.#known.get(key)?.threadTs },
      drawn.blocks,
      message.text,
    );
    return true;
  }

  async #replaceByResponseUrl(ref: MessageRef, text: string, blocks: unknown[]): Promise<boolean> {
    const url = usableResponseUrl(ref.responseUrl);
    if (!url) return false;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ replace_original: true, text, blocks }),
        redirect: "error",
        signal: AbortSignal.timeout(5000),
      });
      return res.ok;
    } catch {
      return false;
    }
  }

  /** The message from Slack (a post, or a reply in its thread), with its blocks. */
  async #fetch(client: WebClient, ref: MessageRef): Promise<{ blocks: unknown[]; text: string } | undefined> {
    try {
      const page = ref.threadTs
        ? await client.conversations.replies({
            channel: ref.channel,
            ts: ref.threadTs,
            latest: ref.ts,
            oldest: ref.ts,
            inclusive: true,
            limit: 2,
          })
        : await client.conversations.history({
            channel: ref.channel,
            latest: ref.ts,
            inclusive: true,
            limit: 1,
          });
      const m = (page.messages ?? []).find((x) => x.ts === ref.ts) as
        | { blocks?: unknown[]; text?: string }
        | undefined;
      return m?.blocks ? { blocks: m.blocks, text: m.text ?? "" } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The state of the first pet on a message (its date and round are the message's). */
function firstState(blocks: unknown[]): PetRoundState | undefined {
  for (const b of blocks as Array<{ elements?: Array<{ action_id?: string; value?: string }> }>) {
    for (const e of b.elements ?? []) {
      if (!/^rec_all[:_]/.test(e.action_id ?? "")) continue;
      try {
        const r = petRoundState.safeParse(JSON.parse(e.value ?? ""));
        if (r.success) return r.data;
      } catch {
        // not ours
      }
    }
  }
  return undefined;
}

/** Is this pet (by its state) on the message, with this very state? A tampered value is not. */
export function isOnMessage(blocks: unknown[] | undefined, s: PetRoundState, value: string): boolean {
  if (!blocks) return false;
  return (blocks as Array<{ elements?: Array<{ action_id?: string; value?: string }> }>).some((b) =>
    (b.elements ?? []).some(
      (e) => e.value === value && new RegExp(`^rec_(all|each)[:_]${s.b}-${s.p}$`).test(e.action_id ?? ""),
    ),
  );
}
