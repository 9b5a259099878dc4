/**
 * `kennel-desk digest ARGS` in-process for a test file: the sandbox (seed 19, 120 customers, today
 * 22 Nov 2026 in London) and Slack's stand-in started before its tests and closed after, one pinned
 * clock for the command and the stand-in (whatever the hour the test runs, "today" is one day for
 * all), no wait before the check for a duplicate (the stand-in's history is at once what was posted).
 * Call at the top of a test file.
 */
import type { Sandbox } from "../../src/sandbox/server.ts";
import { postingEnv, runCommand } from "../cli/helpers.ts";
import { useSandboxAndSlack } from "../helpers/bot.ts";
import type { SlackStandIn } from "../helpers/slack.ts";

export const TODAY = "2026-11-22";

export function useDigestCommand(at: string, posting: Record<string, string>) {
  const clock = { now: () => new Date(at) };
  const world = {} as { sandbox: Sandbox; slack: SlackStandIn };
  useSandboxAndSlack({ seed: 19, customers: 120, today: TODAY, timezone: "Europe/London" }, (started) => {
    Object.assign(world, started);
    world.slack.now = () => clock.now().getTime();
  });
  /** The settings to post with: the sandbox's key and URL, the stand-in's, then `posting`. */
  const env = () => postingEnv(world.sandbox, world.slack, posting);
  /** The command with exactly this environment (the file's own by default). */
  const run = (args: string[], e: Record<string, string> = env()) =>
    runCommand(["digest", ...args], e, { settleMs: 0, clock });
  return { world, env, run };
}
