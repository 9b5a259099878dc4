// The baseline for start-up time, idle memory and a tap's ack: a bare Bolt 5 app in plain JavaScript, in the
// same receiver mode as the bot under test (HTTP, signed requests at POST /slack/events), with the
// same /healthz route and one command. Started by bench/bot.ts exactly as the bot is.
import { enableCompileCache, flushCompileCache } from "node:module";
import { setFlagsFromString } from "node:v8";

// Equal terms: the compile cache the bot turns on before it loads (src/process/compile-cache.ts), so
// Bolt is loaded after it here too, and written once the app listens.
enableCompileCache();
const { default: bolt } = await import("@slack/bolt");

// Equal terms: the V8 setting the bot sets for itself at start (src/process/memory.ts, SMALL_HEAP_FLAG).
setFlagsFromString("--heap-growing-percent=20");

const app = new bolt.App({
  token: process.env.SLACK_BOT_TOKEN,
  signingSecret: process.env.SLACK_SIGNING_SECRET,
  clientOptions: { slackApiUrl: process.env.SLACK_API_URL },
  customRoutes: [
    {
      path: "/healthz",
      method: ["GET"],
      handler: (_req, res) => {
        res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify({ status: "ok" }));
      },
    },
  ],
});
app.command("/ping", async ({ ack }) => {
  await ack("pong");
});
// The baseline under the sustained mix (bench/bot.ts): every other command acknowledged at once.
app.command(/.*/, async ({ ack }) => {
  await ack();
});
// The baseline for a tap's ack (bench/record-slack.ts): a button's action acknowledged at once.
app.action(/.*/, async ({ ack }) => {
  await ack();
});
await app.start(Number(process.env.PORT ?? 3000));
flushCompileCache();
process.once("SIGTERM", () => process.exit(0));
