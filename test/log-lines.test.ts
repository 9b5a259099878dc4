/** The terminal's log lines: one readable line each, never raw JSON, secrets still scrubbed. */
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/log.ts";
import { terminalLog } from "../src/log-lines.ts";

/**
 * A logger writing the terminal's lines, the API key among its secrets; `out()` what it wrote;
 * `gather`: a command's, the bookings' notes held for `flush`.
 */
function terminal(level: "debug" | "info", gather = false) {
  let out = "";
  const destination = terminalLog({ write: (s: string) => (out += s) }, { gather });
  const log = createLogger({ level, secrets: ["kd_live_secretsecret123"], destination, pretty: false });
  return { log, out: () => out, flush: destination.flush };
}

/** The reader's note of a booking read around values it could not read (src/kennel/schemas.ts). */
const bookingNote = (
  log: ReturnType<typeof terminal>["log"],
  id: number,
  fields: string[],
  reference?: string,
) =>
  log.warn(
    { kind: "booking", id, ...(reference ? { reference } : {}), fields },
    `booking ${id}: ignored fields with unexpected values`,
  );

describe("the command line's log lines", () => {
  it("a warning is one readable line naming the fields; a secret never printed", () => {
    const { log, out } = terminal("info");
    log.warn(
      { kind: "pet", id: 950008, fields: ["vaccinations"] },
      "pet 950008: skipped, it could not be read",
    );
    log.error({ apiKey: "kd_live_secretsecret123" }, "failed with kd_live_secretsecret123");
    expect(out()).toBe(
      "note: pet 950008: skipped, it could not be read (vaccinations)\nerror: failed with [redacted]\n",
    );
    expect(out()).not.toContain("{");
  });

  it("an error's own words follow the line (the catch-all's 'the log has the details' holds); a secret in them scrubbed", () => {
    const { log, out } = terminal("info");
    const error = Object.assign(
      new Error("EISDIR: illegal operation on a directory, read kd_live_secretsecret123"),
      {
        code: "EISDIR",
      },
    );
    log.error({ err: error }, "the command stopped on an unexpected error");
    expect(out()).toBe(
      "error: the command stopped on an unexpected error: Error: EISDIR: illegal operation on a directory, read [redacted] (EISDIR)\n",
    );
  });

  it("fields read around: says, in one line, what was not read, that the rest was used, and where to check", () => {
    const { log, out } = terminal("info");
    log.warn(
      { kind: "pet", id: 950008, fields: ["vaccinations", "weight"] },
      "pet 950008: ignored fields with unexpected values",
    );
    log.warn(
      { kind: "booking", fields: ["notes"] },
      "booking (no id): ignored fields with unexpected values",
    );
    expect(out()).toBe(
      "note: pet 950008: some fields had values Kennel Desk could not read (vaccinations, weight); the rest of the record was used. Check these fields in the kennel system.\n" +
        "note: a booking with no id: some fields had values Kennel Desk could not read (notes); the rest of the record was used. Check these fields in the kennel system.\n",
    );
  });

  it("a line asked for (debug, info) keeps its data after the words, secrets still scrubbed", () => {
    const { log, out } = terminal("debug");
    log.debug(
      { path: "/api/v1/health", status: 200, requestId: "sbx-1", key: "kd_live_secretsecret123" },
      "kennel API request",
    );
    expect(out()).toMatch(/^debug: kennel API request \{.*"path":"\/api\/v1\/health".*"requestId":"sbx-1"/);
    expect(out()).not.toContain("kd_live_secretsecret123");
  });

  it("a command's bookings not read whole: one note for the answer, by reference, the rest counted", () => {
    const { log, out, flush } = terminal("info", true);
    for (let i = 1; i <= 7; i++) bookingNote(log, 100 + i, ["checkInDate", "bookingPaid"], `HP-${i}`);
    // The same booking read twice (the day's list and its departures): named once, its fields merged.
    bookingNote(log, 101, ["numberOfPets"], "HP-1");
    log.warn(
      { kind: "pet", id: 950008, fields: ["weight"] },
      "pet 950008: ignored fields with unexpected values",
    );
    // A pet's note is said at once; the bookings' wait for the answer's end.
    expect(out()).toBe(
      "note: pet 950008: some fields had values Kennel Desk could not read (weight); the rest of the record was used. Check these fields in the kennel system.\n",
    );
    flush();
    expect(out().split("\n").filter(Boolean)).toHaveLength(2);
    expect(out()).toContain(
      "note: 7 bookings had values Kennel Desk could not read (HP-1: check-in date, payment, number of pets; HP-2: check-in date, payment; HP-3: check-in date, payment; HP-4: check-in date, payment; HP-5: check-in date, payment; and 2 more); the rest of each record was used. Check them in the kennel system.\n",
    );
    // Said once: the next answer's note is its own bookings'.
    flush();
    bookingNote(log, 200, ["customerEmail"]);
    flush();
    expect(out().split("\n").filter(Boolean)).toHaveLength(3);
    expect(out()).toMatch(
      /\nnote: 1 booking had values Kennel Desk could not read \(booking 200: customerEmail\); the rest of the record was used\. Check it in the kennel system\.\n$/,
    );
  });
});
