#!/usr/bin/env node
/**
 * The bot's entry (`node dist/main.js`, `npm start`): checks the Node.js version before anything else,
 * then starts the bot (src/bot-main.ts). Without this, a Node.js older than 24 ran nothing and exited
 * 0 without a word, and a service set up that way restarted forever.
 *
 * Nothing but the check is imported statically here: ESM loads every static import (Bolt, zod, the
 * whole bot) before this module's first line runs, so the bot is imported only after the check,
 * dynamically. The check (src/node-version.ts) imports nothing, nor does the compile cache's
 * switch (src/process/compile-cache.ts), turned on before the bot loads so its code is compiled once
 * per version, not at every start.
 */
import { installedNode, nodeVersionProblem } from "./node-version.ts";
import { useCompileCache } from "./process/compile-cache.ts";

const problem = nodeVersionProblem(process.versions.node, undefined, installedNode(import.meta.url));
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
} else if (import.meta.main) {
  useCompileCache();
  import("./bot-main.ts").then(
    (bot) => bot.start(),
    (error: unknown) => {
      process.stderr.write(`Kennel Desk could not load: ${(error as Error)?.message ?? error}\n`);
      process.exitCode = 1;
    },
  );
}
