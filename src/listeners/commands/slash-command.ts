/** The shared shape of every slash command: ack at once, then answer through the runner. */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from "@slack/bolt";
import { commandHelpMessage } from "../../blocks/help.ts";
import { commandNamed } from "../../words/help.ts";
import type { BotDeps } from "../bot-deps.ts";
import { type Answer, run, type Visibility } from "../runner.ts";

export interface CommandPlan {
  visibility: Visibility;
  work: () => Promise<Answer>;
}

/** `/rounds help`, `/arrivals --help`, `/pet -h`: the command's own help, as `/kennel help rounds`. */
const HELP_ASKED = /^(?:help|--help|-h)$/i;

/** A command whose text decides who sees the answer and what work makes it. */
export function slashCommand(deps: BotDeps, plan: (text: string) => CommandPlan) {
  return async ({ command, ack, respond, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    await ack();
    const text = command.text ?? "";
    // `/kennel help` is the whole help, answered by /kennel itself.
    const help =
      command.command !== "/kennel" && HELP_ASKED.test(text.trim())
        ? commandNamed(command.command)
        : undefined;
    const { visibility, work } = help
      ? {
          visibility: "ephemeral" as const,
          work: async () => [commandHelpMessage(help, deps.config.dateOrder)],
        }
      : plan(text);
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
