/**
 * `node dist/main.js` on a Node.js older than 24: one line saying which Node.js it needs, exit 2, and
 * the bot's modules never loaded (the check runs before them). Before, it printed nothing and exited 0.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { nodeVersionProblem } from "../src/main.ts";

describe("the bot's Node.js check", () => {
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

/** A Node.js on PATH (outside node_modules) older than 24, or undefined. */
function olderNode(): string | undefined {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter((d) => d && !d.includes("node_modules"));
  for (const dir of [...dirs, "/usr/local/bin", "/usr/bin"]) {
    const candidate = join(dir, "node");
    try {
      const major = execFileSync(candidate, ["-p", "process.versions.node.split('.')[0]"], {
        encoding: "utf8",
        timeout: 10_000,
      });
      if (Number(major) < 24) return candidate;
    } catch {
      // not there, or not runnable
    }
  }
  return undefined;
}
const OLD_NODE = olderNode();

describe("dist/main.js as built", () => {
  // The entry as tsc builds it (types stripped, ./bot-main.ts → ./bot-main.js), beside a stand-in bot
  // that says when it is loaded and started.
  const dir = mkdtempSync(join(tmpdir(), "kennel-desk-main-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const source = readFileSync(fileURLToPath(new URL("../src/main.ts", import.meta.url)), "utf8");
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  writeFileSync(
    join(dir, "main.js"),
    stripTypeScriptTypes(source).replaceAll('"./bot-main.ts"', '"./bot-main.js"'),
  );
  writeFileSync(
    join(dir, "bot-main.js"),
    'process.stdout.write("bot loaded\\n");\nexport function start() { process.stdout.write("bot started\\n"); }\n',
  );
  const run = (node: string) =>
    spawnSync(node, [join(dir, "main.js")], { encoding: "utf8", timeout: 30_000 });

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
});
