/**
 * A welfare post's message drawn again from the record after each committed check (the kept list,
 * the day's checks, meals and flags: src/answers/welfare.ts), put in place with chat.update (or the
 * tap's response_url when chat.update cannot; src/listeners/message-redraw.ts): nothing is read back
 * from Slack, one redraw at a time per message, a tap while one waits joins it. The flags a check opened are posted in the post's thread, each with its buttons.
 */
import type { webApi } from "@slack/bolt";
import { welfareBoard } from "../answers/welfare.ts";
import { loadFlag, openWelfareFlags } from "../answers/welfare-flags.ts";
import type { WelfareList } from "../answers/welfare-store.ts";
import { flagMessages, flagsListMessages, welfareMessage } from "../blocks/welfare.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import { localDate } from "../time.ts";
import type { BotDeps } from "./bot-deps.ts";
import { MessageRedraw, replaceMessage } from "./message-redraw.ts";
import type { MessageRef } from "./record-round.ts";
import { type PartsAt, postParts, replaceParts } from "./replace-parts.ts";

type WebClient = webApi.WebClient;

export class WelfareRedraw {
  readonly #deps: BotDeps;
  /** One redraw at a time per message; taps waiting behind one in flight share the next. */
  readonly #messages: MessageRedraw;

  constructor(deps: BotDeps) {
    this.#deps = deps;
    this.#messages = new MessageRedraw(deps, { join: true });
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

  /** Posts each flag just opened in the thread of the message the check was made on. */
  async postFlags(client: WebClient, flags: WelfareFlag[], ref: MessageRef): Promise<void> {
    for (const f of flags) {
      const messages = flagMessages(f, this.#deps.config.timezone);
      const { error } = await postParts(client, ref.channel, messages, ref.threadTs ?? ref.ts);
      if (error) this.#deps.log.warn({ flag: f.id, err: error }, "could not post a welfare flag");
    }
  }
}
