/** `node dist/main.js` with a mistyped option stops with a message, never starting the preview in place of the bot. */
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";

describe("the bot's command line", () => {
  it("an unknown option is exit 2, before anything starts", async () => {
    const writes: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => {
      writes.push(String(s));
      return true;
    }) as typeof process.stderr.write;
    try {
      expect(await main({}, ["--prod"])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(writes.join("")).toContain('unknown option "--prod"');
  });
});

describe("the bot's settings", () => {
  it("every problem at once: a kennel setting that cannot be read and the Slack tokens not set", async () => {
    const writes: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => {
      writes.push(String(s));
      return true;
    }) as typeof process.stderr.write;
    try {
      expect(await main({ KENNEL_API_KEY: "abc-key-123" }, ["--production"])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    const text = writes.join("");
    expect(text).toContain("KENNEL_API_BASE_URL");
    expect(text).toContain("SLACK_BOT_TOKEN");
    expect(text).toContain("SLACK_APP_TOKEN");
    expect(text).not.toContain("abc-key-123");
  });
});
