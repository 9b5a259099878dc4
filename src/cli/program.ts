/**
 * The `kennel-desk` command as a program (src/cli.ts starts it once it has checked the Node.js
 * version): reads a .env file in the working folder, runs the command (src/cli/index.ts) and sets the
 * exit code.
 */
import { scrubSecrets } from "../log.ts";
import {
  previewInFolder,
  previewNote,
  previewNotReadNote,
  previewRunningIn,
  sandboxBesidePreviewNote,
} from "../preview/folder-state.ts";
import { loadEnvFile } from "../process/env-file.ts";
import { stopWithParent } from "../process/parent.ts";
import { localDate } from "../time.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import { asksForHelp, runCli } from "./index.ts";

/** The preview's kennel clock now, in its zone: "Sun 29 Nov 13:05 (Europe/London)". */
function kennelNow(p: { clock: { now(): Date }; state: { timezone: string } }): string {
  const iso = p.clock.now().toISOString();
  const tz = p.state.timezone;
  return `${dayHeading(localDate(iso, tz))} ${timeOf(iso, tz)} (${tz})`;
}

export function start(): void {
  // A .env file in the working folder fills in what the real environment does not set; help needs
  // no settings, so a .env that cannot be read never stands in its way.
  const help = asksForHelp(process.argv.slice(2));
  // The settings the real environment had, to tell those .env set from them.
  const before = new Set(Object.keys(process.env));
  const unreadable = help ? undefined : loadEnvFile("command");
  if (unreadable !== undefined) {
    process.exitCode = unreadable;
    return;
  }
  // Under npm (`npm run sandbox:env`, `npm run cli -- …`): gone with npm, never left holding a port.
  stopWithParent(process.env);
  // Output piped into a command that stops reading (`| head`) is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  // The preview running in this folder (npm start with no settings): its record, sandbox and kennel
  // clock, so the terminal says what its bot says (issue 45: the audit read the computer's clock).
  // Not `sandbox`, a kennel API of its own: told only that the preview runs here, and keeps its port.
  // A command with settings of its own (a .env the sandbox left) beside it does not read it, and says
  // so: its "no care record at …" is never taken for the preview's record lost.
  const command = process.argv[2];
  const running = previewRunningIn(process.cwd());
  const preview = command === "sandbox" ? undefined : previewInFolder(process.cwd(), process.env);
  if (preview) process.stderr.write(previewNote(preview, kennelNow(preview), command));
  else if (running && command === "sandbox") process.stderr.write(sandboxBesidePreviewNote(running));
  else if (running && !help) {
    const fromEnvFile = new Set(Object.keys(process.env).filter((k) => !before.has(k)));
    process.stderr.write(previewNotReadNote(running, process.env, fromEnvFile) ?? "");
  }
  runCli(process.argv.slice(2), {
    env: preview?.env ?? process.env,
    io: { stdout: process.stdout, stderr: process.stderr },
    ownProcess: true,
    ...(preview ? { clock: preview.clock, previewHere: true } : {}),
    ...(running && !preview ? { previewBeside: { pid: running.pid, port: running.port } } : {}),
    ...(running
      ? { previewRunning: { pid: running.pid, port: running.port, dataDir: running.dataDir } }
      : {}),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `Kennel Desk stopped on an unexpected error: ${scrubSecrets(String((error as Error)?.message ?? error), [process.env.KENNEL_API_KEY ?? ""])}\n`,
      );
      process.exitCode = 3;
    },
  );
}
