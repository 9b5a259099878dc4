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
