#!/usr/bin/env node
/**
 * The `kennel-desk` command's entry (bin/kennel-desk.js runs this file; `node dist/cli.js` too):
 * checks the Node.js version before anything else, as the bot's entry does (src/main.ts), then runs
 * the command (src/cli/program.ts). Without the check, `node dist/cli.js arrivals` on Node.js 20 ran
 * nothing and exited 0 without a word. Only the check is imported statically (it imports nothing);
 * the command line is imported after it, dynamically.
 */
import { installedNode, nodeVersionProblem } from "./node-version.ts";

// The command as typed, on one line and short, for "start it again (node dist/cli.js arrivals)".
const typed = process.argv
  .slice(2)
  .join(" ")
  .replace(/\p{Cc}/gu, " ")
  .slice(0, 60);
const problem = nodeVersionProblem(
  process.versions.node,
  `node dist/cli.js${typed ? ` ${typed}` : ""}`,
  installedNode(import.meta.url),
);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
} else if (import.meta.main) {
  import("./cli/program.ts").then(
    (cli) => cli.start(),
    (error: unknown) => {
      process.stderr.write(`Kennel Desk could not load: ${(error as Error)?.message ?? error}\n`);
      process.exitCode = 1;
    },
  );
}
