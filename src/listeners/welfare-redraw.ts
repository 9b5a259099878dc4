/**
 * A welfare post's message drawn again from the record after each committed check (the kept list,
 * the day's checks, meals and flags: src/answers/welfare.ts), put in place with chat.update (or the
 * tap's response_url when chat.update cannot): nothing is read back from Slack. Redraws of one
 * message run one after the other, each reading the store afresh when it starts, so the last one is
 * current; a tap while one waits joins it. The
 * flags a check opened are posted in the post's thread, each with its buttons.
 */
import type { webApi } from "@slack/bolt";
import { welfareBoard } from "../answers/welfare.ts";
import type { WelfareList } from "../answers/welfare-store.ts";
import type { Message } from "../blocks/types.ts";
import { flagMessage, welfareMessage } from "../blocks/welfare.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import type { BotDeps } from "./bot-deps.ts";
import { usableResponseUrl } from "./guard.ts";
import type { MessageRef } from "./record-round.ts";

type WebClient = webApi.WebClient;

/** Puts a message in place of the one at `ref`: chat.update, else the tap's response_url. */
export async function replaceMessage(
  deps: BotDeps,
  client: WebClient,
  ref: MessageRef,
  message: Message,
): Promise<boolean> {
  try {
    await client.chat.update({
      channel: ref.channel,
      ts: ref.ts,
      text: message.text,
      blocks: message.blocks as never,
    });
    return true;
  } catch (error) {
    const url = usableResponseUrl(ref.responseUrl);
    const replaced =
      url !== undefined &&
      (await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ replace_original: true, text: message.text, blocks: message.blocks }),
        redirect: "error",
        signal: AbortSignal.timeout(5000),
      }).then(
        (r) => r.ok,
        () => false,
      ));
    if (!replaced)
      deps.log.warn(
        { channel: ref.channel, ts: ref.ts, err: String((error as Error)?.message ?? error) },
        "could not update a welfare message",
      );
    return replaced;
  }
}

export class WelfareRedraw {
  readonly #deps: BotDeps;
  readonly #chains = new Map<string, Promise<boolean>>();
  /** Redraws waiting for the one before them: a burst of taps makes one more redraw, not one each. */
  readonly #queued = new Map<string, Promise<boolean>>();

  constructor(deps: BotDeps) {
    this.#deps = deps;
  }

  /** Draws the list's message `index` from the store and puts it in place; false when it could not be. */
  redraw(client: WebClient, list: WelfareList, index: number, ref: MessageRef): Promise<boolean> {
    const key = `${ref.channel}:${ref.ts}`;
    // A redraw queued and not started yet reads the store when it starts: this tap's check with it.
    const queued = this.#queued.get(key);
    if (queued) return queued;
    const previous = this.#chains.get(key) ?? Promise.resolve(true);
    const next = previous
      .catch(() => false)
      .then(async () => {
        this.#queued.delete(key);
        const board = await welfareBoard(this.#deps, list);
        const message = welfareMessage(board, index, { timezone: this.#deps.config.timezone });
        return replaceMessage(this.#deps, client, ref, message);
      })
      .catch((error: unknown) => {
        this.#deps.log.warn(
          { err: String((error as Error)?.message ?? error) },
          "could not redraw a welfare message",
        );
        return false;
      });
    this.#chains.set(key, next);
    this.#queued.set(key, next);
    return next.finally(() => {
      if (this.#chains.get(key) === next) this.#chains.delete(key);
    });
  }

  /** Posts each flag just opened in the thread of the message the check was made on. */
  async postFlags(client: WebClient, flags: WelfareFlag[], ref: MessageRef): Promise<void> {
    for (const f of flags) {
      const m = flagMessage(f, this.#deps.config.timezone);
      await client.chat
        .postMessage({
          channel: ref.channel,
          thread_ts: ref.threadTs ?? ref.ts,
          text: m.text,
          blocks: m.blocks as never,
        })
        .catch((error: unknown) => {
          this.#deps.log.warn(
            { flag: f.id, err: String((error as Error)?.message ?? error) },
            "could not post a welfare flag",
          );
        });
    }
  }
}
