/**
 * The Slack stand-in the tests share with the preview (src/preview/slack-standin.ts), and the
 * forms Slack sends for a slash command or a button click.
 */
import type { SlackStandIn } from "../../src/preview/slack-standin.ts";

export {
  postSigned,
  type Recorded,
  type SlackStandIn,
  type StoredMessage,
  sign,
  startSlackStandIn,
} from "../../src/preview/slack-standin.ts";

let seq = 0;

export interface CommandInput {
  command: string;
  text?: string;
  user?: string;
  channel?: string;
}

/** The form fields of a slash command, with a fresh response_url id. */
export function commandForm(
  slack: SlackStandIn,
  input: CommandInput,
): { form: Record<string, string>; id: string } {
  const id = `c${++seq}`;
  return {
    id,
    form: {
      token: "legacy-verification-token",
      team_id: "T1",
      team_domain: "kennel",
      channel_id: input.channel ?? "C0FRONTDESK",
      channel_name: "front-desk",
      user_id: input.user ?? "U0STAFF",
      user_name: "staff",
      command: input.command,
      text: input.text ?? "",
      api_app_id: "A1",
      response_url: slack.responseUrl(id),
      trigger_id: `t${seq}`,
    },
  };
}

/** The form of a button click on a message, with a fresh response_url id. */
export function actionForm(
  slack: SlackStandIn,
  button: { action_id: string; value: string },
  options: { user?: string; channel?: string } = {},
): { form: Record<string, string>; id: string } {
  const id = `a${++seq}`;
  const payload = {
    type: "block_actions",
    team: { id: "T1", domain: "kennel" },
    user: { id: options.user ?? "U0STAFF", name: "staff", team_id: "T1" },
    api_app_id: "A1",
    token: "legacy-verification-token",
    container: {
      type: "message",
      message_ts: "1.1",
      channel_id: options.channel ?? "C0FRONTDESK",
      is_ephemeral: false,
    },
    trigger_id: `t${seq}`,
    channel: { id: options.channel ?? "C0FRONTDESK", name: "front-desk" },
    response_url: slack.responseUrl(id),
    actions: [
      {
        type: "button",
        action_id: button.action_id,
        block_id: "b1",
        value: button.value,
        action_ts: "1.2",
        text: { type: "plain_text", text: "x" },
      },
    ],
  };
  return { id, form: { payload: JSON.stringify(payload) } };
}
