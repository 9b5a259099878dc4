/**
 * `kennel-desk status [--json]`: the kennel API's state in words, and the running bot's link to Slack
 * (read from its /readyz on PORT, when a bot answers there; beside the preview, the preview's port),
 * naming the address it asked, and a care record retention under a year, loudly. Exit 0 when the API
 * is OK, 1 otherwise.
 */
import { statusAnswer } from "../answers/kennel.ts";
import { shortRetentionWarning } from "../config/retention.ts";
import { describeSlackLink, fetchSlackConnection } from "../slack/connection.ts";
import { statusText } from "../text/index.ts";
import { previewAnsweredWords } from "../words/surface.ts";
import { type CliContext, kennelDeps, print, readOptions, textOptions } from "./context.ts";

/** Whether the preview (not the bot) answers at `base`: its /healthz says so. */
async function previewAt(base: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetchImpl(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return ((await res.json()) as { preview?: unknown }).preview === true;
  } catch {
    return false;
  }
}

/**
 * Whose preview answered on this computer's `port`: this folder's when the command reads it (its
 * settings and port), or when the preview running in this folder listens there (the command has
 * settings of its own); else one on this port may be another folder's.
 */
function whosePreview(ctx: CliContext, near: string, port: number): "read" | "beside" | "unknown" {
  if (ctx.deps.previewHere === true) return "read";
  const running = ctx.deps.previewRunning;
  return running?.port === port && ["127.0.0.1", "[::1]"].includes(near) ? "beside" : "unknown";
}

/** The running bot's link to Slack in words, with the address asked and the PORT it came from. */
async function slackWords(ctx: CliContext): Promise<string> {
  // The bot's health server: on 127.0.0.1 unless HEALTH_HOST names another address (0.0.0.0 includes it).
  const host = ctx.config.healthHost ?? "127.0.0.1";
  const near = ["0.0.0.0", "::", "localhost"].includes(host)
    ? "127.0.0.1"
    : host.includes(":")
      ? `[${host}]`
      : host;
  const port = ctx.config.port || 3000;
  const base = `http://${near}:${port}`;
  const link = await fetchSlackConnection(`${base}/readyz`, ctx.deps.fetch);
  if (link) return `${describeSlackLink(link)} (the bot at ${base}, PORT ${port})`;
  if (await previewAt(base, ctx.deps.fetch))
    return previewAnsweredWords(base, port, whosePreview(ctx, near, port));
  return `no running bot answered at ${base} (PORT ${port}: set PORT to the port the bot listens on).`;
}

export async function run(ctx: CliContext): Promise<number> {
  const { values } = readOptions(ctx.args, { json: { type: "boolean" } });
  const deps = kennelDeps(ctx);
  const answer = await statusAnswer(deps, "command", await slackWords(ctx));
  print(ctx, answer, values.json === true, () => statusText(answer, textOptions(ctx)));
  // A retention under a year (KENNEL_RECORD_RETENTION_SHORT=1) is said on every status, as at start.
  const short = shortRetentionWarning(ctx.config.recordRetentionDays);
  if (short) ctx.io.stderr.write(`\n${short}\n`);
  return answer.words.ok ? 0 : 1;
}
