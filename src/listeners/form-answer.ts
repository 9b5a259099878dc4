/**
 * A form's answer as Slack takes it (src/listeners/interaction.ts): `errors` name only the view's
 * input blocks. Slack refuses an answer naming any other block, and the person then sees a failure
 * with no words at all; so an error keyed to a block the view does not have as an input is said on
 * its first input block, beside what that one says already, and a view with no input block is
 * replaced by the words (nothing was recorded). Every other answer goes as it is.
 */
import { refusalView } from "../blocks/record-modal.ts";
import type { DeadlineAck } from "./ack.ts";

/**
 * A form's errors told privately when its answer came too late to show them on the form: "⚠️ Nothing
 * was recorded: Say why it was given. Open the form again." A message is mrkdwn: an error naming a
 * pet or a drug in the kennel system's words could carry `<!channel>`. Some forms' errors come
 * escaped already (src/listeners/actions/record-submit.ts), others as plain words, so every `<` and
 * `>` left is escaped here: neither kind can make a mention or a link, and an escaped one is unchanged.
 */
export const notRecorded = (errors: string[]) =>
  `⚠️ Nothing was recorded: ${[...new Set(errors)].join(" ").replace(/</g, "&lt;").replace(/>/g, "&gt;")} Open the form again.`;

/** The input blocks' ids of a view as Slack sent it: the only ids an `errors` answer may name. */
function inputIds(view: { blocks?: unknown }): string[] {
  const blocks: unknown[] = Array.isArray(view.blocks) ? view.blocks : [];
  return blocks.flatMap((b) => {
    const { type, block_id } = (b ?? {}) as { type?: unknown; block_id?: unknown };
    return type === "input" && typeof block_id === "string" ? [block_id] : [];
  });
}

/** `answer` as Slack takes it on `view`. */
function shownAnswer<R>(answer: R, view: { blocks?: unknown }): R {
  const a = answer as { response_action?: unknown; errors?: unknown } | undefined;
  if (a?.response_action !== "errors" || !a.errors || typeof a.errors !== "object") return answer;
  const errors = a.errors as Record<string, string>;
  const ids = inputIds(view);
  const lost = Object.keys(errors).filter((k) => !ids.includes(k));
  if (lost.length === 0) return answer;
  const [first] = ids;
  if (first === undefined)
    return { response_action: "update", view: refusalView(notRecorded(Object.values(errors))) } as R;
  const kept = Object.entries(errors).filter(([k]) => ids.includes(k));
  const here = [errors[first], ...lost.map((k) => errors[k])].filter((w): w is string => Boolean(w));
  return {
    response_action: "errors",
    errors: { ...Object.fromEntries(kept), [first]: [...new Set(here)].join(" ") },
  } as R;
}

/** A form's ack whose every answer is as Slack takes it on `view` (shownAnswer). */
export function answersOn<T>(ack: DeadlineAck<T>, view: { blocks?: unknown }): DeadlineAck<T> {
  return {
    send: (response) => ack.send(response === undefined ? response : shownAnswer(response, view)),
    get late() {
      return ack.late;
    },
  };
}
