/**
 * Medicine custody's forms check the record's own bounds at the field (src/present/custody-bounds.ts,
 * read from src/record/kinds/custody.ts), say them, and keep what was typed (a field's error leaves
 * the form as it is): a quantity of 1e300 handed back, a name of 500 characters, 1e15 counted in. A
 * medicine counted in past its discard-by is asked first at its field; ticked, it is counted in.
 */
import { describe, expect, it } from "vitest";
import { countInModal, handBackModal } from "../../src/blocks/custody-modal.ts";
import type { CountInStart } from "../../src/domain/custody-rules.ts";
import { readCount, readCountIn, readHandBack } from "../../src/present/custody-form.ts";
import { medicineIn, medicineOut } from "../../src/record/kinds/custody.ts";

type Field = { value?: string; selected_option?: { value: string }; selected_date?: string };
/** A form's submitted values as Slack sends them: block id = action id. */
const values = (fields: Record<string, Field | { selected_options: Array<{ value: string }> }>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { [k]: v }]));

const TODAY = "2026-12-02";
const countedIn = (more: Record<string, Field | { selected_options: Array<{ value: string }> }> = {}) =>
  values({
    label: { value: "Piriton" },
    unit: { selected_option: { value: "tablet" } },
    quantity: { value: "20" },
    owner: { selected_option: { value: "yes" } },
    storage: { selected_option: { value: "room" } },
    ...more,
  });

describe("the record's bounds, at the field", () => {
  it("a quantity handed back past the record's most is refused there, the most said", () => {
    const read = readHandBack(values({ quantity: { value: "1e300" }, to: { value: "Mrs Ann Lee" } }));
    expect(read).toEqual({
      ok: false,
      errors: { quantity: "Write the quantity handed back (0 if none): 0 or more, at most 1,000,000." },
    });
    // The bound is the record's: what the form lets through at it, the record keeps; one past, neither.
    const body = { custodyId: 1, quantity: 1_000_000, to: "Mrs Ann Lee", by: { userName: "Jane" } };
    expect(medicineOut.body.safeParse(body).success).toBe(true);
    expect(readHandBack(values({ quantity: { value: "1000000" }, to: { value: "Mrs Ann Lee" } })).ok).toBe(
      true,
    );
    expect(medicineOut.body.safeParse({ ...body, quantity: 1_000_001 }).success).toBe(false);
  });

  it("a name handed to longer than the record keeps is refused there, with its length", () => {
    const long = "A".repeat(500);
    const read = readHandBack(values({ quantity: { value: "3" }, to: { value: long } }));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors.to).toBe(
      "The name is longer than the care record keeps (200 characters; this is 500): shorten it.",
    );
    const note = readHandBack(
      values({ quantity: { value: "3" }, to: { value: "Ann" }, note: { value: "n".repeat(501) } }),
    );
    expect(!note.ok && note.errors.note).toContain("(500 characters; this is 501)");
  });

  it("counted in and counted past the most: the most said, not only 'more than 0'", () => {
    const read = readCountIn(countedIn({ quantity: { value: "1e15" } }), TODAY);
    expect(!read.ok && read.errors.quantity).toBe(
      "Write the quantity counted: more than 0, at most 1,000,000.",
    );
    const count = readCount(values({ counted: { value: "2000000" } }));
    expect(!count.ok && count.errors.counted).toBe(
      "Write the quantity counted now: 0 or more, at most 1,000,000.",
    );
    const per = readCountIn(
      countedIn({ unit: { selected_option: { value: "pen" } }, per: { value: "1e9" } }),
      TODAY,
    );
    expect(!per.ok && per.errors.per).toContain("at most 100,000");
  });

  it("the forms' fields carry the record's bounds, so Slack stops them as they are typed", () => {
    const start: CountInStart = {
      label: "Piriton",
      discardDays: 180,
      controlled: false,
      secondPerson: false,
      storage: "room",
      words: "Piriton 4mg",
    };
    const blocks = [
      ...(countInModal("sealed", "Bobby", start).blocks as Array<{
        block_id?: string;
        element?: Record<string, unknown>;
      }>),
      ...(handBackModal("sealed", { head: "Piriton", secondPerson: false, balance: 3 }).blocks as Array<{
        block_id?: string;
        element?: Record<string, unknown>;
      }>),
    ];
    const el = (id: string) => blocks.find((b) => b.block_id === id)?.element;
    expect(el("quantity")?.max_value).toBe(String(medicineIn.body.shape.quantity.maxValue));
    expect(el("to")?.max_length).toBe(medicineOut.body.shape.to.maxLength);
    expect(el("note")?.max_length).toBe(500);
  });

  it("the count-in form's numbers never offer 0: more than 0, and days from 1 to 3,650", () => {
    const start: CountInStart = {
      label: "Piriton",
      discardDays: 180,
      controlled: false,
      secondPerson: false,
      storage: "room",
      words: "Piriton 4mg",
    };
    const blocks = countInModal("sealed", "Bobby", start).blocks as Array<{
      block_id?: string;
      element?: Record<string, unknown>;
    }>;
    const el = (id: string) => blocks.find((b) => b.block_id === id)?.element;
    expect(Number(el("quantity")?.min_value)).toBeGreaterThan(0);
    expect(Number(el("per")?.min_value)).toBeGreaterThan(0);
    expect(el("discard")?.min_value).toBe(String(medicineIn.body.shape.discardDays.unwrap().minValue));
    expect(el("discard")?.min_value).toBe("1");
    expect(el("discard")?.max_value).toBe("3650");
    // Counted now and handed back take 0, as the record does.
    const back = handBackModal("sealed", { head: "Piriton", secondPerson: false, balance: 3 })
      .blocks as Array<{
      block_id?: string;
      element?: Record<string, unknown>;
    }>;
    expect(back.find((b) => b.block_id === "quantity")?.element?.min_value).toBe("0");
  });
});

describe("counted in past its discard-by", () => {
  it("is asked first at the expiry, and counted in once ticked", () => {
    const read = readCountIn(countedIn({ expiry: { selected_date: "2026-11-30" } }), TODAY);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors.expiry).toContain(
      "Past its discard-by (Mon 30 Nov): it should not be given.",
    );
    const ticked = readCountIn(
      countedIn({ expiry: { selected_date: "2026-11-30" }, past: { selected_options: [{ value: "yes" }] } }),
      TODAY,
    );
    expect(ticked.ok && ticked.value.expiry).toBe("2026-11-30");
    // Opened 40 days ago, 28 days after opening: past, said at its days.
    const opened = readCountIn(
      countedIn({ opened: { selected_date: "2026-10-23" }, discard: { value: "28" } }),
      TODAY,
    );
    expect(!opened.ok && opened.errors.discard).toContain("Past its discard-by (Fri 20 Nov)");
    // Expiring today is not past: counted in without asking.
    expect(readCountIn(countedIn({ expiry: { selected_date: TODAY } }), TODAY).ok).toBe(true);
    const form = JSON.stringify(
      countInModal("sealed", "Bobby", {
        label: "Piriton",
        controlled: false,
        secondPerson: false,
        storage: "room",
        words: "Piriton",
      }),
    );
    expect(form).toContain("Count it in, past its date");
  });
});
