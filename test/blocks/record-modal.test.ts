import { describe, expect, it } from "vitest";
import type { SheetPet } from "../../src/answers/sheets.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import { confirmModal, type ModalMeta, recordForm, recordModal } from "../../src/blocks/record-modal.ts";
import { createSeal, SEAL_LENGTH } from "../../src/slack/seal.ts";

const sheet = { date: "2026-11-24", round: "morning" as const };
const pet: SheetPet = {
  bookingId: 5,
  petId: 50,
  name: "Biscuit",
  due: [
    { item: "med:1", text: "Rimadyl 50 mg · half a tablet", label: "Rimadyl 50 mg" },
    { item: "meal", text: "200 g kibble", label: "meal" },
  ],
  oneTap: true,
  message: 0,
};
const meta: ModalMeta = { s: 9, b: 5, p: 50, c: "C1", t: "1.2", cur: [] };
const clock = { time: "09:00", timezone: "Europe/London" };
const seal = createSeal("8f14e45fceea167a5a36dedd4bea2543");
const sealed = (m: ModalMeta) => seal.sign(recordForm.write(m, 3000 - SEAL_LENGTH));
const pick = (value: string | null) => ({ outcome: { selected_option: value ? { value } : null } });
const text = (key: string, value: string | null) => ({ [key]: { value } });

describe("the record form", () => {
  it("each item with its outcomes (the current one chosen), a reason for a medication, a note of its own of at most 500", () => {
    const m: ModalMeta = { ...meta, cur: [["meal", 9, "ate_some"]] };
    const view = recordModal(sealed(m), m, sheet, pet, [], clock);
    const raw = JSON.stringify(view);
    expect(view.submit.text).toBe("Record");
    expect(raw).toContain('"block_id":"it:med:1"');
    expect(raw).toContain('"block_id":"why:med:1"');
    expect(raw).not.toContain('"block_id":"why:meal"');
    expect(raw).toContain(
      '"initial_option":{"text":{"type":"plain_text","text":"ate some"},"value":"ate_some"}',
    );
    expect(raw).toContain('"block_id":"note:med:1"');
    expect(raw).toContain('"block_id":"note:meal"');
    expect(raw).not.toContain('"block_id":"note"');
    expect(raw).toContain('"max_length":500');
    expect(recordForm.decode(seal.open(view.private_metadata))).toEqual(m);
  });

  it("on an earlier day's sheet the form and the one-tap confirmation say it is late; early, they ask in their words", () => {
    expect(
      JSON.stringify(recordModal(sealed(meta), meta, sheet, pet, [], clock, { kind: "late" })),
    ).toContain("Recording late for Tue 24 Nov, morning");
    const late = confirmModal(sealed(meta), sheet, pet, { kind: "late" });
    expect(late.submit.text).toBe("Record late");
    expect(JSON.stringify(late)).toContain("Recording late for Tue 24 Nov, morning");
    // Early (a round still ahead, a pet not here yet): asked in its own words, escaped.
    const early = confirmModal(sealed(meta), sheet, pet, {
      kind: "early",
      words: "🛬 <b>Bramble</b> arrives 10:15",
    });
    expect(early.submit.text).toBe("Record now");
    expect(JSON.stringify(early)).toContain("🛬 &lt;b&gt;Bramble&lt;/b&gt; arrives 10:15");
  });

  it("metadata, sealed, stays within Slack's 3000 characters (a long response_url is left out)", () => {
    const big: ModalMeta = { ...meta, u: `https://hooks.slack.com/actions/${"x".repeat(3000)}` };
    const raw = sealed(big);
    expect(raw.length).toBeLessThanOrEqual(3000);
    expect(recordForm.decode(seal.open(raw))).toEqual({ ...meta });
  });

  it("a changed or forged metadata reads as nothing: the seal does not match", () => {
    const raw = sealed(meta);
    expect(recordForm.decode(seal.open(raw))).toEqual(meta);
    // Another pet put in by hand, the seal kept: refused.
    expect(seal.open(raw.replace('"b":5', '"b":6'))).toBeUndefined();
    // Sealed with another key (another bot's, or a guess): refused.
    expect(seal.open(createSeal("another-secret").sign(recordForm.write(meta)))).toBeUndefined();
    expect(seal.open(recordForm.write(meta))).toBeUndefined();
    expect(seal.open(undefined)).toBeUndefined();
    expect(recordForm.decode("{")).toBeUndefined();
    expect(recordForm.decode(JSON.stringify({ ...meta, s: "x" }))).toBeUndefined();
  });

  it("reads only what changed, only for the items the sheet listed; a dose not given needs a reason; inputs are cleaned", () => {
    const cur: ModalMeta = { ...meta, cur: [["meal", 9, "ate_all"]] };
    const ok = readSubmission(cur, pet, {
      "it:med:1": pick("refused"),
      "why:med:1": text("reason", "  spat\u202E it   out "),
      "it:meal": pick("ate_all"),
      // An item the sheet did not list for the pet (a forged submission): ignored.
      "it:med:5": pick("given"),
      note: text("note", " fine\u200B after "),
    });
    // A form opened before each item had its own note: its one note goes with what it records.
    expect(ok).toEqual({
      ok: true,
      choices: [{ item: "med:1", outcome: "refused", reason: "spat it out", note: "fine after" }],
      ifNeeded: [],
    });
    expect(
      readSubmission(meta, pet, { "it:med:1": pick("not_given"), "why:med:1": text("reason", "") }),
    ).toEqual({
      ok: false,
      errors: { "why:med:1": "Say why it was not given." },
    });
    // A meal outcome on a medication (a forged submission) is refused.
    expect(readSubmission(meta, pet, { "it:med:1": pick("ate_all") })).toMatchObject({ ok: false });
    // Only an unlisted item: nothing to record.
    expect(readSubmission(meta, pet, { "it:med:5": pick("given") })).toMatchObject({ ok: false });
    // Nothing changed, but a note: says so rather than losing the note silently.
    expect(readSubmission(cur, pet, { "it:meal": pick("ate_all"), note: text("note", "ok") })).toEqual({
      ok: false,
      errors: { "it:med:1": "Nothing changed: choose an outcome to record the note with." },
    });
    expect(readSubmission(meta, pet, { note: text("note", "x".repeat(501)) })).toMatchObject({
      ok: false,
      errors: { note: "At most 500 characters." },
    });
  });
});

