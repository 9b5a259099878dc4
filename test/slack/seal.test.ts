/**
 * A form's sealed metadata names its key (issue 46, item 13): a form opened before the signing
 * secret was replaced is told apart from one changed on the way, and a seal made before the key
 * was named (a form opened just before this version) still opens.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSeal, SEAL_LENGTH } from "../../src/slack/seal.ts";

const seal = createSeal("8f14e45fceea167a5a36dedd4bea2543");
const text = JSON.stringify({ b: 5, p: 7, n: "Rex" });

describe("a form's seal", () => {
  it("opens what it sealed, and adds SEAL_LENGTH characters", () => {
    const sealed = seal.sign(text);
    expect(sealed).toHaveLength(text.length + SEAL_LENGTH);
    expect(seal.open(sealed)).toBe(text);
    expect(seal.otherKey(sealed)).toBe(false);
  });

  it("a form sealed with the key before the signing secret changed: not opened, and said so", () => {
    const before = createSeal("the-signing-secret-before").sign(text);
    expect(seal.open(before)).toBeUndefined();
    expect(seal.otherKey(before)).toBe(true);
  });

  it("changed on the way, or never sealed: not opened, and not taken for a changed key", () => {
    const sealed = seal.sign(text);
    const changed = sealed.replace('"b":5', '"b":6');
    expect(seal.open(changed)).toBeUndefined();
    expect(seal.otherKey(changed)).toBe(false);
    for (const raw of [text, undefined, "", `${text}.short`]) {
      expect(seal.open(raw)).toBeUndefined();
      expect(seal.otherKey(raw)).toBe(false);
    }
  });

  it("a seal made before the key was named (its MAC alone) still opens", () => {
    const key = createHmac("sha256", "8f14e45fceea167a5a36dedd4bea2543")
      .update("kennel-desk private_metadata v1")
      .digest();
    const older = `${text}.${createHmac("sha256", key).update(text).digest("base64url")}`;
    expect(seal.open(older)).toBe(text);
    expect(seal.otherKey(older)).toBe(false);
  });
});
