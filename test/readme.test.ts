/**
 * The README stays short and true: under 200 lines, its two commands as they are, every `npm run X`
 * and `kennel-desk X` it or a docs/ page names exists, every link leads to a file, and `npm start` with
 * no settings serves the preview and its setup page, as "Connect your workspace" says.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { USAGE } from "../src/cli/usage.ts";
import { parseDay } from "../src/dates.ts";

const ROOT = new URL("../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), "utf8");
const README = read("README.md");
const PAGES = [
  "README.md",
  ...readdirSync(new URL("docs/", ROOT))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const scripts = Object.keys(
  (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts,
);

/** The kennel-desk commands, as `kennel-desk help` lists them. */
const cliCommands = [...USAGE.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1] as string);

describe("the README", () => {
  it("is under 200 lines and starts with what Kennel Desk is, its picture, the two commands and how to connect", () => {
    const lines = README.split("\n");
    expect(lines.length).toBeLessThan(200);
    const headings = lines.filter((l) => l.startsWith("## "));
    expect(headings.slice(0, 2)).toEqual(["## Try it: two commands", "## Connect your workspace"]);
    expect(README).toMatch(/!\[[^\]]+\]\(docs\/preview\.png\)/);
    const block = /## Try it: two commands\n\n```sh\n([\s\S]*?)```/.exec(README)?.[1] ?? "";
    expect(block.split("\n").map((l) => l.split("#")[0]?.trim())).toEqual([
      "npm install && npm start",
      "npm test",
      "",
    ]);
    expect(README).toContain("http://localhost:3000/setup");
    // How to run the command line, in the words docs/cli.md uses.
    const tryIt = /## Try it: two commands\n([\s\S]*?)\n## /.exec(README)?.[1] ?? "";
    expect(tryIt).toContain("`npx kennel-desk arrivals`");
    // And running it in a container says the bot must listen beyond the container's own 127.0.0.1.
    expect(read("docs/operations.md")).toMatch(/A container must listen beyond its own 127\.0\.0\.1/);
  });

  it("and the docs pages name only npm scripts and kennel-desk commands that exist", () => {
    expect(cliCommands).toEqual(expect.arrayContaining(["arrivals", "status", "digest", "mcp", "sandbox"]));
    for (const page of PAGES) {
      const text = read(page);
      for (const m of text.matchAll(/npm run (?:-s )?([a-z][\w:-]*)/g))
        expect(scripts, `${page}: npm run ${m[1]}`).toContain(m[1]);
      for (const m of text.matchAll(/`(?:npx )?kennel-desk ([a-z]+)\b/g))
        expect([...cliCommands, "help"], `${page}: kennel-desk ${m[1]}`).toContain(m[1]);
    }
  });

  it("says of each date in its Dates paragraph what the bot does: read it, or call it impossible", () => {
    const paragraph = /^Dates: [\s\S]*?\n\n/m.exec(README)?.[0] ?? "";
    const typed = [...paragraph.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    expect(typed).toEqual(expect.arrayContaining(["tomorrow", "24/12", "31/02"]));
    const impossible = [...paragraph.matchAll(/(?:impossible|ambiguous)[a-z ]* \(([^)]*)\)/g)].flatMap((m) =>
      [...(m[1] as string).matchAll(/`([^`]+)`/g)].map((n) => n[1] as string),
    );
    const now = new Date("2026-11-24T09:00:00Z");
    for (const date of typed.filter((t) => /\d|day|tomorrow|yesterday/.test(t))) {
      const r = parseDay(date, now, "Europe/London");
      if (impossible.includes(date))
        expect(r.ok ? "" : r.message, `${date} is said to be refused`).toMatch(
          /impossible|not a real date|ambiguous/,
        );
      else expect(r.ok, `${date}: ${r.ok ? "" : r.message}`).toBe(true);
    }
  });

  it("links only to files that exist", () => {
    for (const page of PAGES) {
      const base = new URL(page, ROOT);
      for (const m of read(page).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (m[1] as string).split("#")[0] as string;
        if (!target || /^[a-z]+:/.test(target)) continue;
        expect(existsSync(new URL(target, base)), `${page} links to ${m[1]}`).toBe(true);
      }
    }
  });

  it("`npm start` with no settings serves the preview, and its setup page at /setup", async () => {
    const main = fileURLToPath(new URL("src/main.ts", ROOT));
    const child = spawn(process.execPath, [main], {
      cwd: mkdtempSync(join(tmpdir(), "kd-readme-")),
      env: { PATH: process.env.PATH ?? "", PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
    });
    child.stderr.on("data", (d) => {
      out += String(d);
    });
    const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    try {
      // A deadline for a hung start, not a speed goal (start-up is timed by `npm run bench:start`).
      const until = Date.now() + 60_000;
      let url: string | undefined;
      while (!url) {
        url = /Open (http:\/\/localhost:\d+)/.exec(out)?.[1];
        if (Date.now() > until) throw new Error(`the preview did not start: ${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(out).toContain(`open ${url}/setup`);
      // What it logs reads as words (the sandbox's awkward pet: "note: pet …: some fields had values Kennel Desk could not read …"), never raw JSON.
      expect(out).not.toMatch(/^\{"level"/m);
      const page = await fetch(`${url}/setup`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<h1>Connect Kennel Desk</h1>");
      child.kill("SIGTERM");
      expect(await exit).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  }, 90_000);
});
