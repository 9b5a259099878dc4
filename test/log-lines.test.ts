/** The terminal's log lines: one readable line each, never raw JSON, secrets still scrubbed. */
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/log.ts";
import { terminalLog } from "../src/log-lines.ts";

/** A logger writing the terminal's lines, the API key among its secrets; `out()` what it wrote. */
function terminal(level: "debug" | "info") {
  let out = "";
  const log = createLogger({
    level,
    secrets: ["kd_live_secretsecret123"],
    destination: terminalLog({ write: (s: string) => (out += s) }),
    pretty: false,
  });
  return { log, out: () => out };
}

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
});
