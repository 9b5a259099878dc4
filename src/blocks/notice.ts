/** A notice, a refusal, a failure in words: one section. */
import type { Failure } from "../answers/failure.ts";
import { LIMITS } from "./limits.ts";
import { esc, fallback, section, truncate } from "./mrkdwn.ts";
import type { Message } from "./types.ts";

/** A notice written by Kennel Desk in mrkdwn (any API or user text in it already escaped). */
export function noticeMessage(mrkdwnText: string): Message {
  return {
    text: truncate(mrkdwnText.replace(/[*`]/g, ""), LIMITS.fallbackText),
    blocks: [section(mrkdwnText)],
  };
}

/** A failure: what happened, what to do, and the request id to quote. */
export function failureMessage(f: Failure): Message {
  const id = f.requestId ? `\nRequest id: \`${esc(f.requestId)}\` (quote it to support)` : "";
  const text = `⚠️ ${esc(f.what)}\n${esc(f.whatToDo)}${id}`;
  return { text: fallback(`${f.what} ${f.whatToDo}`), blocks: [section(text)] };
}

export const STALE_BUTTON = "That button is out of date. Run the command again.";
