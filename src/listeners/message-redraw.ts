/**
 * A Slack message drawn again from the care record and put in place: the one mechanism behind the
 * round posts (src/listeners/record-round.ts), the welfare posts (src/listeners/welfare-redraw.ts)
 * and the plans post (src/listeners/plan-redraw.ts). Redraws of one message run one after the other,
 * each drawing from the store when it starts, so the last one is current; with `join`, a redraw
 * asked for while one waits behind the one in flight shares it (it reads the store after their
 * commits), so a burst of taps makes one more chat.update, not one each. A redraw begins once the
 * requests already waiting on the server's sockets are read (`afterWaitingRequests`), and draws of
 * different messages take turns, one a turn of the event loop, so in a burst each tap's commit and
 * ack go before the drawing of the taps before it (issue 48). Nothing is read back from Slack: the
 * message equals the record.
 */
import type { webApi } from "@slack/bolt";
import type { Message } from "../blocks/types.ts";
import { KeyedSerial } from "../process/serial.ts";
import { UpdateRefused, updateMessage } from "../slack/chat-update.ts";
import type { BotDeps } from "./bot-deps.ts";
import { usableResponseUrl } from "./guard.ts";
import { slackError } from "./post-thread.ts";

type WebClient = webApi.WebClient;

/** Where a message is, and the tap's response_url for when chat.update cannot change it. */
interface Where {
  channel?: string | undefined;
  ts?: string | undefined;
  responseUrl?: string | undefined;
}

const words = (error: unknown) => String((error as Error)?.message ?? error);

/**
 * Puts `message` in place of the one at `ref`: chat.update (src/slack/chat-update.ts), else the tap's response_url (a message
 * Slack made from a command's response_url answer, say). False, and logged as `what`, when neither could;
 * `refused` is told Slack's word when it refused the update ("message_not_found").
 */
export async function replaceMessage(
  deps: BotDeps,
  client: WebClient,
  ref: Where,
  message: Message,
  what: string,
  o: { refused?: (code: string) => void } = {},
): Promise<boolean> {
  try {
    if (!ref.channel || !ref.ts) throw new Error("no message to update");
    await updateMessage(client, {
      channel: ref.channel,
      ts: ref.ts,
      text: message.text,
      blocks: message.blocks,
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
    if (!replaced) {
      deps.log.warn({ channel: ref.channel, ts: ref.ts, err: words(error) }, `could not ${what}`);
      o.refused?.(error instanceof UpdateRefused ? error.slackError : slackError(error));
    }
    return replaced;
  }
}

/**
 * Resolves once the event loop has read what is waiting on its sockets (a full turn of the loop: its
 * I/O is read between the two checks). Drawing a message is the heaviest work after a tap's ack, all
 * of it on the event loop (the store's reads are synchronous), so without this a burst's next tap was
 * not even read until the tap before it had drawn its message, and its ack waited for that drawing:
 * most in a new process, where the drawing runs slowest (issue 48, the first tap after a restart).
 */
const afterWaitingRequests = (): Promise<void> =>
  new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

export class MessageRedraw {
  readonly #deps: BotDeps;
  /** One redraw at a time per message, each reading the store afresh: the last one wins, and is current. */
  readonly #messages: KeyedSerial<boolean>;
  /**
   * The last draw's turn. Draws of different messages take turns, a full turn of the event loop
   * apart: each begins once the draw before it has done its part on the event loop and the requests
   * waiting meanwhile are read. Begun in the same turn, they drew one after the other with nothing
   * read between: after a restart, the first taps on three round messages drew three 150-pet parts
   * (5–10 ms each) back to back, and the next tap's ack waited 44–54 ms for them (issue 48).
   */
  #lastTurn: Promise<void> = Promise.resolve();

  constructor(deps: BotDeps, options: { join: boolean }) {
    this.#deps = deps;
    this.#messages = new KeyedSerial(() => false, options);
  }

  /**
   * Runs `draw` (which reads the store and puts the message in place) after the message's redraws
   * before it. False when it could not (logged as `what`): the entries are committed by then, so
   * "not shown yet", never "not recorded".
   */
  redraw(at: { channel: string; ts: string }, what: string, draw: () => Promise<boolean>): Promise<boolean> {
    return this.#messages.run(`${at.channel}:${at.ts}`, () =>
      this.#turn()
        .then(draw)
        .catch((error: unknown) => {
          this.#deps.log.warn(
            { channel: at.channel, ts: at.ts, err: words(error) },
            `could not redraw ${what}`,
          );
          return false;
        }),
    );
  }

  /** Resolves when this draw may begin: after the draw before it began and a turn of the event loop. */
  #turn(): Promise<void> {
    const mine = this.#lastTurn.then(afterWaitingRequests);
    this.#lastTurn = mine;
    return mine;
  }
}
