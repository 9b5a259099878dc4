/**
 * What Slack refuses of a message (chat.postMessage, chat.postEphemeral, chat.update, a response_url
 * answer), by the checks the tests make (src/blocks/limits.ts), with Slack's error: a message whose
 * blocks break Block Kit (more than 50, one past its own limits, a block_id past 255 characters, a
 * block_id or an action_id twice) is `invalid_blocks`; one past the text budget in all is `msg_blocks_too_long` (docs/slack.md); text
 * alone past 40,000 characters is `msg_too_long`. And what Slack refuses of a view (views.open,
 * views.push, views.update, views.publish, a submission's answer): one past its size in all (the
 * UTF-8 bytes of its JSON past `LIMITS.viewBytes`, Slack's 250 kB less a margin) is `view_too_large`;
 * one past a view's other limits or a block's (viewViolations) is `invalid_arguments`, each problem
 * said in `response_metadata.messages` as Slack says them ("[ERROR] …"). So the preview and the e2e
 * tests fail where Slack would.
 */
import {
  blocksViolations,
  duplicateActionIds,
  LIMITS,
  messageChars,
  tooLarge,
  viewViolations,
} from "../blocks/limits.ts";
import type { Block } from "../blocks/types.ts";

/** Slack's longest text of a message without blocks. */
const TEXT_ALONE = 40_000;

/** Slack's error for a message it would not post, or undefined when it would. */
export function messageRefusal(body: Record<string, unknown>): string | undefined {
  const text = typeof body.text === "string" ? body.text : "";
  if (!Array.isArray(body.blocks)) return text.length > TEXT_ALONE ? "msg_too_long" : undefined;
  const message = { text, blocks: body.blocks as Block[] };
  try {
    if (blocksViolations(message.blocks).length > 0 || duplicateActionIds(message).length > 0)
      return "invalid_blocks";
    return messageChars(message) > LIMITS.messageText ? "msg_blocks_too_long" : undefined;
  } catch {
    // A block not shaped as Block Kit's (text missing where it is required).
    return "invalid_blocks";
  }
}

/**
 * Slack's answer to a view it would not show, undefined when it would: `view_too_large` for one past
 * its size in all (whatever else is wrong with it), else `invalid_arguments`; each
 * with what is wrong.
 */
export function viewRefusal(
  view: unknown,
): { error: "invalid_arguments" | "view_too_large"; response_metadata: { messages: string[] } } | undefined {
  const size = tooLarge(view);
  if (size) return { error: "view_too_large", response_metadata: { messages: [`[ERROR] ${size}`] } };
  let problems: string[];
  try {
    problems = viewViolations(view);
  } catch {
    // A block not shaped as Block Kit's (text missing where it is required).
    problems = ["a block not shaped as Block Kit's"];
  }
  if (problems.length === 0) return undefined;
  return { error: "invalid_arguments", response_metadata: { messages: problems.map((p) => `[ERROR] ${p}`) } };
}
