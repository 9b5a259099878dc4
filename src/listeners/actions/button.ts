/** The shared shape of every button: ack, read the state from the button's value, answer. */
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import type { z } from "zod";
import { noticeMessage } from "../../blocks/misc.ts";
import type { Message } from "../../blocks/types.ts";
import type { BotDeps } from "../bot-deps.ts";
import { run, type Visibility } from "../runner.ts";

export interface ButtonSpec<S extends z.ZodType> {
  /** The button's state, carried in its value. */
  state: S;
  /** Replace the message clicked (paging) rather than answer with a new one. */
  replace: boolean | ((actionId: string) => boolean);
  visibility: Visibility | ((state: z.infer<S>) => Visibility);
  answer: (state: z.infer<S>) => Promise<Message[]>;
}

export function buttonHandler<S extends z.ZodType>(deps: BotDeps, spec: ButtonSpec<S>) {
  return async ({
    ack,
    body,
    action,
    respond,
    client,
  }: SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs) => {
    await ack();
    const actionId = "action_id" in action ? action.action_id : "button";
    const value = "value" in action && typeof action.value === "string" ? action.value : "";
    let parsed: z.infer<S> | undefined;
    try {
      const result = spec.state.safeParse(JSON.parse(value));
      if (result.success) parsed = result.data;
    } catch {
      parsed = undefined;
    }
    const replace = typeof spec.replace === "function" ? spec.replace(actionId) : spec.replace;
    const visibility =
      parsed === undefined
        ? "ephemeral"
        : typeof spec.visibility === "function"
          ? spec.visibility(parsed)
          : spec.visibility;
    await run({
      deps,
      respond,
      client,
      userId: body.user?.id,
      channelId: body.channel?.id,
      label: actionId,
      visibility,
      replaceOriginal: parsed !== undefined && replace,
      work: async () =>
        parsed === undefined
          ? [noticeMessage("That button is out of date. Run the command again.")]
          : spec.answer(parsed),
    });
  };
}
