/**
 * A one-off command's failure says to run the command again, never the bot's "Kennel Desk cannot
 * start … start again" or "then restart Kennel Desk": a wrong API address and a rejected key (a
 * command's failure and `kennel-desk status`'s answer), against a loopback sandbox. The bot's own
 * words are unchanged (describeFailure's surface; every surface's words: test/answers/failure.test.ts).
 */
import { describe, expect, it } from "vitest";
import { describeFailure } from "../../src/answers/failure.ts";
import { ConfigError } from "../../src/config.ts";
import { AuthenticationError } from "../../src/kennel/errors.ts";
import { useSandboxCli } from "./helpers.ts";

const TODAY = "2026-03-10";
const run = useSandboxCli(
  { timezone: "Europe/London", today: TODAY, awkward: true },
  () => new Date(`${TODAY}T09:00:00Z`),
);

describe("a command's failure, in the terminal", () => {
  it("a wrong API address: the command cannot run, fix the settings and run the command again", async () => {
    for (const command of ["arrivals", "rounds"]) {
      const r = await run([command], { KENNEL_API_BASE_URL: "http://not-a-url" });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("The command cannot run: 1 problem with the settings.");
      expect(r.stderr).toContain("Fix the settings named above and run the command again.");
      expect(r.stderr).not.toMatch(/cannot start|start again|restart/);
    }
  });

  it("a rejected key: set the new key, then run the command again", async () => {
    const r = await run(["arrivals"], { KENNEL_API_KEY: "sk_test_0000000000000000000000000000wrong" });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("rejected the API key");
    expect(r.stderr).toContain(
      "KENNEL_API_KEY in the environment (or in the .env file of the folder the command runs in) is the whole key the business's API settings gave, with no spaces around it (a character left off is the usual cause), then run the command again.",
    );
    expect(r.stderr).not.toMatch(/cannot start|start again|restart/);
  });

  it("`kennel-desk status` with a rejected key: fix the key in the environment or .env, run the command again", async () => {
    const wrong = { KENNEL_API_KEY: "sk_test_0000000000000000000000000000wrong" };
    const r = await run(["status"], wrong);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("rejected the API key");
    expect(r.stdout).toContain(
      "KENNEL_API_KEY in the environment (or in the .env file of the folder the command runs in) is the whole key the business's API settings gave, with no spaces around it (a character left off is the usual cause), then run the command again.",
    );
    expect(r.stdout).not.toMatch(/restart/);
    const json = await run(["status", "--json"], wrong);
    const words = (JSON.parse(json.stdout) as { words: { state: string; action: string } }).words;
    expect(words.state).toBe("key_rejected");
    expect(words.action).toMatch(
      /in the environment \(or in the \.env file .*\) is the whole key .*then run the command again\./,
    );
  });

  it("a note the command's reads make twice is said once (a pet's field not read: Bear's allergies)", async () => {
    const r = await run(["pet", "950008"], { LOG_LEVEL: "warn" });
    expect(r.code).toBe(0);
    const note =
      "note: pet 950008: some fields had values Kennel Desk could not read (allergies); the rest of the record was used. Check these fields in the kennel system.\n";
    expect(r.stderr.split(note)).toHaveLength(2);
  });

  it("the bot (and the connector) keep their own words: start again, restart Kennel Desk", () => {
    const settings = describeFailure(
      new ConfigError([{ variable: "KENNEL_API_BASE_URL", problem: "is wrong.", fix: "Fix it." }]),
    );
    expect(settings.what).toMatch(/^Kennel Desk cannot start: 1 problem/);
    expect(settings.whatToDo).toContain("Fix the settings named above and start again.");
    expect(describeFailure(new AuthenticationError()).whatToDo).toMatch(/then restart Kennel Desk\.$/);
  });
});
