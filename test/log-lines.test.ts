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
      { kind: "pet", id: 950008, fields: ["vaccinations", "weight"] },
      "pet 950008: ignored fields with unexpected values",
    );
    log.error({ apiKey: "kd_live_secretsecret123" }, "failed with kd_live_secretsecret123");
    expect(out()).toBe(
      "note: pet 950008: ignored fields with unexpected values (vaccinations, weight)\nerror: failed with [redacted]\n",
    );
    expect(out()).not.toContain("{");
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
