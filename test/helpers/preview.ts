/**
 * The preview (`npm start` with no settings) for a whole test file, without a browser: started before
 * its tests on a sandbox of 120 customers (seed 3) in Europe/London, its logs silent, unless
 * `options` says otherwise; closed after. Read `preview()` inside the tests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { silentLogger } from "../../src/log.ts";
import { type Preview, type PreviewOptions, startPreview } from "../../src/preview/server.ts";
import type { TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/server.ts";
import { type SlackStandIn, startSlackStandIn } from "./slack.ts";

export function usePreview(options: Partial<PreviewOptions> = {}): () => Preview {
  let preview: Preview | undefined;
  beforeAll(async () => {
    preview = await startPreview({
      port: 0,
      timezone: "Europe/London",
      log: silentLogger(),
      customers: 120,
      seed: 3,
      ...options,
    });
  }, 60_000);
  afterAll(() => preview?.close());
  return () => {
    if (!preview) throw new Error("the preview has not started");
    return preview;
  };
}

/** What the setup page's tests run against: see `useSetupPreview`. */
export interface SetupPreview {
  sandbox: Sandbox;
  slack: SlackStandIn;
  preview: Preview;
  /** The temporary folder the preview's `.env` is written in (removed after the file's tests). */
  dir: string;
  envFile: string;
}

/**
 * The preview with its setup page (/setup) for a whole test file, without a browser: the sandbox
 * kennel API (`sandbox`), Slack's loopback stand-in (its workspace `teamId`) and the preview
 * pointed at it, writing `.env` in a new temporary folder (`preview` adds to or overrides its
 * options: its log, its time zone…). The object returned holds them once the file's tests start;
 * everything is closed and the folder removed after.
 */
export function useSetupPreview(options: {
  sandbox: SandboxOptions;
  teamId: string;
  preview: Partial<PreviewOptions>;
}): SetupPreview {
  const started = {} as SetupPreview;
  beforeAll(async () => {
    started.sandbox = await startSandbox(options.sandbox);
    started.slack = await startSlackStandIn({ teamId: options.teamId });
    started.dir = mkdtempSync(join(tmpdir(), "kd-setup-"));
    started.envFile = join(started.dir, ".env");
    started.preview = await startPreview({
      port: 0,
      timezone: options.sandbox.timezone ?? "Europe/London",
      log: silentLogger(),
      customers: 20,
      envFile: started.envFile,
      slackApiUrl: started.slack.apiUrl,
      ...options.preview,
    });
  }, 60_000);
  afterAll(async () => {
    await started.preview?.close();
    await started.slack?.close();
    await started.sandbox?.close();
    if (started.dir) rmSync(started.dir, { recursive: true, force: true });
  });
  return started;
}

/**
 * Every box of the setup page answered well, for Save: the tokens given (Socket Mode), the sandbox's
 * address and key, the kennel in Europe/London, the digest in C0FRONT, no rounds channel, and the
 * preview's own port (3000 when started by npm start): free for the bot once the preview stops.
 */
export function setupAnswers(setup: SetupPreview, tokens: { bot: string; app: string }) {
  return {
    botToken: tokens.bot,
    mode: "socket",
    appToken: tokens.app,
    kennelUrl: setup.sandbox.url,
    kennelKey: setup.sandbox.keys.main,
    timezone: "Europe/London",
    digestChannel: "C0FRONT",
    roundsChannel: "",
    port: new URL(setup.preview.url).port,
  };
}

/**
 * The first message in the preview's channel, DMs and replies after its first `since` whose text
 * matches `pattern`, once it is there (failing after `ms`).
 */
export async function messageAfter(
  preview: Preview,
  since: number,
  pattern: RegExp,
  ms: number,
): Promise<TimelineEntry | undefined> {
  const found = () => preview.slack.timeline.slice(since).find((m) => pattern.test(m.text));
  await preview.slack.waitFor(() => found() !== undefined, ms);
  return found();
}
