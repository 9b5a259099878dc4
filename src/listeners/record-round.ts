/**
 * A round post's messages drawn again from the care record after each committed tap or form (the kept
 * sheet, the day's entries), put in place one redraw at a time per message (message-redraw.ts), each
 * reading the store afresh. The words a tapper is told are in tapper-words.ts.
 */
import type { webApi } from "@slack/bolt";
import { sheetCustody } from "../answers/custody-sheet.ts";
import { readLastGiven } from "../answers/last-given.ts";
import { markedEntries } from "../answers/paper-marks.ts";
import { prnDoses } from "../answers/prn.ts";
import { type KeptCopy, otherCopies, roundCopies } from "../answers/round-copies.ts";
import { dayNotDue, readDay, readDayOnceGiven } from "../answers/round-record.ts";
import { sheetPlansNow } from "../answers/sheet-plans.ts";
import { itemKeys, sheetWelfareNow } from "../answers/sheet-welfare.ts";
import { loadSheet, type Sheet, type SheetPet } from "../answers/sheets.ts";
import { dayWitnesses } from "../answers/witness.ts";
import { sheetMessage } from "../blocks/round-sheet.ts";
import type { Message } from "../blocks/types.ts";
import { postParts, redrawRoundPost } from "../digest/dose-alert-slack.ts";
import { type PostedParents, postedParents } from "../digest/post-claims.ts";
import { roundPost } from "../digest/posts.ts";
import type { DigestSlack } from "../digest/slack.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import { sheetPetKey } from "../present/rounds.ts";
import type { Entry } from "../record/types.ts";
import type { BotDeps } from "./bot-deps.ts";
import { MessageRedraw, replaceMessage } from "./message-redraw.ts";

type WebClient = webApi.WebClient;

/** Where a round message is. */
export interface MessageRef {
  channel: string;
  ts: string;
  threadTs?: string | undefined;
  /** The tap's response_url: a message chat.update cannot change (one made from a command's answer) is replaced through it. */
  responseUrl?: string | undefined;
}

/** A message of a post or copy: its sheet's message, and its place (its channel, the post's first message). */
const shownKey = (sheet: Pick<Sheet, "id">, index: number, channel: string, parent: string) =>
  `${sheet.id}:${index}@${channel}:${parent}`;

/**
 * Whether the other sheet's message `i`, at `ref`, is to be drawn again: it holds a pet of the message
 * tapped, or one with an entry from the paper newer than this process last put there.
 */
type Holds = (other: Sheet, i: number, ref: MessageRef) => boolean;

const otherRounds = (round: Round) => ROUNDS.filter((r) => r !== round);

/** Slack's words for a message that is no longer there to update. */
const GONE = new Set(["message_not_found", "channel_not_found", "is_archived", "cant_update_message"]);
/** At most this many gone messages remembered (then forgotten at once: each is tried once more). */
const GONE_KEPT = 1000;

export class SheetRedraw {
  readonly #deps: BotDeps;
  /** One redraw at a time per message; taps waiting behind one in flight share the next. */
  readonly #messages: MessageRedraw;
  /** Reads the post's thread, to find a message of it by its part (`redrawChanged`). */
  readonly #slack: DigestSlack | undefined;
  /** The round's newest entry each message showed when put in place here, by `shownKey` (copies told apart). */
  readonly #shown = new Map<string, number>();
  /** The entries (paper marks read) of the sheet drawn last: what `redrawChanged` reads after a tap's redraw. */
  #drawn: { sheet: number; entries: Entry[] } | undefined;
  /** The messages ("channel:ts") Slack said are gone (deleted, their channel gone): no copy's is drawn again. */
  readonly #gone = new Set<string>();

  constructor(deps: BotDeps, slack?: DigestSlack) {
    this.#deps = deps;
    this.#messages = new MessageRedraw(deps, { join: true });
    this.#slack = slack;
  }

  /**
   * Draws the sheet's message `index` from the store and puts it in place. False when it could not
   * be updated (the entries are committed by then: "not shown yet", never "not recorded").
   */
  redraw(client: WebClient, sheet: Sheet, index: number, ref: MessageRef): Promise<boolean> {
    return this.#messages.redraw(ref, "the round message", () => this.#redrawNow(client, sheet, index, ref));
  }