describe("the record form's reasons and its time question (issue 35)", () => {
  const pick2 = (key: string, value: string | null) => ({
    [key]: { selected_option: value ? { value } : null },
  });
  /** The form read with the list's fields (none chosen, no words) and `over` over them. */
  const readWithList = (over: Record<string, unknown>) =>
    readSubmission(meta, pet, {
      "code:med:1": pick2("code", null),
      "why:med:1": text("reason", null),
      ...over,
    });

  it("asks a medication's reason from the list, and its words, beside the outcome", () => {
    const raw = JSON.stringify(recordModal(sealed(meta), meta, sheet, pet, [], clock));
    expect(raw).toContain('"block_id":"code:med:1"');
    expect(raw).not.toContain('"block_id":"code:meal"');
    for (const words of [
      "refused",
      "vomited within 30 min",
      "withheld on the vet's advice",
      "not in the kennel",
      "none left",
      "asleep as instructed",
      "other",
    ])
      expect(raw).toContain(`"text":"${words.replace(/'/g, "'")}"`);
    expect(raw).not.toContain('"block_id":"given_at"');
  });

  it("a dose not given needs a reason from the list (at that field); 'other' needs the words; both kept", () => {
    expect(readWithList({ "it:med:1": pick("not_given") })).toEqual({
      ok: false,
      errors: { "code:med:1": "Say why it was not given." },
    });
    expect(readWithList({ "it:med:1": pick("not_given"), "code:med:1": pick2("code", "other") })).toEqual({
      ok: false,
      errors: { "why:med:1": "Say what the other reason is." },
    });
    expect(
      readWithList({
        "it:med:1": pick("not_given"),
        "code:med:1": pick2("code", "vomited"),
        "why:med:1": text("reason", "brought it up at 08:20"),
      }),
    ).toEqual({
      ok: true,
      choices: [
        {
          item: "med:1",
          outcome: "not_given",
          reason: "vomited within 30 min: brought it up at 08:20",
          reasonCode: "vomited",
        },
      ],
      ifNeeded: [],
    });
    // A refusal is its own reason: "refused" unless another is chosen, never said twice.
    expect(
      readWithList({ "it:med:1": pick("refused"), "why:med:1": text("reason", "spat it") }),
    ).toMatchObject({
      ok: true,
      choices: [{ outcome: "refused", reason: "spat it", reasonCode: "refused" }],
    });
    // A reason beside a dose given, or one not on the list, is refused at the field.
    expect(readWithList({ "it:med:1": pick("given"), "code:med:1": pick2("code", "asleep") })).toMatchObject({
      ok: false,
      errors: { "code:med:1": expect.stringContaining("not given or refused") },
    });
    expect(
      readWithList({ "it:med:1": pick("not_given"), "code:med:1": pick2("code", "bored") }),
    ).toMatchObject({
      ok: false,
      errors: { "code:med:1": "Choose one of the listed reasons." },
    });
  });

  it("after a window closed, both forms ask when it was given: a day and a time, now, in the kennel's zone", () => {
    const when = {
      labels: ["Rimadyl 50 mg"],
      closedAt: "2026-11-24T10:00:00.000Z",
      date: "2026-11-24",
      time: "11:00",
      timezone: "Europe/London",
    };
    const m: ModalMeta = { ...meta, q: 1 };
    for (const view of [
      recordModal(sealed(m), m, sheet, pet, [], clock, undefined, when),
      confirmModal(sealed(m), sheet, pet, undefined, when),
    ]) {
      const raw = JSON.stringify(view);
      const each = raw.includes('"callback_id":"rec_modal"');
      // "Record each…" may write a dose not given, which is no late entry: its button never says "late".
      expect(view.submit.text).toBe(each ? "Record" : "Record late");
      expect(raw).toContain(
        `The window for Rimadyl 50 mg closed at 10:00: when was it given${each ? ", or offered and refused" : ""}?`,
      );
      expect(raw).toContain('"type":"datepicker","action_id":"date","initial_date":"2026-11-24"');
      // The one tap (all given) shows now first; "Record each…" none: a dose not given keeps no time.
      expect(raw).toContain(
        each
          ? '"type":"timepicker","action_id":"time","timezone":"Europe/London"'
          : '"type":"timepicker","action_id":"time","initial_time":"11:00","timezone":"Europe/London"',
      );
    }
    expect(recordForm.decode(seal.open(sealed(m)))).toEqual(m);
    const at = (date: string | null, time: string | null) => ({
      given_on: { date: { selected_date: date } },
      given_at: { time: { selected_time: time } },
    });
    expect(readSubmission(m, pet, { "it:med:1": pick("given"), ...at("2026-11-24", "08:05") })).toMatchObject(
      {
        ok: true,
        given: { date: "2026-11-24", time: "08:05" },
      },
    );
    // Left empty, it is said so: whether it is needed is for what the form writes (checkGiven).
    expect(readSubmission(m, pet, { "it:med:1": pick("given"), ...at("2026-11-24", null) })).toMatchObject({
      ok: true,
      given: "missing",
    });
    // A form that did not ask reads no time, whatever is sent.
    expect(
      readSubmission(meta, pet, { "it:med:1": pick("given"), ...at("2026-11-24", "08:05") }),
    ).not.toHaveProperty("given");
  });
});
