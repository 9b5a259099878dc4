#!/usr/bin/env node
/**
 * The `kennel-desk` command's entry (bin/kennel-desk.js runs this file): reads a .env file in the
 * working folder, runs the command (src/cli/index.ts) and sets the exit code.
 */
import { existsSync } from "node:fs";
import { runCli } from "./cli/index.ts";
import { scrubSecrets } from "./log.ts";

export { type CliDeps, type CliIo, runCli } from "./cli/index.ts";

if (import.meta.main) {
  // A .env file in the working folder fills in what the real environment does not set.
  if (existsSync(".env")) process.loadEnvFile(".env");
  // Output piped into a command that stops reading (`| head`) is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  runCli(process.argv.slice(2), {
    env: process.env,
    io: { stdout: process.stdout, stderr: process.stderr },
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
