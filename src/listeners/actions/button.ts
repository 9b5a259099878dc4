/** The shared shape of every button: ack, decode the state from the button's value, answer. */
import type { AllMiddlewareArgs, App, BlockAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import type { ButtonKind } from "../../blocks/buttons.ts";
import { noticeMessage, STALE_BUTTON } from "../../blocks/notice.ts";
import type { BotDeps } from "../bot-deps.ts";
import { type Answer, run, type Visibility } from "../runner.ts";

export interface ButtonSpec<S> {
  kind: ButtonKind<S>;
  /** Replace the message clicked (paging) rather than answer with a new one. */
  replace: boolean | ((actionId: string) => boolean);
  visibility: Visibility | ((state: S) => Visibility);
  answer: (state: S) => Promise<Answer>;
}

/** Registers the button's listener: a tampered or stale value gets a polite notice, never a crash. */
export function onButton<S>(app: App, deps: BotDeps, spec: ButtonSpec<S>): void {
  app.action(
    spec.kind.pattern,
    async ({
      ack,
      body,
      action,
      respond,
      client,
    }: SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs) => {
      await ack();
      const actionId = "action_id" in action ? action.action_id : spec.kind.id;
      const state = spec.kind.decode(
        "value" in action && typeof action.value === "string" ? action.value : undefined,
      );
      const replace = typeof spec.replace === "function" ? spec.replace(actionId) : spec.replace;
      const visibility =
        state === undefined
          ? "ephemeral"
          : typeof spec.visibility === "function"
            ? spec.visibility(state)
            : spec.visibility;
      await run({
        deps,
        respond,
        client,
        userId: body.user?.id,
        channelId: body.channel?.id,
        label: actionId,
        visibility,
        replaceOriginal: state !== undefined && replace,
        home: body.container?.type === "view",
        button: true,
        work: async () => (state === undefined ? [noticeMessage(STALE_BUTTON)] : spec.answer(state)),
      });
    },
  );
}
