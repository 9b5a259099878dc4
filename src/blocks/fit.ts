/**
 * The last guard on a short message's size (help, a notice, the status: `docMessage`): when all of
 * its text passes the total budget, the longest texts are cut, with "…", until it fits. Nothing that
 * carries care comes here: it goes on in more messages (`docMessages`), never cut.
 */
import { LIMITS, messageChars } from "./limits.ts";
import { truncate } from "./mrkdwn.ts";
import type { Message, Mrkdwn } from "./types.ts";

export function fitMessage(message: Message, budget: number = LIMITS.messageText): Message {
  let over = messageChars(message) - budget;
  for (let guard = 0; over > 0 && guard < 200; guard++) {
    const texts: Mrkdwn[] = [];
    for (const b of message.blocks) {
      if (b.type === "section") {
        if (b.text) texts.push(b.text);
        texts.push(...(b.fields ?? []));
      }
      if (b.type === "context") for (const e of b.elements) if (e.type === "mrkdwn") texts.push(e);
    }
    const longest = texts.reduce<Mrkdwn | undefined>(
      (a, t) => (!a || t.text.length > a.text.length ? t : a),
      undefined,
    );
    if (!longest || longest.text.length <= 100) break;
    const before = longest.text.length;
    longest.text = truncate(longest.text, Math.max(100, before - over - 1));
    over -= before - longest.text.length;
  }
  return message;
}
