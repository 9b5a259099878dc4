/**
 * "✅ Reviewed…" on the day's review post (issue 50), through the pipeline
 * (src/listeners/interaction.ts): the tap opens the form (a note); the form's submission is kept in
 * the care record (a record of kind `review`: who, when, the note, in the chain), then acknowledged,
 * then the post is drawn again from the record with the review on it.
 */
import type { App } from "@slack/bolt";
import { describeFailure } from "../../answers/failure.ts";
import { dayExceptions, dayReview, recordReview } from "../../answers/review.ts";
import {
  readReview,
  reviewButton,
  reviewEveryButton,
  reviewEveryMessages,
  reviewForm,
  reviewMessages,
  reviewModal,
} from "../../blocks/review.ts";
import { reviewAsks } from "../../present/review.ts";
import type { BotDeps } from "../bot-deps.ts";
import { type Located, onForm, onTap, sealed, type Tap } from "../interaction.ts";
import type { MessageRef } from "../record-round.ts";
import { postParts, replaceParts, tappedBlocks, tappedParts } from "../replace-parts.ts";

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

/**
 * "📋 Show all N": every dose the review counts, named whole, in the review post's thread (as many
 * messages as it takes), read from the care record now; the tapper told where it is.
 */
async function showEvery(t: Tap<{ d: string }, undefined, MessageRef>): Promise<void> {
  const { deps } = t;
  const messages = reviewEveryMessages(await dayReview(deps, t.ids.d));
  const first = tappedParts(t.at, tappedBlocks(t.body));
  const thread = t.at.threadTs ?? first.ts;
  const { sent, error } = await postParts(t.client, t.at.channel, messages, thread);
  if (error !== undefined) {
    deps.log.warn({ err: error, sent, parts: messages.length }, "the day's review list was not posted");
    await t.tell("⚠️ Slack did not take the whole list just now: tap 📋 Show all again.");
    return;
  }
  await t.tell("📋 Every one is named in the review post's thread.");
}

export function registerReview(app: App, deps: BotDeps): void {
  onTap(app, deps, {
    button: reviewEveryButton,
    what: "a review list button",
    onMessage: true,
    reads: true,
    locate: withRecord,
    run: showEvery,
  });
  onTap(app, deps, {
    button: reviewButton,
    what: "a review button",
    onMessage: true,
    opens: true,
    locate: withRecord,
    // The day's exceptions now: the note is asked for when there are any (what was done about them).
    run: async (t) => {
      const asks = reviewAsks(await dayExceptions(deps, t.ids.d));
      const meta = { ...reviewMeta(t.ids.d, t.where, t.at, t.body), ...(asks ? { x: 1 as const } : {}) };
      await t.open(reviewModal(sealed(deps, reviewForm, meta), t.ids.d, asks));
    },
  });
  onForm(app, deps, {
    form: reviewForm,
    what: "a review form",
    forged: "That form is not one Kennel Desk opened: nothing was recorded.",
    to: (meta) => ({ channel: meta.at.channel, responseUrl: meta.at.responseUrl }),
    locate: withRecord,
    async run(f) {
      const read = readReview(f.values as never, f.meta.asked);
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
