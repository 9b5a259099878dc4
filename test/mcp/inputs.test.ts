/**
 * The connector's input check: any string holding a lone surrogate, wherever it sits in the
 * arguments, is found (and named by its path) before a request could be built from it; well-formed
 * text, emoji and accents included, always passes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { brokenStringAt, id } from "../../src/mcp/inputs.ts";
import { inputProblem } from "../../src/mcp/tool.ts";

// A fixed seed keeps the suite deterministic; change it (or set FC_SEED) to explore other inputs.
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261122) });

const lone = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const wellFormed = fc.string({ unit: "binary", maxLength: 40 }).filter((s) => s.isWellFormed());

describe("brokenStringAt", () => {
  it("passes well-formed text of any kind, nested anywhere", () => {
    fc.assert(
      fc.property(fc.jsonValue(), wellFormed, (value, s) => {
        if (!JSON.stringify(value).isWellFormed()) return;
        expect(brokenStringAt({ value, s, list: [s, { s }] })).toBeUndefined();
      }),
    );
    expect(brokenStringAt({ name: "Chloé 🐕‍🦺 Müller", owner: "O'Brien" })).toBeUndefined();
  });

  it("finds a lone surrogate anywhere in a string, at any depth, and names where", () => {
    fc.assert(
      fc.property(wellFormed, lone, wellFormed, fc.nat({ max: 3 }), (before, bad, after, depth) => {
        const s = `${before}${bad}${after}`;
        // A high surrogate followed by a low one is a pair, not a lone surrogate.
        if (s.isWellFormed()) return;
        let args: unknown = { text: s };
        let path = "text";
        for (let i = 0; i < depth; i++) {
          args = { inner: [args] };
          path = `inner[0].${path}`;
        }
        expect(brokenStringAt(args)).toBe(path);
      }),
    );
  });

  it("a broken key is found too", () => {
    expect(brokenStringAt({ "a\ud800": "x" })).toBe("(a key)");
  });
});

describe("inputProblem", () => {
  const schema = z.object({
    reference: z.string().max(64).optional(),
    page: z.number().int().min(1).optional(),
  });
  it("says the field and what is wrong, and nothing for good input", () => {
    expect(inputProblem(schema, { reference: "HP-7K2M9Q", page: 2 })).toBeUndefined();
    expect(inputProblem(schema, undefined)).toBeUndefined();
    expect(inputProblem(schema, { reference: "HP-\udfff" })).toMatch(
      /^reference: contains a broken character/,
    );
    expect(inputProblem(schema, { page: 0 })).toMatch(/^page: /);
  });
});

describe("an id of the wrong type", () => {
  const schema = z.object({ pet: id("pet") });

  it("a quoted id is told to be sent bare, in words, never the schema's jargon", () => {
    const problem = inputProblem(schema, { pet: "950002" });
    expect(problem).toBe("pet: the pet id is a number: send 950002 without quotes");
  });

  it("anything else that is not a number says what an id looks like", () => {
    expect(inputProblem(schema, { pet: "Biscuit" })).toBe(
      "pet: the pet id is a whole number, for example 950002",
    );
    expect(inputProblem(schema, { pet: 1.5 })).toBe("pet: the pet id is a whole number");
    expect(inputProblem(schema, { pet: 950002 })).toBeUndefined();
  });
});
