/**
 * A welfare post's message drawn again from the record after each committed check (the kept list,
 * the day's checks, meals and flags: src/answers/welfare.ts), put in place with chat.update (or the
 * tap's response_url when chat.update cannot; src/listeners/message-redraw.ts): nothing is read back
 * from Slack, one redraw at a time per message, a tap while one waits joins it. The flags a check opened are posted in the post's thread, each with its buttons.
 * After a flag opens, and after its advice or resolution, every channel message showing the flag is
 * drawn again (`flagChanged`): the pet's message on each kept list holding the pet of every day from
 * the flag's first entry to today (a post of a day between shows the flag too: a list shows its
 * stay's open flags), the last 31 days at most, and of the flag's own days however old; found from
 * the kept lists and the posts' "posted" records (src/digest/post-claims.ts), read for the days at
 * once, and, for a reply, one read of the post's thread; the round posts of those days (and their
 * kept copies) holding the pet, so their flag line reads as the flag stands
 * (src/listeners/record-round.ts petChanged); and, when the form came from the Home tab, the flag's
 * own message in that thread.
 */
import type { webApi } from "@slack/bolt";
import { welfareBoard } from "../answers/welfare.ts";
import { loadFlag, openWelfareFlags } from "../answers/welfare-flags.ts";
import { type ListPet, readListsBetween, type WelfareList } from "../answers/welfare-store.ts";
import { partPlace, type ThreadMessage } from "../blocks/parts.ts";
import { flagAdvice, flagMessages, flagsListMessages, welfareMessage, welfareOk } from "../blocks/welfare.ts";
import { type PostedParents, postedParents } from "../digest/post-claims.ts";
import { roundPost } from "../digest/posts.ts";
import { slugOfArea, welfareParentKind } from "../digest/welfare-kinds.ts";
import { flagPostDays, type WelfareFlag } from "../domain/welfare-flag.ts";
import { addDays, localDate } from "../time.ts";
import type { BotDeps } from "./bot-deps.ts";
import { MessageRedraw, replaceMessage } from "./message-redraw.ts";
import type { MessageRef } from "./record-round.ts";
import { type PartsAt, postParts, replaceParts, threadOf } from "./replace-parts.ts";

type WebClient = webApi.WebClient;
type Store = NonNullable<BotDeps["record"]>;
/** What draws again the round posts' messages holding a pet (src/listeners/record-round.ts SheetRedraw). */
type RoundsOfPet = {
  petChanged(
    client: WebClient,
    date: string,
    pet: { bookingId: number; petId: number },
    at?: MessageRef,
    posted?: PostedParents,
  ): Promise<void>;
};

export class WelfareRedraw {
  readonly #deps: BotDeps;
  /** One redraw at a time per message; taps waiting behind one in flight share the next. */
  readonly #messages: MessageRedraw;
  /** The round posts' recorder (src/listeners/record-round.ts): their pet's flag line drawn as it stands. */
  readonly #rounds: RoundsOfPet | undefined;

  constructor(deps: BotDeps, rounds?: RoundsOfPet) {
    this.#deps = deps;
    this.#messages = new MessageRedraw(deps, { join: true });
    this.#rounds = rounds;
  }

