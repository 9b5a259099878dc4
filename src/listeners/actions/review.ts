/**
 * "✅ Reviewed…" on the day's review post (issue 50), through the pipeline
 * (src/listeners/interaction.ts): the tap opens the form (a note); the form's submission is kept in
 * the care record (a record of kind `review`: who, when, the note, in the chain), then acknowledged,
 * then the post is drawn again from the record with the review on it.
 */
import type { App } from "@slack/bolt";
import { describeFailure } from "../../answers/failure.ts";
import { dayReview, recordReview } from "../../answers/review.ts";
import { readReview, reviewButton, reviewForm, reviewMessages, reviewModal } from "../../blocks/review.ts";
import type { BotDeps } from "../bot-deps.ts";
import { type Located, onForm, onTap, sealed, type Tap } from "../interaction.ts";
import type { MessageRef } from "../record-round.ts";
import { replaceParts, tappedBlocks, tappedParts } from "../replace-parts.ts";

const NO_RECORD = "This Kennel Desk keeps no care record: there is nothing to mark reviewed.";

/** A review needs the care record; the day is the button's or the form's own. */
const withRecord = async (deps: BotDeps): Promise<Located<undefined>> =>
  deps.record ? { ok: true, found: undefined } : { ok: false, refusal: NO_RECORD };

/**
 * The form's metadata: where the post is, by its first part (a tap on a further part of a long
 * review names it: src/blocks/parts.ts) and how many parts it has, so the post is drawn again in place.
 */
function reviewMeta(
  d: string,
  where: Tap<unknown, unknown, MessageRef>["where"],
  at: MessageRef,
  body: unknown,
) {
  const first = tappedParts(at, tappedBlocks(body));
  return {
    d,
    ...where,
    c: first.channel,
    t: first.ts,
    pn: first.parts,
    ...(first.ts === at.ts ? {} : { u: undefined }),
  };
}

export function registerReview(app: App, deps: BotDeps): void {
  onTap(app, deps, {
    button: reviewButton,
    what: "a review button",
    onMessage: true,
    opens: true,
    locate: withRecord,
    run: (t) =>
      t.open(reviewModal(sealed(deps, reviewForm, reviewMeta(t.ids.d, t.where, t.at, t.body)), t.ids.d)),
  });
  onForm(app, deps, {
    form: reviewForm,
    what: "a review form",
    forged: "That form is not one Kennel Desk opened: nothing was recorded.",
    to: (meta) => ({ channel: meta.at.channel, responseUrl: meta.at.responseUrl }),
    locate: withRecord,
    async run(f) {
      const read = readReview(f.values as never);
      if (!read.ok) return await f.atFields(read.errors);
      await recordReview(deps, f.meta.date, read.note, f.who, f.requestKey);
      await f.ack.send();
      try {
        const messages = reviewMessages(await dayReview(deps, f.meta.date), deps.config.timezone);
        const { channel, ts, parts } = f.meta.at;
        const at = { channel, ts, parts };
        if (!(await replaceParts(deps, f.client, at, messages, "draw the day's review post again")))
          throw new Error("the day's review post was not drawn again");
        if (f.ack.late) await f.tell("✅ Recorded: the day marked reviewed.");
      } catch (error) {
        deps.log.warn({ failure: describeFailure(error) }, "the day's review post could not be drawn again");
        await f.tell(
          "✅ Recorded: the day marked reviewed (kept in the care record; the post could not be updated just now, so it may not show it yet).",
        );
      }
    },
  });
}
