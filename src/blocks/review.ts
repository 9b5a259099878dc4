/**
 * The manager's daily review in Slack (issue 50): the post (its document, src/present/review.ts),
 * its "✅ Reviewed…" button and the form it opens (a note), each defined once here.
 */

import { z } from "zod";
import type { DayReview } from "../answers/review.ts";
import { channelDoc } from "../present/channel-words.ts";
import { refuseContacts } from "../present/form-contacts.ts";
import { reviewDoc, reviewExceptionsDoc, reviewFormLabel } from "../present/review.ts";
import { defineButton } from "./buttons.ts";
import { docMessages } from "./doc.ts";
import { atOf, defineForm, metaParts } from "./forms.ts";
import { modalView, plain } from "./modal.ts";
import type { Message } from "./types.ts";

/** A calendar date as a button carries it (the use case reads only days the record holds). */
const isoDate = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** "✅ Reviewed…" on the day's review post: the day. */
export const reviewButton = defineButton("day_review", () => z.object({ d: isoDate() }));

/** "📋 Show all N" on the day's review post, past the doses it names: the day. */
export const reviewEveryButton = defineButton("review_every", () => z.object({ d: isoDate() }));

const reviewMeta = () =>
  z.object({
    d: isoDate(),
    c: z.string().max(40),
    t: z.string().max(40),
    h: z.string().max(40).optional(),
    u: z.string().max(500).optional(),
    pn: metaParts(),
    /** 1: the day had exceptions when the form opened; the note is asked for. */
    x: z.literal(1).optional(),
  });
export const reviewForm = defineForm("day_review_modal", reviewMeta, {
  shorter: (m) => [{ ...m, u: undefined }],
  names: (m) => ({ date: m.d, at: atOf(m), asked: m.x === 1 }),
});

/** The post, with its button: one message, or as many as a long day needs (nothing cut). */
export function reviewMessages(r: DayReview, timezone: string): Message[] {
  const action = { actionId: reviewButton.actionId(), value: reviewButton.encode({ d: r.date }) };
  const every = { actionId: reviewEveryButton.actionId(), value: reviewEveryButton.encode({ d: r.date }) };
  return docMessages(channelDoc(reviewDoc(r, { timezone, action, every })));
}

/** Every dose the review counts, named whole: as many messages as it takes (src/present/review.ts). */
export const reviewEveryMessages = (r: DayReview): Message[] =>
  docMessages(channelDoc(reviewExceptionsDoc(r)));

/**
 * "✅ Reviewed…": a note (what was looked into, what was done). With `asks` (the day's exceptions,
 * src/present/review.ts reviewAsks) the note is asked for, and the hint says about what.
 */
export function reviewModal(sealed: string, date: string, asks?: string) {
  return modalView({
    callbackId: reviewForm.id,
    sealed,
    title: "Day reviewed",
    submit: "Mark reviewed",
    blocks: [
      {
        type: "input",
        block_id: "note",
        optional: asks === undefined,
        label: plain(reviewFormLabel(date), 2000),
        ...(asks ? { hint: plain(asks, 2000) } : {}),
        element: { type: "plain_text_input", action_id: "note", max_length: 1000, multiline: true },
      },
    ],
  });
}

type StateValues = Record<string, Record<string, { value?: string | null }>>;

/**
 * The note as typed (the use case cleans it: src/answers/review.ts recordReview); empty is allowed
 * unless the form `asked` for it (the day had exceptions), a phone number or an email address is not
 * (the review post shows it in the channel).
 */
export function readReview(
  state: StateValues | undefined,
  asked = false,
): { ok: true; note: string } | { ok: false; errors: Record<string, string> } {
  const raw = state?.note?.note?.value;
  const note = typeof raw === "string" ? raw : "";
  const errors: Record<string, string> = {};
  if (asked && !note.trim())
    errors.note =
      "The day has doses missed, refused or not given, or high-alert doses off time or unwitnessed: say what was done about them.";
  refuseContacts(errors, { note }, "channel");
  return errors.note ? { ok: false, errors } : { ok: true, note };
}