  /** Draws the list's message `index` from the store and puts it in place; false when it could not be. */
  redraw(client: WebClient, list: WelfareList, index: number, ref: MessageRef): Promise<boolean> {
    return this.#messages.redraw(ref, "a welfare message", async () => {
      const board = await welfareBoard(this.#deps, list);
      const message = welfareMessage(board, index, { timezone: this.#deps.config.timezone });
      return replaceMessage(this.#deps, client, ref, message, "update a welfare message");
    });
  }

  /**
   * Draws a flag's message again from the record: the flag in the post's thread, or the Home tab's
   * list of open flags (`onHomeList`); false when it could not be.
   */
  redrawFlag(
    client: WebClient,
    o: { flagId: number; onHomeList: boolean; at: PartsAt & MessageRef },
  ): Promise<boolean> {
    const tz = this.#deps.config.timezone;
    return this.#messages.redraw(o.at, "a welfare message", async () => {
      const flag = await loadFlag(this.#deps, o.flagId);
      if (!flag) return false;
      const today = localDate(this.#deps.clock.now(), tz);
      const messages = o.onHomeList
        ? flagsListMessages(await openWelfareFlags(this.#deps, today), today, tz)
        : flagMessages(flag, tz);
      return replaceParts(this.#deps, client, o.at, messages, "update a welfare message");
    });
  }

  /**
   * Every channel message showing the flag drawn again from the record, after it opened or its
   * advice or resolution was committed (and acked): the pet's message on each kept list naming it,
   * every day from the flag's first entry to today (src/domain/welfare-flag.ts `flagPostDays`: the
   * last 31 at most, and the flag's own days), and (`ownMessage`: the form came from the Home tab's
   * list) the flag's own message in its post's thread. Each failure logged, never thrown.
   */
  async flagChanged(client: WebClient, flag: WelfareFlag, o: { ownMessage: boolean }): Promise<void> {
    try {
      await this.#flagChanged(client, flag, o.ownMessage);
    } catch (error) {
      this.#deps.log.warn(
        { flag: flag.id, err: String((error as Error)?.message ?? error) },
        "the welfare posts showing a flag were not drawn again",
      );
    }
  }

  async #flagChanged(client: WebClient, flag: WelfareFlag, ownMessage: boolean): Promise<void> {
    const store = this.#deps.record;
    if (!store) return;
    const today = localDate(this.#deps.clock.now(), this.#deps.config.timezone);
    const thread = threadsOnce(client);
    // The flag's own message: in the thread of the post it was opened on (its last entry's round first).
    const last = flag.entries.at(-1);
    let flagAt: { channel: string; parent: string }[] = [];
    for (const days of flagPostDays(flag, today)) {
      // The days' posts, as their "posted" records say: one read of the record for every day and round
      // (when it fails, each day's round posts read their own, and the welfare posts' read says why).
      const posted = await postedParents(store, days).catch(() => undefined);
      // The round posts of those days holding the pet too: their flag line reads as the flag stands.
      for (let d = days.from; d <= days.to; d = addDays(d, 1))
        await this.#rounds?.petChanged(client, d, flag, undefined, posted);
      for (const shown of await petPosts(store, this.#deps.config.welfare, days, flag, posted)) {
        const { date, list, parent } = shown;
        if (ownMessage && date === flag.date) {
          const mine = { channel: parent.channel, parent: parent.ts };
          flagAt = list.round === last?.round ? [mine, ...flagAt] : [...flagAt, mine];
        }
        await this.#redrawPet(client, shown, thread);
      }
    }
    const value = flagAdvice.encode({ f: flag.id });
    for (const { channel, parent } of flagAt) {
      const found = (await thread(channel, parent)).find((m) => valuesIn(m.blocks).includes(value));
      if (!found) continue;
      const at = { channel, ts: found.ts, threadTs: parent, parts: partPlace(found.blocks).n };
      await this.redrawFlag(client, { flagId: flag.id, onHomeList: false, at });
      return;
    }
  }

  /** The post's message holding the pet drawn again (a thread reply found by one read of the thread). */
  async #redrawPet(client: WebClient, { list, pet, parent }: PetPost, thread: Threads): Promise<void> {
    let ts: string | undefined = parent.ts;
    if (this.#deps.config.welfare.inRound || pet.message > 0) {
      const value = welfareOk.encode({ l: list.id, b: pet.bookingId, p: pet.petId });
      ts = (await thread(parent.channel, parent.ts)).find(
        (m) => m.ts !== parent.ts && valuesIn(m.blocks).includes(value),
      )?.ts;
    }
    if (!ts) return;
    const threadTs = ts === parent.ts ? undefined : parent.ts;
    await this.redraw(client, list, pet.message, { channel: parent.channel, ts, threadTs });
  }

  /** Posts each flag just opened in the thread of the message the check was made on. */
  async postFlags(client: WebClient, flags: WelfareFlag[], ref: MessageRef): Promise<void> {
    for (const f of flags) {
      const messages = flagMessages(f, this.#deps.config.timezone);
      const { error } = await postParts(client, ref.channel, messages, ref.threadTs ?? ref.ts);
      if (error) this.#deps.log.warn({ flag: f.id, err: error }, "could not post a welfare flag");
    }
  }
}

/** A day's post whose kept list holds the flag's pet: the list, the pet on it, where the post is. */
interface PetPost {
  date: string;
  list: WelfareList;
  pet: ListPet;
  parent: { channel: string; ts: string };
}

/**
 * The posts of the days `from` to `to` whose kept list holds the flag's pet (each round's and area's
 * last list kept), day by day, then round by round: two reads of the record whatever the days (one
 * when the posts were read already, `known`).
 */
async function petPosts(
  store: Store,
  w: BotDeps["config"]["welfare"],
  days: { from: string; to: string },
  flag: WelfareFlag,
  known?: PostedParents,
): Promise<PetPost[]> {
  const [lists, posted] = await Promise.all([
    readListsBetween(store, days),
    known ?? postedParents(store, days),
  ]);
  const out: PetPost[] = [];
  for (const date of [...new Set(lists.map((l) => l.date))].sort()) {
    const ofDay = w.rounds.flatMap((r) => lists.filter((l) => l.date === date && l.round === r));
    // The last list kept for each round and area (a replica's identical one is the same record).
    for (const list of new Map(ofDay.map((l) => [`${l.round}|${l.area}`, l])).values()) {
      const pet = list.pets.find((p) => p.bookingId === flag.bookingId && p.petId === flag.petId);
      const kind = w.inRound
        ? roundPost(list.round)
        : welfareParentKind({ part: "post", round: list.round, slug: slugOfArea(w, list.area) }, false);
      const parent = posted.get(`${date}|${kind}`);
      if (pet && parent) out.push({ date, list, pet, parent });
    }
  }
  return out;
}

type Threads = (channel: string, ts: string) => Promise<ThreadMessage[]>;

/** A thread's messages, read from Slack once however many posts' messages are found in it. */
function threadsOnce(client: WebClient): Threads {
  const threads = new Map<string, Promise<ThreadMessage[]>>();
  return (channel, ts) => {
    const key = `${channel}:${ts}`;
    if (!threads.has(key)) threads.set(key, threadOf(client, channel, ts));
    return threads.get(key) as Promise<ThreadMessage[]>;
  };
}

/** Every button value in a message's blocks. */
function valuesIn(blocks: unknown): string[] {
  if (Array.isArray(blocks)) return blocks.flatMap(valuesIn);
  if (!blocks || typeof blocks !== "object") return [];
  const o = blocks as Record<string, unknown>;
  const own = o.type === "button" && typeof o.value === "string" ? [o.value] : [];
  return [...own, ...Object.values(o).flatMap((v) => (v && typeof v === "object" ? valuesIn(v) : []))];
}
