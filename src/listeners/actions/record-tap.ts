/**
 * The two record buttons beside each pet on a round post:
 * - "✅ All given & eaten" records, in one tap, every item of the pet's round not recorded yet;
 * - "✏️ Record each…" opens the modal (each item's outcome, a reason, a note).
 * The guard first (src/listeners/guard.ts), then the button checked against the kept sheet (a sheet
 * Kennel Desk kept, the pet on it, not a later day's), then the commit, and only then the ack
 * (src/listeners/ack.ts): a tap Slack was told succeeded is in the record. A tap on an earlier
 * day's sheet asks to confirm ("recording late for Tue 24 Nov, morning"), and so does one more than an
 * hour before the round's time or before a pet not checked in has arrived; nothing is written until
 * confirmed. After a dose's window has closed, a tap never records "now" silently: the form asks
 * when it was given (issue 35). The message is redrawn from the store after the commit.
 */
import type { App } from "@slack/bolt";
import { closedDoses } from "../../answers/late-entry.ts";
import { earlyReason, locate, petStatus, recordAllDue } from "../../answers/record-round.ts";
import { recordAll, recordEach } from "../../blocks/buttons.ts";
import { type Ask, confirmModal, metaText, recordModal } from "../../blocks/record-modal.ts";
import type { Seal } from "../../slack/seal.ts";
import { SEAL_LENGTH } from "../../slack/seal.ts";
import { earlyWords } from "../../words/record.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admit, usableResponseUrl } from "../guard.ts";
import { onTap, openModal, type TapAck, type TapArgs, tapOf } from "../interaction.ts";
import { timeQuestion } from "../record-given.ts";
import {
  couldNotRecord,
  LATER_DAY,
  type MessageRef,
  NO_ONE_TAP,
  NO_STORE,
  roundName,
  type SheetRedraw,
  TAMPERED,
  whoRecorded,
} from "../record-round.ts";

export function registerRecordTap(app: App, deps: BotDeps, redraw: SheetRedraw, seal: Seal): void {
  app.action(
    recordAll.pattern,
    onTap(deps, (args, ack) => tap("all", args, ack)),
  );
  app.action(
    recordEach.pattern,
    onTap(deps, (args, ack) => tap("each", args, ack)),
  );

  async function tap(kind: "all" | "each", args: TapArgs, ack: TapAck): Promise<void> {
    const { body, action, client } = args;
    const { channel, responseUrl, message, value, tell, refuse } = tapOf(deps, args, ack);
    try {
      const admitted = await admit(deps, client, body.user, channel, { button: true });
      if (!admitted.ok) return await refuse(admitted.message);
      const ids = (kind === "all" ? recordAll : recordEach).decode(value);
      if (!ids || !message?.ts || !channel) {
        deps.log.warn(
          { userId: body.user.id, actionId: "action_id" in action ? action.action_id : "" },
          "refused a record button that is not ours",
        );
        return await refuse(`🔒 ${TAMPERED}`);
      }
      const found = await locate(deps, { sheetId: ids.s, bookingId: ids.b, petId: ids.p });
      if (!found.ok) {
        if (found.why === "no_store") return await refuse(NO_STORE);
        if (found.why === "later" && found.sheet) return await refuse(LATER_DAY(found.sheet));
        deps.log.warn(
          { userId: body.user.id, sheet: ids.s },
          "refused a record button naming no kept sheet or pet",
        );
        return await refuse(`🔒 ${TAMPERED}`);
      }
      const { sheet, pet, day } = found;
      const ref: MessageRef = { channel, ts: message.ts, threadTs: message.thread_ts, responseUrl };

      // An earlier day's sheet, a round still ahead, a pet not here yet: asked first, nothing written.
      const early = day === "today" ? earlyReason(deps, sheet, pet) : undefined;
      const ask: Ask | undefined =
        day === "earlier"
          ? { kind: "late" }
          : early
            ? { kind: "early", words: earlyWords(early) }
            : undefined;
      const { status, entries } = await petStatus(deps, sheet, pet);
      // A dose whose window has closed: asked when it was given (one tap: of what it would write).
      const closed = closedDoses(
        deps,
        sheet,
        pet,
        deps.clock.now(),
        kind === "all" ? status.missing.map((d) => d.item) : undefined,
      );
      const when = timeQuestion(deps, closed);
      if (kind === "each" || ask || when) {
        await ack.send();
        const meta = {
          s: sheet.id,
          b: pet.bookingId,
          p: pet.petId,
          c: ref.channel,
          t: ref.ts,
          ...(ref.threadTs ? { h: ref.threadTs } : {}),
          ...(usableResponseUrl(responseUrl) ? { u: usableResponseUrl(responseUrl) } : {}),
          cur: [...status.current.values()].map((e): [string, number, string] => [e.item, e.id, e.outcome]),
          ...(when ? { q: 1 as const } : {}),
        };
        const sealed = seal.sign(metaText(meta, 3000 - SEAL_LENGTH));
        const view =
          kind === "each"
            ? recordModal(sealed, meta, sheet, pet, entries, deps.config.timezone, ask, when)
            : confirmModal(sealed, sheet, pet, ask, when);
        return await openModal(deps, args, view, tell);
      }

      const actionTs = "action_ts" in action ? action.action_ts : "";
      const requestKey = `tap:${ref.channel}:${ref.ts}:${action.action_id}:${actionTs}:${admitted.who.userId}`;
      const result = await recordAllDue(deps, sheet, pet, admitted.who, requestKey, { status });
      // Committed (or nothing to write): now Slack may be told.
      await ack.send();
      if (result.status === "no_one_tap") return await tell(NO_ONE_TAP);
      if (result.status === "not_listed") return await tell(`🔒 ${TAMPERED}`);
      if (result.status === "recorded") void deps.roundCheck?.changed(sheet.date, sheet.round);
      const updated = await redraw.redraw(client, sheet, pet.message, ref);
      if (result.status === "nothing" || result.status === "already") {
        return await tell(
          `Already recorded: ${whoRecorded(result.existing, deps.config.timezone)} (${roundName(sheet, pet)}). Nothing more was written; to change it, use ✏️ Record each….`,
        );
      }
      if (ack.late)
        return await tell(
          `✅ Recorded: ${roundName(sheet, pet)}.${updated ? "" : " The post shows it at the next tap."}`,
        );
      if (!updated) {
        await tell(
          `✅ Recorded for ${roundName(sheet, pet)}, but the post could not be updated just now; it will show it at the next tap.`,
        );
      }
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }
}
