/** The shared shape of every slash command: ack at once, then answer through the runner. */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from "@slack/bolt";
import type { Message } from "../../blocks/types.ts";
import type { BotDeps } from "../bot-deps.ts";
import { run, type Visibility } from "../runner.ts";

export interface CommandPlan {
  visibility: Visibility;
  work: () => Promise<Message[]>;
}

/** A command whose text decides who sees the answer and what work makes it. */
export function slashCommand(deps: BotDeps, plan: (text: string) => CommandPlan) {
  return async ({ command, ack, respond, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    await ack();
    const { visibility, work } = plan(command.text ?? "");
    await run({
      deps,
      respond,
      client,
      userId: command.user_id,
      channelId: command.channel_id,
      label: command.command,
      visibility,
      showLoading: true,
      work,
    });
  };
}
