/** A notice, a refusal, a failure in words: one section. */
import type { Failure } from "../answers/failure.ts";
import { failureDoc } from "../present/kennel.ts";
import { docMessage, lineMrkdwn } from "./doc.ts";
import { LIMITS } from "./limits.ts";
import { section, truncate } from "./mrkdwn.ts";
import type { Message } from "./types.ts";

/** A notice written by Kennel Desk in mrkdwn (any API or user text in it already escaped). */
export function noticeMessage(mrkdwnText: string): Message {
  return {
    text: truncate(mrkdwnText.replace(/[*`]/g, ""), LIMITS.fallbackText),
    blocks: [section(mrkdwnText)],
  };
}

/** A failure: what happened, what to do, and the request id to quote (src/present/kennel.ts). */
export function failureMessage(f: Failure): Message {
  return docMessage(failureDoc(f));
}

/** A failure as the text of one private answer (what happened, what to do, the request id to quote). */
export function failureText(f: Failure): string {
  return failureDoc(f)
    .parts.flatMap((p) => (p.kind === "text" ? p.lines.map(lineMrkdwn) : []))
    .join("\n");
}

export const STALE_BUTTON = "That button is out of date. Run the command again.";
