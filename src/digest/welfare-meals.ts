/**
 * Welfare flags opened by meals (the off-food rule: two meals in a row eaten in part or not at all):
 * after each committed round entry (src/listeners: `roundCheck.changed`), the pets whose meal of
 * that round was not eaten in full are looked at, and a flag each episode opens is posted in the
 * thread of that day's welfare post for the pet (or, with none, in the welfare channel). One look at
 * a time per round, a burst of taps making one more look, not one each; a failure is logged.
 */

import { raiseFlags } from "../answers/welfare-flags.ts";
import { readLists } from "../answers/welfare-store.ts";
import { firstPart } from "../blocks/parts.ts";
import { flagMessages } from "../blocks/welfare.ts";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import { KeyedSerial } from "../process/serial.ts";
import { DIGEST_EVENT, historyStartTs, ownMessages, postsFor } from "./post.ts";
import type { ScheduledPost } from "./posts.ts";
import { type DigestSlack, postFurther } from "./slack.ts";
import { slugOfArea, welfareKindOf } from "./welfare-kinds.ts";

export class WelfareMealWatch {
  readonly #deps: Deps;
  readonly #slack: DigestSlack;
  readonly #posts: readonly ScheduledPost[];
  /** One look at a time per round; a burst of taps makes one more look, not one each. */
  readonly #looks: KeyedSerial<void>;

  constructor(deps: Deps, slack: DigestSlack, posts: readonly ScheduledPost[]) {
    this.#deps = deps;
    this.#slack = slack;
    this.#posts = posts;
    this.#looks = new KeyedSerial((key, error) => {
      deps.log.warn(
        { round: key, err: String((error as Error)?.message ?? error) },
        "welfare flags from meals not raised",
      );
    });
  }

  /** Resolves when the look is done; never throws (a failure is logged). */
  changed(date: string, round: Round): Promise<void> {
    return this.#looks.run(`${date}|${round}`, () => this.#look(date, round));
  }

  async #look(date: string, round: Round): Promise<void> {
    const store = this.#deps.record;
    if (!store || this.#deps.config.welfare.rounds.length === 0) return;
    const entries = await store.entries({ date, round });
    const off = new Set(
      entries
        .filter(
          (e) =>
            e.item === "meal" &&
            e.supersededBy === undefined &&
            (e.outcome === "ate_none" || e.outcome === "ate_some"),
        )
        .map((e) => e.petId),
    );
    for (const petId of off) {
      const opened = await raiseFlags(this.#deps, date, { petId, mealsOnly: true });
      for (const f of opened) await this.#post(f, date);
    }
  }

  /** In the thread of the day's welfare post listing the pet, else in the welfare channel. */
  async #post(flag: WelfareFlag, date: string): Promise<void> {
    const w = this.#deps.config.welfare;
    const mine = this.#posts.filter((p) => welfareKindOf(p.kind)?.part === "post");
    const channel = mine[0]?.channel ?? w.channel;
    if (!channel) return;
    let threadTs: string | undefined;
    const lists = (
      await Promise.all(
        w.rounds.map((r) => readLists(this.#deps.record as NonNullable<Deps["record"]>, date, r)),
      )
    ).flat();
    const list = lists
      .reverse()
      .find((l) => l.pets.some((p) => p.petId === flag.petId && p.bookingId === flag.bookingId));
    if (list) {
      const slug = slugOfArea(w, list.area);
      const kind = `welfare:${list.round}${slug ? `:${slug}` : ""}`;
      const read = await this.#slack.history(
        channel,
        historyStartTs(date, this.#deps.config.timezone, this.#deps.clock.now()),
      );
      threadTs = postsFor(await ownMessages(this.#slack, channel, read), DIGEST_EVENT, date, kind)[0]?.ts;
    }
    // A flag too long for one message: its further parts after it, in the same thread.
    const messages = flagMessages(flag, this.#deps.config.timezone);
    const ts = await this.#slack.post(channel, firstPart(messages), { threadTs });
    await postFurther(this.#slack, channel, messages, { firstTs: ts, threadTs: threadTs ?? ts });
  }
}
