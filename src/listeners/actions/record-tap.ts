/**
 * The two record buttons beside each pet on a round post:
 * - "✅ All given & eaten" records, in one tap, every item of the pet's round not recorded yet;
 * - "✏️ Record each…" opens the modal (each item's outcome, a reason, a note).
 * ack() first. Only staff (the commands' access rule) may record; a tampered button, a sheet of a
 * later day or a bot without a record gets a refusal and nothing is written. A tap on an earlier
 * day's sheet asks to confirm ("recording late for Tue 24 Nov, morning"). The message is updated,
 * and the tapper answered, only after the entries are committed.
 */
import type { AllMiddlewareArgs, App, BlockAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import { recordAll, recordEach } from "../../blocks/buttons.ts";
import { lateModal, type ModalMeta, recordModal } from "../../blocks/record-modal.ts";
import type { BotDeps } from "../bot-deps.ts";
import {
  couldNotRecord,
  dayOfSheet,
  isOnMessage,
  LATER_DAY,
  type MessageRef,
  NO_STORE,
  type RoundRecorder,
  roundName,
  TAMPERED,
  usableResponseUrl,
  whoRecorded,
} from "../record-round.ts";

type TapArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;

interface TapMessage {
  ts?: string;
  thread_ts?: string;
  text?: string;
  blocks?: unknown[];
}

export function registerRecordTap(app: App, deps: BotDeps, recorder: RoundRecorder): void {
  const onTap = (kind: "all" | "each") => async (args: TapArgs) => {
    await args.ack();
    await deps.inflight.track(tap(kind, args));
  };
  app.action(recordAll.pattern, onTap("all"));
  app.action(recordEach.pattern, onTap("each"));

  async function tap(kind: "all" | "each", { body, action, respond, client }: TapArgs): Promise<void> {
    const userId = body.user?.id;
    const channel = body.channel?.id ?? body.container?.channel_id;
    const tell = async (text: string) => {
      try {
        await respond({ response_type: "ephemeral", replace_original: false, text });
      } catch {
        if (!channel || !userId) return;
        await client.chat.postEphemeral({ channel, user: userId, text }).catch((error: unknown) => {
          deps.log.warn({ err: String((error as Error)?.message ?? error) }, "could not answer a record tap");
        });
      }
    };
    try {
      if (deps.inflight.draining) return await tell("Kennel Desk is restarting. Try again in a minute.");
      const access = await deps.access.check(client, userId, channel, { button: true });
      if (!access.ok) return await tell(`🔒 ${access.message}`);
      if (!recorder.store) return await tell(NO_STORE);
      const value = "value" in action && typeof action.value === "string" ? action.value : undefined;
      const kindOf = kind === "all" ? recordAll : recordEach;
      const state = kindOf.decode(value);
      const message = (body as { message?: TapMessage }).message;
      if (!state || !value || !message?.ts || !channel || !isOnMessage(message.blocks, state, value)) {
        deps.log.warn(
          { userId, actionId: "action_id" in action ? action.action_id : "" },
          "refused a record button that is not ours",
        );
        return await tell(`🔒 ${TAMPERED}`);
      }
      const day = dayOfSheet(deps, state);
      if (day === "later") return await tell(LATER_DAY(state));
      const ref: MessageRef = {
        channel,
        ts: message.ts,
        threadTs: message.thread_ts,
        responseUrl: (body as { response_url?: string }).response_url,
      };
      const shown = { blocks: message.blocks ?? [], text: message.text ?? "" };
      recorder.remember(ref, shown.blocks, shown.text);
      // The name Slack shows (users.info, read by the access check), else the handle in the payload.
      const who = {
        userId: userId as string,
        userName:
          deps.access.displayName(userId as string) ?? body.user.name ?? body.user.username ?? userId ?? "",
      };

      if (kind === "each" || day === "earlier") {
        const { status, entries } = await recorder.status(state);
        const meta: ModalMeta = {
          s: state,
          c: ref.channel,
          t: ref.ts,
          ...(ref.threadTs ? { h: ref.threadTs } : {}),
          ...(usableResponseUrl(ref.responseUrl) ? { u: usableResponseUrl(ref.responseUrl) } : {}),
          cur: [...status.current.values()].map((e) => [e.item, e.id, e.outcome]),
        };
        const view =
          kind === "each"
            ? recordModal(meta, entries, deps.config.timezone, day === "earlier")
            : lateModal(meta);
        try {
          await client.views.open({
            trigger_id: (body as { trigger_id: string }).trigger_id,
            view: view as never,
          });
        } catch (error) {
          deps.log.warn({ err: String((error as Error)?.message ?? error) }, "views.open failed");
          await tell("⚠️ Could not open the form in Slack just now: nothing was recorded. Tap again.");
        }
        return;
      }

      const actionTs = "action_ts" in action ? action.action_ts : "";
      const requestKey = `tap:${ref.channel}:${ref.ts}:${action.action_id}:${actionTs}:${who.userId}`;
      const result = await recorder.recordAll(state, who, requestKey);
      // Committed (or found already there): the message now shows the store as it is.
      const updated = await recorder.redraw(client, ref, shown);
      if (result.status === "nothing" || result.status === "already") {
        return await tell(
          `Already recorded: ${whoRecorded(result.existing, deps.config.timezone)} (${roundName(state)}). Nothing more was written; to change it, use ✏️ Record each….`,
        );
      }
      if (!updated) {
        await tell(
          `✅ Recorded for ${roundName(state)}, but the post could not be updated just now; it will show it at the next tap.`,
        );
      }
    } catch (error) {
      await tell(couldNotRecord(error));
    }
  }
}
