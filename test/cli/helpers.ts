/** The command line in-process, against a loopback sandbox, on a fixed clock, counting API calls. */
import { afterAll, beforeAll } from "vitest";
import { runCli } from "../../src/cli/index.ts";
import type { Clock } from "../../src/deps.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/server.ts";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Requests made to the kennel API. */
  calls: number;
}

export function cliRunner(sandbox: () => Sandbox, now: () => Date) {
  return async (args: string[], env: Record<string, string> = {}): Promise<CliRun> => {
    let stdout = "";
    let stderr = "";
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const code = await runCli(args, {
      env: {
        KENNEL_API_KEY: sandbox().keys.main,
        KENNEL_API_BASE_URL: sandbox().url,
        KENNEL_TIMEZONE: "Europe/London",
        LOG_LEVEL: "silent",
        ...env,
      },
      io: {
        stdout: { write: (s: string) => (stdout += s) },
        stderr: { write: (s: string) => (stderr += s) },
      },
      fetch: counting,
      clock: { now },
    });
    return { code, stdout, stderr, calls };
  };
}

/**
 * For a whole test file: a sandbox of `options` started before its tests and closed after, and
 * `cliRunner`'s command line against it at `now`.
 */
export function useSandboxCli(options: SandboxOptions, now: () => Date) {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(options);
  });
  afterAll(() => sandbox?.close());
  return cliRunner(() => {
    if (!sandbox) throw new Error("the sandbox has not started");
    return sandbox;
  }, now);
}

/**
 * `kennel-desk ARGS` in-process with exactly this environment, as the command started with it would
 * see it (nothing else of the test's environment), on the real clock unless one is given; its
 * standard output and standard error (logs included) captured.
 */
export async function runCommand(
  args: string[],
  env: Record<string, string>,
  options: { clock?: Clock; settleMs?: number; previewHere?: boolean } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env,
    io: {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.settleMs !== undefined ? { settleMs: options.settleMs } : {}),
    ...(options.previewHere ? { previewHere: true } : {}),
  });
  return { code, stdout, stderr };
}

/** The settings of a command that reads the sandbox's kennel API and posts to Slack's stand-in, `extra` over them. */
export function postingEnv(
  sandbox: { keys: { main: string }; url: string },
  slack: { apiUrl: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    SLACK_BOT_TOKEN: "xoxb-test-0000-cli",
    SLACK_API_URL: slack.apiUrl,
    ...extra,
  };
}
