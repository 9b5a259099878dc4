/** The kennel a record is for, in words on the inspector's page, never only its technical id. */
import { describe, expect, it } from "vitest";
import { kennelIdWords } from "../../src/words/record.ts";

describe("the record's kennel in words", () => {
  it.each([
    ["loopback#1", "the kennel on this computer (the sandbox, business 1)"],
    ["loopback", "the kennel on this computer (the sandbox)"],
    ["https://api.example.com#7", "the kennel at api.example.com (business 7)"],
    ["https://api.example.com:8443", "the kennel at api.example.com:8443"],
    ["before the kennel was recorded", "before the kennel was recorded"],
  ])("%s", (id, words) => {
    expect(kennelIdWords(id)).toBe(words);
  });
});
