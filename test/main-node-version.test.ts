/**
 * `node dist/main.js` and `node dist/cli.js` on a Node.js older than 24: one line saying which Node.js
 * it needs (the same line for both), exit 2, and the bot's or the command line's modules never loaded
 * (the check runs before them). Before, each printed nothing and exited 0.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { installedNode, nodeVersionProblem } from "../src/node-version.ts";
import { nodeOnPath } from "./helpers/spawn.ts";

describe("the bot's Node.js check", () => {
  it("names the command to run again", () => {
    expect(nodeVersionProblem("20.20.2")).toMatch(/start it again \(node dist\/main\.js\)\.$/);
    expect(nodeVersionProblem("20.20.2", "node dist/cli.js arrivals")).toMatch(
      /start it again \(node dist\/cli\.js arrivals\)\.$/,
    );
  });

  it("with the Node.js 24 npm installed in the folder: says where it is and how to run with it", () => {
    const line = nodeVersionProblem("20.20.2", undefined, "node_modules/.bin/node");
    expect(line).toBe(
      "Kennel Desk needs Node.js 24 (24.2 or later) and this is Node.js 20.20.2: the Node.js 24 that npm installed is at node_modules/.bin/node: run node_modules/.bin/node dist/main.js or npm start (which uses it).",
    );
    expect(nodeVersionProblem("20.20.2", "node dist/cli.js arrivals", "node_modules/.bin/node")).toMatch(
      /: run node_modules\/\.bin\/node dist\/cli\.js arrivals\.$/,
    );
    // This folder's own: the entries find it beside them (src/../node_modules), named from here.
    expect(installedNode(new URL("../src/main.ts", import.meta.url).href)).toBe(
      join("node_modules", ".bin", "node"),
    );
    expect(installedNode(pathToFileURL(join(tmpdir(), "no-folder", "dist", "main.js")).href)).toBeUndefined();
  });

  it("says in one line which Node.js is needed, and which this is", () => {
    for (const old of ["20.20.2", "v18.19.0", "22.18.0", "24.1.0"]) {
      const line = nodeVersionProblem(old);
      expect(line).toMatch(
        /^Kennel Desk needs Node\.js 24 \(24\.2 or later\) and this is Node\.js \d+\.\d+\.\d+: /,
      );
      expect(line).toContain(old.replace(/^v/, ""));
      expect(line).not.toContain("\n");
    }
    for (const fine of ["24.2.0", "24.21.0", "25.0.0", "v26.1.3"])
      expect(nodeVersionProblem(fine)).toBeUndefined();
  });
});

/** A Node.js on PATH older than 24, or undefined. */
const OLD_NODE = nodeOnPath("process.versions.node.split('.')[0]", (major) => Number(major) < 24);

describe("dist/main.js as built", () => {
  // The entry as tsc builds it (types stripped, ./bot-main.ts → ./bot-main.js), beside a stand-in bot
  // that says when it is loaded and started.
  const dir = mkdtempSync(join(tmpdir(), "kennel-desk-main-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const built = (name: string) =>
    stripTypeScriptTypes(readFileSync(fileURLToPath(new URL(`../src/${name}.ts`, import.meta.url)), "utf8"))
      .replaceAll('"./bot-main.ts"', '"./bot-main.js"')
      .replaceAll('"./node-version.ts"', '"./node-version.js"')
      .replaceAll('"./process/compile-cache.ts"', '"./process/compile-cache.js"')
      .replaceAll('"./cli/program.ts"', '"./cli/program.js"');
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(dir, "main.js"), built("main"));
  writeFileSync(join(dir, "node-version.js"), built("node-version"));
  // The compile cache's switch, imported by the entry beside the check (it imports nothing either).
  mkdirSync(join(dir, "process"));
  writeFileSync(join(dir, "process", "compile-cache.js"), built("process/compile-cache"));
  writeFileSync(join(dir, "cli.js"), built("cli"));
  mkdirSync(join(dir, "cli"));
  writeFileSync(
    join(dir, "cli", "program.js"),
    'process.stdout.write("cli loaded\\n");\nexport function start() { process.stdout.write("cli started " + process.argv.slice(2).join(" ") + "\\n"); }\n',
  );
  writeFileSync(
    join(dir, "bot-main.js"),
    'process.stdout.write("bot loaded\\n");\nexport function start() { process.stdout.write("bot started\\n"); }\n',
  );
  const run = (node: string, file = "main.js", args: string[] = []) =>
    spawnSync(node, [join(dir, file), ...args], { encoding: "utf8", timeout: 30_000 });

  it("on this Node.js (24) starts the bot", () => {
    const result = run(process.execPath);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("bot loaded\nbot started\n");
    expect(result.status).toBe(0);
  });

  it.skipIf(!OLD_NODE)(
    `on an older Node.js (${OLD_NODE ?? "none found on PATH"}): one line, exit 2, the bot never loaded`,
    () => {
      const result = run(OLD_NODE as string);
      expect(result.stdout).toBe("");
      expect(result.stderr.trimEnd().split("\n")).toEqual([
        expect.stringMatching(
          /^Kennel Desk needs Node\.js 24 \(24\.2 or later\) and this is Node\.js \d+\.\d+\.\d+: /,
        ),
      ]);
      expect(result.status).toBe(2);
    },
  );

  it("dist/cli.js on this Node.js (24) runs the command", () => {
    const result = run(process.execPath, "cli.js", ["arrivals"]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("cli loaded\ncli started arrivals\n");
  });

  it.skipIf(!OLD_NODE)(
    `dist/cli.js on an older Node.js (${OLD_NODE ?? "none found on PATH"}): the same line as dist/main.js, exit 2, the command line never loaded`,
    () => {
      const result = run(OLD_NODE as string, "cli.js", ["arrivals"]);
      const bot = run(OLD_NODE as string);
      expect(result.stdout).toBe("");
      expect(result.stderr.trimEnd().split("\n")).toEqual([
        bot.stderr.trimEnd().replace("(node dist/main.js)", "(node dist/cli.js arrivals)"),
      ]);
      expect(result.status).toBe(2);
    },
  );
});