  /**
   * After a tap or form (called after the ack): message `index` drawn again, the round's late and
   * missed replies with it (one record), then, not awaited, every other copy of the round; `pet`,
   * recorded, with a dose due from the words (one owed once a day settles its other rounds:
   * src/domain/day-dose.ts): the day's other rounds' messages holding it too.
   */
  async afterTap(
    client: WebClient,
    sheet: Sheet,
    index: number,
    ref: MessageRef,
    pet?: SheetPet,
  ): Promise<boolean> {
    void this.#deps.roundCheck?.changed(sheet.date, sheet.round);
    const updated = await this.redraw(client, sheet, index, ref);
    void this.#otherCopies(client, sheet, index, ref);
    if (pet?.due.some((d) => d.unconfirmed))
      void this.petChanged(client, sheet.date, pet, ref, undefined, otherRounds(sheet.round));
    return updated;
  }

  /**
   * Every other place the round is shown, drawn again where it holds the pets of the message tapped
   * (none keeps a dose given as still to give): the channel's post and the copies kept in the record
   * (Home's "Show the round" in a DM, a long /rounds answer). Never throws.
   */
  async #otherCopies(client: WebClient, sheet: Sheet, index: number, at: MessageRef): Promise<void> {
    const tapped = sheet.pets.filter((p) => p.message === index);
    // A copy's message showing a pet older than its entry from the paper is drawn again too.
    const paper = (await this.#roundEntries(sheet).catch(() => [])).filter((e) => e.paper);
    const holds: Holds = (other, i, ref) =>
      other.pets.some(
        (p) => p.message === i && tapped.some((q) => q.bookingId === p.bookingId && q.petId === p.petId),
      ) || this.#paperNewer(other, i, ref, paper);
    await Promise.all([
      this.#channelPost(client, sheet, holds, at),
      this.#keptCopies(client, sheet, holds, at),
    ]).catch(() => undefined);
  }

  /**
   * After the dose times' job drew the round's channel post again (a late or missed reply posted):
   * every copy of the round kept in the record, each of its messages holding a pet with an item not
   * recorded, so a DM copy shows the same "late" and "missed" as the post. Never throws.
   */
  async redrawCopies(client: WebClient, date: string, round: Round): Promise<void> {
    // Only the messages holding a pet with an item not recorded (the state a reply changes): a big
    // round's copies are not all drawn again at once (Slack's rate limit).
    const entries = await markedEntries(this.#deps, { date, round }).catch(() => undefined);
    const done = new Set((entries ?? []).map((e) => `${e.bookingId}|${e.petId}|${e.item}`));
    const open: Holds = (other, i) =>
      entries === undefined ||
      other.pets.some(
        (p) => p.message === i && p.due.some((d) => !done.has(`${p.bookingId}|${p.petId}|${d.item}`)),
      );
    await this.#keptCopies(client, { date, round }, open);
  }

  /**
   * After the pet's welfare flag changed, an as-needed dose of it was given or answered, or a dose
   * owed once a day recorded: the day's round posts (of `rounds`) and their kept copies, each message
   * holding the pet drawn again, but `at` (drawn already). `posted`: the posts read already. Never throws.
   */
  async petChanged(
    client: WebClient,
    date: string,
    pet: { bookingId: number; petId: number },
    at?: MessageRef,
    posted?: PostedParents,
    rounds: readonly Round[] = ROUNDS,
  ): Promise<void> {
    // The pet's message: one holding it on the sheet, or listing it with nothing to record there.
    const holds: Holds = (other, i) =>
      itemKeys(other, i).includes(sheetPetKey(pet.bookingId, pet.petId)) ||
      other.pets.some((p) => p.message === i && p.bookingId === pet.bookingId && p.petId === pet.petId);
    await Promise.all(
      rounds.map((round) =>
        Promise.all([
          this.#channelPost(client, { date, round }, holds, at, posted),
          this.#keptCopies(client, { date, round }, holds, at),
        ]),
      ),
    ).catch(() => undefined);
  }

  /** Whether message `i` of `other` at `ref` shows a pet older than its newest entry from the paper. */
  #paperNewer(other: Sheet, i: number, ref: MessageRef, paper: readonly Entry[]): boolean {
    if (paper.length === 0) return false;
    const shown = this.#shown.get(shownKey(other, i, ref.channel, ref.threadTs ?? ref.ts)) ?? 0;
    return paper.some(
      (e) =>
        e.id > shown &&
        other.pets.some((p) => p.message === i && p.bookingId === e.bookingId && p.petId === e.petId),
    );
  }

