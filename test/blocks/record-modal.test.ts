import { describe, expect, it } from "vitest";
import type { PetRoundState } from "../../src/blocks/buttons.ts";
import {
  lateModal,
  type ModalMeta,
  readMeta,
  readSubmission,
  recordModal,
} from "../../src/blocks/record-modal.ts";

const state: PetRoundState = {
  d: "2026-11-24",
  r: "morning",
  b: 5,
  p: 50,
  n: "Biscuit",
  i: [
    ["med:1", "Rimadyl 50 mg · half a tablet", "Rimadyl 50 mg"],
    ["meal", "200 g kibble", "meal"],
  ],
};
const meta: ModalMeta = { s: state, c: "C1", t: "1.2", cur: [] };
const pick = (value: string | null) => ({ outcome: { selected_option: value ? { value } : null } });
const text = (key: string, value: string | null) => ({ [key]: { value } });

describe("the record form", () => {
  it("each item with its outcomes (the current one chosen), a reason for a medication, a note of at most 500", () => {
    const view = recordModal({ ...meta, cur: [["meal", 9, "ate_some"]] }, [], "Europe/London", false);
    const raw = JSON.stringify(view);
    expect(view.submit.text).toBe("Record");
    expect(raw).toContain('"block_id":"it:med:1"');
    expect(raw).toContain('"block_id":"why:med:1"');
    expect(raw).not.toContain('"block_id":"why:meal"');
    expect(raw).toContain(
      '"initial_option":{"text":{"type":"plain_text","text":"ate some"},"value":"ate_some"}',
    );
    expect(raw).toContain('"max_length":500');
    expect(readMeta(view.private_metadata)).toEqual({ ...meta, cur: [["meal", 9, "ate_some"]] });
  });

  it("on an earlier day's sheet: the form and the one-tap confirmation say it is late", () => {
    expect(JSON.stringify(recordModal(meta, [], "Europe/London", true))).toContain(
      "Recording late for Tue 24 Nov, morning",
    );
    const late = lateModal(meta);
    expect(late.submit.text).toBe("Record late");
    expect(JSON.stringify(late)).toContain("Recording late for Tue 24 Nov, morning");
  });

  it("metadata stays within Slack's 3000 characters whatever the texts", () => {
    const heavy = '"\\'.repeat(100);
    const big: ModalMeta = {
      ...meta,
      u: `https://hooks.slack.com/actions/${"x".repeat(400)}`,
      s: {
        ...state,
        i: (["med:1", "med:2", "med:3", "med:4", "med:5", "meal"] as const).map((k) => [
          k,
          heavy,
          heavy.slice(0, 40),
        ]),
      },
    };
    expect(recordModal(big, [], "Europe/London", false).private_metadata.length).toBeLessThanOrEqual(3000);
  });

  it("a tampered metadata reads as nothing", () => {
    expect(readMeta("{")).toBeUndefined();
    expect(readMeta(JSON.stringify({ ...meta, s: { ...state, i: [["med:7", "x", "x"]] } }))).toBeUndefined();
  });

  it("reads only what changed; a dose not given needs a reason; inputs are cleaned", () => {
    const cur: ModalMeta = { ...meta, cur: [["meal", 9, "ate_all"]] };
    const ok = readSubmission(cur, {
      "it:med:1": pick("refused"),
      "why:med:1": text("reason", "  spat\u202E it   out "),
      "it:meal": pick("ate_all"),
      note: text("note", " fine\u200B after "),
    });
    expect(ok).toEqual({
      ok: true,
      choices: [{ item: "med:1", outcome: "refused", reason: "spat it out" }],
      note: "fine after",
    });
    expect(readSubmission(meta, { "it:med:1": pick("not_given"), "why:med:1": text("reason", "") })).toEqual({
      ok: false,
      errors: { "why:med:1": "Say why it was not given." },
    });
    // A meal outcome on a medication (a forged submission) is refused.
    expect(readSubmission(meta, { "it:med:1": pick("ate_all") })).toMatchObject({ ok: false });
    // Nothing changed, but a note: says so rather than losing the note silently.
    expect(readSubmission(cur, { "it:meal": pick("ate_all"), note: text("note", "ok") })).toEqual({
      ok: false,
      errors: { "it:med:1": "Nothing changed: choose an outcome to record the note with." },
    });
    expect(readSubmission(meta, { note: text("note", "x".repeat(501)) })).toMatchObject({
      ok: false,
      errors: { note: "At most 500 characters." },
    });
  });
});
