/**
 * The two record buttons beside each pet on a round post:
 * - "✅ All given & eaten" records, in one tap, every item of the pet's round not recorded yet;
 * - "✏️ Record each…" opens the modal (each item's outcome, a reason, a note).
 * Through the pipeline (src/listeners/interaction.ts): the guard, the button checked against the
 * kept sheet (a sheet Kennel Desk kept, the pet on it, not a later day's), the commit, and only then
 * the ack. A tap that must ask first (an earlier day's sheet, a round more than an hour ahead, a pet
 * not here yet, a dose past its window: src/answers/record-round.ts `tapAsks`) opens a form instead,
 * and nothing is written until it is confirmed. The message is redrawn from the store after the commit.
 */
import type { App } from "@slack/bolt";
import { timeQuestion } from "../../answers/late-entry.ts";
import { type LastDay, petLastDay } from "../../answers/prn-pets.ts";
import { formClock } from "../../answers/record-each.ts";
import { recordAllDue } from "../../answers/record-round.ts";
import { tapAsks } from "../../answers/record-tap.ts";
import {
  type ButtonKind,
  recordAll,
  recordEach,
  type SheetPetButton,
  type SheetPetIds,
} from "../../blocks/buttons.ts";
import {
  confirmModal,
  lateForm,
  type ModalMeta,
  recordForm,
  recordModal,
} from "../../blocks/record-modal.ts";
import type { BotDeps } from "../bot-deps.ts";
import { onTap, sealed } from "../interaction.ts";
import type { SheetRedraw } from "../record-round.ts";
import { afterRound, onSheet } from "../round-taps.ts";
import { NO_ONE_TAP, roundName, TAMPERED, whoRecorded } from "../tapper-words.ts";

/** What the form shows beside its items: the time now, each entry's mark, each dose's words first and ticks. */
/**
 * A record form's metadata but for its sheet and pet: the message tapped, the current entries, and
 * whether it asks when (and the time its recorded doses share, shown first).
 */
const formMeta = (
  t: { where: { h?: string | undefined; u?: string | undefined }; at: { channel: string; ts: string } },
  cur: ModalMeta["cur"],
  when: ReturnType<typeof timeQuestion>,
) => ({
  ...t.where,
  c: t.at.channel,
  t: t.at.ts,
  cur,
  ...(when ? { q: 1 as const } : {}),
  ...(when?.kept ? { k: `${when.kept.date} ${when.kept.time}` } : {}),
});

const formClockOf = (
  deps: BotDeps,
  sheet: Parameters<typeof formClock>[1],
  a: Pick<Awaited<ReturnType<typeof tapAsks>>, "states" | "settled" | "pairs" | "again">,
  lastDay?: LastDay,
) => ({
  ...formClock(deps, sheet),
  states: a.states,
  settled: a.settled,
  pairs: a.pairs,
  again: a.again,
  lastDay,
});

export function registerRecordTap(app: App, deps: BotDeps, redraw: SheetRedraw): void {
  for (const [button, each] of [
    [recordAll, false],
    [recordEach, true],
  ] as [ButtonKind<SheetPetButton, SheetPetIds>, boolean][]) {
    onTap(app, deps, {
      button,
      what: "a record button",
      onMessage: true,
      locate: onSheet("a record button"),
      async run(t) {
        const { sheet, pet } = t.found;
        // A pet with a drug to give if needed: its doses of the last 24 hours, read beside the form's
        // other reads (one read for the pet; not read, the form says so and opens all the same).
        const [asks, lastDay] = await Promise.all([
          tapAsks(deps, t.found, each ? "each" : "all"),
          each && pet.ifNeeded?.length ? petLastDay(deps, pet) : undefined,
        ]);
        // A post drawn before a dose its plan gives here alone was given at another round: Record each… only.
        if (asks.onceGiven) {
          await t.ack.send();
          return await t.tell(NO_ONE_TAP);
        }
        const when = timeQuestion(deps, sheet, asks.closed, pet);
        if (each || asks.ask || when) {
          const meta = { ...formMeta(t, asks.current, when), s: sheet.id, b: pet.bookingId, p: pet.petId };
          const view = each
            ? recordModal(
                sealed(deps, recordForm, meta),
                meta,
                sheet,
                pet,
                asks.entries,
                formClockOf(deps, sheet, asks, lastDay),
                asks.ask,
                when,
              )
            : confirmModal(sealed(deps, lateForm, meta), sheet, pet, asks.ask, when);
          return await t.open(view);
        }
        const result = await recordAllDue(deps, sheet, pet, t.who, t.requestKey, { status: asks.status });
        // Committed (or nothing to write): now Slack may be told.
        await t.ack.send();
        if (result.status === "no_one_tap") return await t.tell(NO_ONE_TAP);
        if (result.status === "not_listed") return await t.tell(`🔒 ${TAMPERED}`);
        if (result.status === "nothing" || result.status === "already") {
          await redraw.afterTap(t.client, sheet, pet.message, t.at);
          return await t.tell(
            `Already recorded: ${whoRecorded(result.existing, deps.config.timezone)} (${roundName(sheet, pet)}). Nothing more was written; to change it, use ✏️ Record each….`,
          );
        }
        await afterRound(t, redraw, t.found, t.at, result.status === "recorded");
      },
    });
  }
}
