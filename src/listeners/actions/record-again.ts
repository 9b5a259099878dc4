/**
 * ✏️ Record each… drawn again in answer to its own submission (`response_action: "update"`), nothing
 * written, when a dose its plan gives at this round alone was given at another round after the form
 * was opened, and the form has no "Given again: I have checked" for it (src/answers/given-again.ts):
 * before, the person had to close the form and open it again, losing what they had typed. The same
 * form, read now as a tap would open it (its items, what is recorded, the words before each), with
 * the tick after each such dose and why before it ("… Not recorded. Not given yet: do not give it
 * unless you have checked. …: tick “Given again: I have checked” below."), each field starting with
 * what the person typed or chose (src/blocks/typed.ts). Its metadata is the form's own, sealed as
 * opened, so its submission is read as the form's.
 */
import { timeQuestion } from "../../answers/late-entry.ts";
import { petLastDay } from "../../answers/prn-pets.ts";
import { formClock } from "../../answers/record-each.ts";
import { tapAsks } from "../../answers/record-tap.ts";
import type { FormValues } from "../../blocks/modal.ts";
import { type ModalMeta, type recordForm, recordModal } from "../../blocks/record-modal.ts";
import { withTyped } from "../../blocks/typed.ts";
import type { ItemKey } from "../../record/types.ts";
import type { BotDeps } from "../bot-deps.ts";
import type { Form } from "../interaction.ts";
import type { SheetPetFound } from "../round-taps.ts";

type RecordSubmission = Form<NonNullable<ReturnType<typeof recordForm.read>>, SheetPetFound>;

/** The form's metadata as it was sealed, from its named reading. */
const metaOf = (m: RecordSubmission["meta"]): ModalMeta => ({
  s: m.sheetId,
  b: m.bookingId,
  p: m.petId,
  c: m.at.channel,
  t: m.at.ts,
  h: m.at.threadTs,
  u: m.at.responseUrl,
  cur: m.current,
  ...(m.asksWhen ? { q: 1 as const } : {}),
  ...(m.keptTime ? { k: m.keptTime } : {}),
});

/**
 * The form drawn again with the tick for each dose in `untickable` (its refusal's words before it),
 * what was typed kept: false when it could not be (Slack's deadline passed: the caller says why
 * nothing was written).
 */
export async function againWithTick(
  deps: BotDeps,
  f: RecordSubmission,
  untickable: ReadonlyMap<ItemKey, string>,
): Promise<boolean> {
  const { sheet, pet } = f.found;
  // Its drugs to give if needed keep their doses of the last 24 hours, as the form opened with them.
  const [asks, lastDay] = await Promise.all([
    tapAsks(deps, f.found, "each"),
    pet.ifNeeded?.length ? petLastDay(deps, pet) : undefined,
  ]);
  // Asked when given only as the form was opened asking it: its metadata says so.
  const when = f.meta.asksWhen ? timeQuestion(deps, sheet, asks.closed, pet) : undefined;
  const settled = new Map(asks.settled ?? []);
  for (const [item, words] of untickable) settled.set(item, words);
  const clock = {
    ...formClock(deps, sheet),
    states: asks.states,
    settled,
    pairs: asks.pairs,
    again: [...new Set([...(asks.again ?? []), ...untickable.keys()])],
    lastDay,
  };
  const view = recordModal(
    f.view.private_metadata,
    metaOf(f.meta),
    sheet,
    pet,
    asks.entries,
    clock,
    asks.ask,
    when,
  );
  const typed = { ...view, blocks: withTyped(view.blocks, f.values as FormValues) };
  return f.ack.send({ response_action: "update", view: typed as never });
}
