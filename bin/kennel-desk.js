#!/usr/bin/env node
/**
 * The `kennel-desk` command on any Node.js from 18 on. The code is TypeScript that Node.js 24 runs as it
 * is (type stripping), so this plain-JavaScript launcher picks a Node.js that can, and runs src/cli.ts
 * with it: the running one when it is Node.js 24 or later; else the Node.js 24 that `npm install` put in
 * this folder's node_modules (the `node` devDependency); else, on Node.js 22.18 or later, the running
 * one; else it prints one line saying what is needed and exits with code 2.
 *
 * It starts src/cli.ts as a child process (which only runs when it is the program itself), passes on
 * the arguments, standard input and output, SIGTERM, SIGINT and SIGHUP, and exits with the child's
 * code; under npm it stops the child when npm is gone (npm does not pass a SIGTERM on).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const bundled = ["node", "node.exe"]
  .map((name) => fileURLToPath(new URL(`../node_modules/node/bin/${name}`, import.meta.url)))
  .find((path) => existsSync(path));

const [major, minor] = process.versions.node.split(".").map(Number);
const stripsTypes = Boolean(process.features?.typescript);
// src/cli.ts runs only when it is the program (import.meta.main: Node.js 24.2, and 22.18 on 22); on
// 23 or 24.0 it would run nothing and exit 0 without a word.
const knowsMain = major > 24 || (major === 24 && minor >= 2) || (major === 22 && minor >= 18);

function pickNode() {
  if (major >= 24 && knowsMain && stripsTypes) return process.execPath;
  if (bundled) return bundled;
  if (stripsTypes && knowsMain) return process.execPath;
  return undefined;
}

const node = pickNode();
if (!node) {
  const folder = fileURLToPath(new URL("..", import.meta.url)).replace(/[\\/]$/, "");
  process.stderr.write(
    `Kennel Desk needs Node.js 24 and this is Node.js ${process.versions.node}: install Node.js 24, or run \`npm install\` in ${folder} (it brings Node.js 24) and then \`npm run cli -- ${process.argv.slice(2).join(" ") || "help"}\` there.\n`,
  );
  process.exit(2);
}

const parent = process.ppid;
const child = spawn(node, [cli, ...process.argv.slice(2)], { stdio: "inherit" });

// A supervisor's SIGTERM or a closed terminal's SIGHUP reaches only this process: pass it on. Ctrl+C in
// a terminal reaches the child too (same process group), so SIGINT is passed on only without a terminal.
const forward = (signal) => {
  if (signal === "SIGINT" && process.stdin.isTTY) return;
  child.kill(signal);
};
const signals = ["SIGTERM", "SIGHUP", "SIGINT"];
for (const signal of signals) process.on(signal, forward);

// Run by npm (`npx kennel-desk …`, `npm exec`, an npm script): npm dies on a SIGTERM without passing
// it on, and this launcher and its child would go on, re-parented, holding their port (as issue 37
// found for `npm start`: src/bot-main.ts). So under npm, when the process that started this one is
// gone, the child is stopped as on SIGTERM, and this launcher exits with it.
const watch =
  process.env.npm_lifecycle_event || process.env.npm_command
    ? setInterval(() => {
        if (process.ppid === parent) return;
        clearInterval(watch);
        child.kill("SIGTERM");
      }, 500)
    : undefined;
watch?.unref();

child.on("error", (error) => {
  process.stderr.write(`Kennel Desk could not start ${node}: ${error.message}\n`);
  process.exit(2);
});
child.on("exit", (code, signal) => {
  clearInterval(watch);
  for (const s of signals) process.off(s, forward);
  if (signal) {
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