  /**
   * The rounds channel's scheduled post of the tapped sheet's date and round (unless the tap was on
   * it): its messages holding the pets tapped, found by their metadata (the posts `known`, else read). Never throws.
   */
  async #channelPost(
    client: WebClient,
    sheet: Pick<Sheet, "date" | "round">,
    holds: Holds,
    at?: MessageRef,
    known?: PostedParents,
  ): Promise<void> {
    const { config, clock, log, record } = this.#deps;
    const channel = config.rounds.channel;
    if (!this.#slack || !channel || !record) return;
    // As its "posted" record says: none, or the tap was on it: nothing asked of Slack.
    const day = { from: sheet.date, to: sheet.date };
    const posted = (known ?? (await postedParents(record, day).catch(() => undefined)))?.get(
      `${sheet.date}|${roundPost(sheet.round)}`,
    );
    if (!posted || (at && posted.channel === at.channel && [at.ts, at.threadTs].includes(posted.ts))) return;
    const place = { slack: this.#slack, channel, date: sheet.date, round: sheet.round };
    await redrawRoundPost(
      { ...place, timezone: config.timezone, now: clock.now() },
      this.#deps,
      (post, i, ref) => {
        const same = ref.channel === at?.channel && ref.ts === at?.ts;
        return same || !holds(post, i, ref) ? Promise.resolve() : this.redraw(client, post, i, ref);
      },
    ).catch((e: unknown) =>
      log.warn({ err: String((e as Error)?.message ?? e) }, "the channel's round post was not drawn again"),
    );
  }

  /**
   * The copies of the round kept in the record (src/answers/round-copies.ts) but the one tapped, the
   * newest COPIES_DRAWN: each message holding the pets tapped, drawn from the copy's own kept sheet.
   * A copy Slack no longer has (deleted, its channel gone) is logged and left alone after. Never throws.
   */
  async #keptCopies(
    client: WebClient,
    of: Sheet | { date: string; round: Round },
    holds: Holds,
    at?: MessageRef,
  ): Promise<void> {
    const sheets = new Map<number, Promise<Sheet | undefined>>(
      "id" in of ? [[of.id, Promise.resolve(of)]] : [],
    );
    const sheetOf = (id: number) => {
      const known = sheets.get(id) ?? loadSheet(this.#deps, id).catch(() => undefined);
      sheets.set(id, known);
      return known;
    };
    const drawCopy = async (copy: KeptCopy) => {
      const kept = await sheetOf(copy.sheet);
      if (!kept || kept.date !== copy.date || kept.round !== copy.round) return;
      // A copy in someone's DM shows the record drawn now only to whom may still see it (a guest since: left as it is).
      if (copy.user && !(await this.#deps.access.check(client, copy.user, undefined, { home: true })).ok)
        return;
      for (const [i, ts] of copy.parts.entries()) {
        const threadTs = copy.thread && i > 0 ? copy.parts[0] : undefined;
        const ref = { channel: copy.channel, ts, ...(threadTs ? { threadTs } : {}) };
        if (!holds(kept, i, ref) || this.#gone.has(`${copy.channel}:${ts}`)) continue;
        await this.redraw(client, kept, i, ref);
      }
    };
    try {
      const copies = otherCopies(await roundCopies(this.#deps, of.date, of.round), at);
      await Promise.all(
        copies.map((c) =>
          drawCopy(c).catch((e: unknown) =>
            this.#deps.log.warn(
              { channel: c.channel, err: String((e as Error)?.message ?? e) },
              "a copy of the round was not drawn again",
            ),
          ),
        ),
      );
    } catch (e) {
      this.#deps.log.warn(
        { err: String((e as Error)?.message ?? e) },
        "the round's other copies were not drawn again",
      );
    }
  }

  async #redrawNow(client: WebClient, sheet: Sheet, index: number, ref: MessageRef): Promise<boolean> {
    const { message, newest } = await this.#draw(sheet, index);
    const updated = await replaceMessage(this.#deps, client, ref, message, "update the round message", {
      refused: (code) => this.#forget(ref, code),
    });
    if (updated) this.#shown.set(shownKey(sheet, index, ref.channel, ref.threadTs ?? ref.ts), newest);
    return updated;
  }

  /** A message Slack says is no longer there, remembered (a bounded number) so its copy is not drawn again. */
  #forget(ref: MessageRef, code: string): void {
    if (!GONE.has(code)) return;
    if (this.#gone.size >= GONE_KEPT) this.#gone.clear();
    this.#gone.add(`${ref.channel}:${ref.ts}`);
  }

  /**
   * After a committed entry drew message `index` again: the round's other messages with a pet's entry
   * from the paper chart newer than this process last put there (`record enter` draws no Slack
   * message), each found in the post's thread by its part. Never throws.
   */
  async redrawChanged(client: WebClient, sheet: Sheet, index: number, at: MessageRef): Promise<void> {
    if (!this.#slack) return;
    const paper = (await this.#roundEntries(sheet)).filter((e) => e.paper);
    const parent = at.threadTs ?? at.ts;
    const here = { channel: at.channel, ts: parent };
    const stale = sheet.messages
      .map((_, i) => i)
      .filter((i) => i !== index && this.#paperNewer(sheet, i, here, paper));
    if (stale.length === 0) return;
    const where = { slack: this.#slack, channel: at.channel, date: sheet.date };
    const parts = await postParts(where, parent, roundPost(sheet.round)).catch(() => undefined);
    for (const i of stale) {
      const ts = parts?.get(i + 1);
      if (ts)
        await this.redraw(client, sheet, i, { channel: at.channel, ts, ...(i ? { threadTs: parent } : {}) });
    }
  }

  /** The round's entries (paper marks read): the tap's own redraw read them after its commit, else read now. */
  #roundEntries(sheet: Sheet): Promise<Entry[]> {
    if (this.#drawn?.sheet === sheet.id) return Promise.resolve(this.#drawn.entries);
    return markedEntries(this.#deps, { date: sheet.date, round: sheet.round });
  }

  /** The sheet's message `index` as the store has it now (what a redraw puts in place). */
  async draw(sheet: Sheet, index: number): Promise<Message> {
    return (await this.#draw(sheet, index)).message;
  }

  /** The sheet's message `index` as the store has it now, and the round's newest entry it shows. */
  async #draw(sheet: Sheet, index: number): Promise<{ message: Message; newest: number }> {
    const read = readDay(this.#deps, sheet.date); // once: the round's entries, and its day's rule
    const asked = read.then((d) => d.rounds.find((r) => r.round === sheet.round));
    const now = this.#deps.clock.now();
    const here = sheet.pets.filter((p) => p.message === index);
    const [{ rounds, entries: dayEntries }, asNeeded, witness, owed, plans, custody, welfare, lastGiven] =
      await Promise.all([
        read,
        prnDoses(this.#deps, { date: sheet.date }),
        dayWitnesses(this.#deps, sheet.date),
        asked,
        sheetPlansNow(this.#deps, sheet, index),
        sheetCustody(this.#deps, here, asked).catch(() => undefined),
        sheetWelfareNow(this.#deps, sheet, index),
        readLastGiven(this.#deps, sheet.date, here).catch(() => undefined),
      ]);
    const entries = dayEntries.filter((e) => e.round === sheet.round);
    this.#drawn = { sheet: sheet.id, entries };
    // Each item not recorded: its state now (late, missed, gone home…), as the round and its day say.
    const doses = { now, owed, day: dayNotDue(this.#deps, rounds, dayEntries, sheet.round, now) };
    const message = sheetMessage(sheet, index, {
      entries,
      timezone: this.#deps.config.timezone,
      asNeeded,
      witness,
      doses,
      plans,
      custody,
      welfare,
      lastGiven,
      onceGiven: await readDayOnceGiven(this.#deps, read, sheet.round),
    });
    return { message, newest: entries.reduce((n, e) => Math.max(n, e.id), 0) };
  }
}
