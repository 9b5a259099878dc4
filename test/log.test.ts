import { describe, expect, it } from "vitest";
import { scrubSecrets } from "../src/log.ts";
import { captureLogger } from "./helpers/log.ts";

describe("logger", () => {
  it("redacts API key headers and token fields", () => {
    const { log, lines } = captureLogger();
    log.info(
      {
        headers: { "x-api-key": "abc", authorization: "Bearer t" },
        token: "xoxb-1",
        nested: { apiKey: "z" },
      },
      "hi",
    );
    const line = lines.join("");
    expect(line).toContain("[redacted]");
    expect(line).not.toMatch(/"abc"|Bearer t|xoxb-1|"z"/);
  });

  it("scrubs a secret's value wherever it appears, even in messages and stacks", () => {
    const secret = "sk_live_ABCDEF123456";
    const { log, lines } = captureLogger([secret]);
    log.error(new Error(`boom ${secret}`), `failed with ${secret}`);
    log.info({ url: `https://x/?k=${encodeURIComponent(secret)}` }, "x");
    expect(lines.length).toBe(2);
    for (const line of lines) expect(line).not.toContain(secret);
    expect(lines[0]).toContain("[redacted]");
  });

  it("scrubSecrets ignores very short values (no false positives on common text)", () => {
    expect(scrubSecrets("a b c", ["a"])).toBe("a b c");
    expect(scrubSecrets("x secret-value y", ["secret-value"])).toBe("x [redacted] y");
  });
});
