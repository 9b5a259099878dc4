#!/usr/bin/env node
/**
 * The bot's entry (`node dist/main.js`, `npm start`): checks the Node.js version before anything else,
 * then starts the bot (src/bot-main.ts). Without this, a Node.js older than 24 ran nothing and exited
 * 0 without a word, and a service set up that way restarted forever.
 *
 * Nothing is imported statically here: ESM loads every static import (Bolt, zod, the whole bot) before
 * this module's first line runs, so the bot is imported only after the check, dynamically.
 */

/** Node.js 24.2 is the first 24 with everything the bot uses (import.meta.main). */
const NEEDED = { major: 24, minor: 2 };

/** The one line to say when this Node.js cannot run the bot; undefined when it can. */
export function nodeVersionProblem(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  if (major > NEEDED.major || (major === NEEDED.major && minor >= NEEDED.minor)) return undefined;
  return `Kennel Desk needs Node.js ${NEEDED.major} (${NEEDED.major}.${NEEDED.minor} or later) and this is Node.js ${version.replace(/^v/, "")}: install Node.js ${NEEDED.major} and start it again (node dist/main.js).`;
}

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
} else if (import.meta.main) {
  import("./bot-main.ts").then(
    (bot) => bot.start(),
    (error: unknown) => {
      process.stderr.write(`Kennel Desk could not load: ${(error as Error)?.message ?? error}\n`);
      process.exitCode = 1;
    },
  );
}
