/** The baseline: a bare Bolt app in HTTP mode with one command and a health route. */
import { App } from "@slack/bolt";

const app = new App({
  token: process.env.SLACK_BOT_TOKEN,
  signingSecret: process.env.SLACK_SIGNING_SECRET as string,
  clientOptions: { slackApiUrl: process.env.SLACK_API_URL },
  customRoutes: [{ path: "/healthz", method: ["GET"], handler: (_req, res) => res.end("ok") }],
});
app.command("/ping", async ({ ack }) => {
  await ack("pong");
});
await app.start(Number(process.env.PORT ?? 3000));
