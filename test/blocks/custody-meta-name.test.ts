/**
 * Custody forms' carried data never holds a pet's name in part: a name that fits goes whole, one that
 * would pass Slack's 3,000 characters is left out (the form's answer names the pet from the record, as
 * the give-if-needed form does), never cut to its first 80 characters.
 */
import { describe, expect, it } from "vitest";
import {
  closeForm,
  countForm,
  countInForm,
  handBackForm,
  medicinesForm,
} from "../../src/blocks/custody-modal.ts";
import { SEAL_LENGTH } from "../../src/slack/seal.ts";

const ROOM = 3000 - SEAL_LENGTH;
/** A name of `n` characters full of what JSON escapes (`"`, `\\`), so a long one passes the room once written. */
const nameOf = (n: number) => `Duchess ${'"Dot"\\'.repeat(n)}`.slice(0, n);

describe("custody forms' carried data and a pet's name", () => {
  const forms = [
    { form: medicinesForm, meta: { b: 1, p: 2 } },
    { form: countInForm, meta: { b: 1, p: 2, i: "med:1" } },
    { form: countForm, meta: { m: 3 } },
    { form: handBackForm, meta: { m: 3 } },
    { form: closeForm, meta: { k: 4 } },
  ] as const;

  it("carries a name that fits whole", () => {
    const n = nameOf(300);
    for (const { form, meta } of forms) {
      const read = (form.read as (t: string) => { petName?: string } | undefined)(
        (form.write as (m: unknown, r: number) => string)({ ...meta, n, c: "C0KENNEL" }, ROOM),
      );
      expect(read?.petName).toBe(n);
    }
  });

  it("leaves out a name past the room, never a part of it", () => {
    const n = nameOf(2000);
    for (const { form, meta } of forms) {
      const text = (form.write as (m: unknown, r: number) => string)({ ...meta, n, c: "C0KENNEL" }, ROOM);
      expect(text.length).toBeLessThanOrEqual(ROOM);
      const read = (form.read as (t: string) => { petName?: string; channel?: string } | undefined)(text);
      expect(read).toBeDefined();
      expect(read?.petName).toBeUndefined();
      expect(read?.channel).toBe("C0KENNEL");
    }
  });
});
