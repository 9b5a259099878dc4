/**
 * Help on every command: `kennel-desk COMMAND --help`, `-h` and `kennel-desk help COMMAND` print that
 * command's usage, options, examples and exit codes (exit 0), with no settings and no API call. The
 * list is checked against the commands themselves, so a new command cannot ship without its help
 * (src/cli/command-help.ts). Mistyped commands and options get the nearest one suggested.
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMMAND_HELP } from "../../src/cli/command-help.ts";
import { COMMAND_NAMES, runCli } from "../../src/cli/index.ts";
import { roundWords } from "../../src/domain/round-names.ts";

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  let calls = 0;
  const code = await runCli(args, {
    env: { LOG_LEVEL: "silent", ...env },
    io: {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
    },
    fetch: async () => {
      calls++;
      throw new Error("no API call is made for help");
    },
  });
  return { code, stdout, stderr, calls };
}

describe("every command has its help", () => {
  it("the help list names exactly the commands there are", () => {
    expect(COMMAND_NAMES.length).toBeGreaterThan(10);
    expect(Object.keys(COMMAND_HELP).sort()).toEqual([...COMMAND_NAMES].sort());
  });

  for (const name of COMMAND_NAMES) {
    it(`${name}: --help, -h and help ${name} print its usage, options, examples and exit codes (exit 0)`, async () => {
      const outputs: string[] = [];
      for (const args of [
        [name, "--help"],
        [name, "-h"],
        ["help", name],
      ]) {
        const r = await run(args);
        expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
        expect(r.stderr).toBe("");
        expect(r.calls).toBe(0);
        outputs.push(r.stdout);
      }
      const [text] = outputs as [string];
      expect(outputs).toEqual([text, text, text]);
      expect(text.split("\n")[0]).toMatch(new RegExp(`^Usage: kennel-desk ${name}\\b`));
      expect(text).toContain("\nExamples:\n  kennel-desk ");
      expect(text).toMatch(/\nExit codes: 0 /);
      if (COMMAND_HELP[name]?.options.length) expect(text).toContain("\nOptions:\n");
    });
  }

  it("record's help names audit --file and the not-found exit of --booking (1, as describeFailure gives)", async () => {
    const r = await run(["record", "--help"]);
    expect(r.stdout).toContain("audit --file PATH");
    expect(r.stdout).toMatch(/Exit codes: [^\n]*1 [^\n]*no such booking \(--booking\)/);
    const all = await run(["help"]);
    expect(all.stdout).toContain("record audit [--days 28] [--json] [--file PATH]");
    expect(all.stdout).toContain("1 no such booking (--booking)");
  });

  it("--help wins over anything else typed, needs no settings, and runs nothing", async () => {
    const r = await run(["arrivals", "tomorow", "--jsno", "--help"], { KENNEL_TIMEZONE: "BST" });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: kennel-desk arrivals/);
    expect(r.calls).toBe(0);
  });

  it("the rounds' help names every round's other names", async () => {
    const r = await run(["rounds", "--help"]);
    expect(r.stdout).toContain(
      "morning (am, breakfast), midday (noon, lunch), evening (pm, dinner, tea, supper, night)",
    );
    expect((await run(["help"])).stdout).toContain("evening (pm, dinner, tea, supper, night)");
    for (const word of roundWords()) expect((await run(["help"])).stdout, word).toContain(word);
  });

  it("points at documentation pages that exist, and names the sandbox's awkward data set", async () => {
    const texts = [
      (await run(["help"])).stdout,
      ...(await Promise.all(COMMAND_NAMES.map((n) => run([n, "-h"])))).map((r) => r.stdout),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/README, "/);
      for (const m of text.matchAll(/docs\/[a-z-]+\.md/g))
        expect(existsSync(new URL(`../../${m[0]}`, import.meta.url)), m[0]).toBe(true);
    }
    expect((await run(["sandbox", "-h"])).stdout).toContain("--seed N|awkward");
  });

  it("help for a command there is not: exit 2, the nearest one suggested", async () => {
    const r = await run(["help", "arivals"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^Unknown command "arivals"\. Did you mean arrivals\? The commands: /);
  });
});

describe("slash dates in the terminal follow the kennel's date order", () => {
  const api = { KENNEL_API_KEY: "key-123456", KENNEL_API_BASE_URL: "https://api.example.com/api/v1" };

  it("month first in an America/… kennel: 25/12 is impossible, with 12/25 as the question", async () => {
    const r = await run(["arrivals", "25/12"], { ...api, KENNEL_TIMEZONE: "America/New_York" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"25/12" is impossible: the kennel writes dates month first');
    expect(r.stderr).toContain("Did you mean 12/25?");
    expect(r.calls).toBe(0);
  });

  it("KENNEL_DATE_ORDER=dmy wins over the zone: 12/25 is then impossible", async () => {
    const r = await run(["departures", "12/25"], {
      ...api,
      KENNEL_TIMEZONE: "America/New_York",
      KENNEL_DATE_ORDER: "dmy",
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("day first (24/12 is 24 December), and there is no month 25");
    expect(r.calls).toBe(0);
  });
});

describe("suggestions in the terminal", () => {
  it("a mistyped command: the nearest, exit 2, nothing run", async () => {
    for (const [typo, meant] of [
      ["arivals", "arrivals"],
      ["roudns", "rounds"],
      ["stauts", "status"],
    ]) {
      const r = await run([typo as string]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`Unknown command "${typo}". Did you mean ${meant}?`);
      // A short answer: the suggestion is not scrolled away by the whole usage.
      expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(2);
      expect(r.calls).toBe(0);
    }
  });

  it("a mistyped option: the nearest of that command's options, exit 2, no API call", async () => {
    const env = { KENNEL_API_KEY: "key-123456", KENNEL_API_BASE_URL: "https://api.example.com/api/v1" };
    for (const [args, meant] of [
      [["arrivals", "--jsno"], "--json"],
      [["inhouse", "--pgae", "2"], "--page"],
      [["customer", "1", "--histroy"], "--history"],
      [["digest", "--dry-rn"], "--dry-run"],
      [["digest", "--conten", "rounds"], "--content"],
    ] as const) {
      const r = await run([...args], env);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`Did you mean ${meant}?`);
      expect(r.calls).toBe(0);
    }
  });

  it("a mistyped date or round: the nearest, exit 2, no API call", async () => {
    const env = {
      KENNEL_API_KEY: "key-123456",
      KENNEL_API_BASE_URL: "https://api.example.com/api/v1",
      KENNEL_TIMEZONE: "Europe/London",
    };
    for (const [args, said] of [
      [["arrivals", "tomorow"], '"tomorow" is not a date I know. Did you mean tomorrow?'],
      [["departures", "fridy"], "Did you mean friday?"],
      [["inhouse", "31/02"], '"31/02" is impossible'],
      [["rounds", "lunhc"], "Did you mean lunch?"],
      [["rounds", "pm", "tmorow"], "Did you mean tomorrow?"],
      [["digest", "--content", "rounds", "--round", "dinr", "--dry-run"], "Did you mean dinner?"],
      [["digest", "--content", "rouns", "--dry-run"], "Did you mean rounds?"],
    ] as const) {
      const r = await run([...args], env);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(said);
      expect(r.calls).toBe(0);
    }
  });
});
