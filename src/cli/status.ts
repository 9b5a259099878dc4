/**
 * `kennel-desk status [--json]`: the kennel API's state in words, and the running bot's link to Slack
 * (read from its /readyz on PORT, when a bot answers there). Exit 0 when the API is OK, 1 otherwise.
 */
import { statusAnswer } from "../answers/kennel.ts";
import { describeSlackLink, fetchSlackConnection } from "../slack/connection.ts";
import { statusText } from "../text/index.ts";
import { type CliContext, kennelDeps, print, readOptions, textOptions } from "./context.ts";

export async function run(ctx: CliContext): Promise<number> {
  const { values } = readOptions(ctx.args, { json: { type: "boolean" } });
  const deps = kennelDeps(ctx);
  // The bot's health server: on 127.0.0.1 unless HEALTH_HOST names another address (0.0.0.0 includes it).
  const host = ctx.config.healthHost ?? "127.0.0.1";
  const near = ["0.0.0.0", "::", "localhost"].includes(host)
    ? "127.0.0.1"
    : host.includes(":")
      ? `[${host}]`
      : host;
  const readyz = `http://${near}:${ctx.config.port || 3000}/readyz`;
  const link = await fetchSlackConnection(readyz, ctx.deps.fetch);
  const slack = link
    ? describeSlackLink(link)
    : `no running bot answered at ${readyz.replace("/readyz", "")}`;
  const answer = await statusAnswer(deps, "command", slack);
  print(ctx, answer, values.json === true, () => statusText(answer, textOptions(ctx)));
  return answer.words.ok ? 0 : 1;
}
