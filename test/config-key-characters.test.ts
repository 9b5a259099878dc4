/**
 * A kennel API key with a character no HTTP header can carry (typographic quotes from a document, a
 * zero-width space from a chat, any letter outside plain ASCII, a control character) is refused at
 * start, naming KENNEL_API_KEY and never echoing it; before, it was accepted and every request then
 * failed "could not be reached", blamed on the address. The setup page says so of the key box.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { checkKennel } from "../src/preview/setup-checks.ts";

const KEY = "kd_live_0123456789abcdef";
const URL = "https://api.example.com/api/v1";

const problemsOf = (key: string) => {
  try {
    loadConfig({ KENNEL_API_BASE_URL: URL, KENNEL_API_KEY: key });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

const ODD = {
  "curly quotes around it": `“${KEY}”`,
  "a zero-width space before it": `\u200b${KEY}`,
  "a byte-order mark before it": `\ufeff${KEY}`,
  "a letter outside ASCII": `kd_live_0123456789abcdéf`,
  "a non-breaking space inside it": `kd_live_0123\u00a0456789`,
  "a control character inside it": `kd_live_0123\u0007456789`,
};

describe("a key with a character that cannot go in a header", () => {
  it.each(Object.entries(ODD))("%s: refused at start, naming KENNEL_API_KEY, never echoed", (_, key) => {
    const p = problemsOf(key);
    expect(p).toHaveLength(1);
    expect(p[0]?.variable).toBe("KENNEL_API_KEY");
    expect(`${p[0]?.problem} ${p[0]?.fix}`).toMatch(/character|whitespace/);
    expect(JSON.stringify(p)).not.toContain("0123456789");
  });

  it("curly quotes and a zero-width space: the key's own words, the key pasted again", () => {
    for (const key of [ODD["curly quotes around it"], ODD["a zero-width space before it"]]) {
      const [p] = problemsOf(key);
      expect(p?.problem).toMatch(/^contains a character that cannot be part of a key/);
      expect(p?.fix).toMatch(/^Paste the key again/);
    }
  });

  it("a plain key is read as it is", () => {
    expect(problemsOf(KEY)).toEqual([]);
  });

  it.each([
    ODD["a zero-width space before it"],
    ODD["curly quotes around it"],
    ODD["a letter outside ASCII"],
  ])(
    "the setup page: the API key box is named, not the address, and nothing is asked of the API (%#)",
    async (key) => {
      const a = await checkKennel({} as never, URL, key);
      expect(a.ok).toBe(false);
      expect(a.headline).toMatch(/^The API key/);
      expect(`${a.headline} ${a.fix}`).not.toMatch(/address/);
      expect(JSON.stringify(a)).not.toContain("0123456789");
    },
  );
});
