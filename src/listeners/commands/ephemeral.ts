/** The shared shape of the ephemeral lookups: text in, an answer only the asker sees. */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from "@slack/bolt";
import type { Message } from "../../blocks/types.ts";
import { type BotDeps, run } from "../runner.ts";

export function ephemeralCommand(deps: BotDeps, answer: (text: string) => Promise<Message[]>) {
  return async ({ command, ack, respond, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    await ack();
    await run({
      deps,
      respond,
      client,
      userId: command.user_id,
      channelId: command.channel_id,
      label: command.command,
      visibility: "ephemeral",
      showLoading: true,
      work: () => answer(command.text ?? ""),
    });
  };
}
