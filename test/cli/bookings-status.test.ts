/**
 * `kennel-desk bookings status:"Checked In"` finds the checked-in bookings however the kennel system
 * stores the status: as those words (found as typed) or as checked_in (as typed finds none, so the
 * value is asked, and the list says so), the same rule as Slack's and the connector's
 * (src/answers/lists.ts byStatus). The kennel answered in-process, no network.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/index.ts";
import { BASE, KEY } from "../helpers/kennel.ts";
import { type StatusStyle, statusKennel } from "../helpers/status-kennel.ts";

async function bookings(style: StatusStyle, args: string[]) {
  const api = statusKennel(style);
  let stdout = "";
  let stderr = "";
  const code = await runCli(["bookings", ...args], {
    env: {
      KENNEL_API_KEY: KEY,
      KENNEL_API_BASE_URL: BASE,
      KENNEL_TIMEZONE: "Europe/London",
      LOG_LEVEL: "silent",
    },
    io: {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
    },
    fetch: api.fetchFn,
    clock: { now: () => new Date("2026-11-22T09:00:00Z") },
  });
  return { code, stdout, stderr, asked: api.asked };
}

describe("kennel-desk bookings with a status as answers show it", () => {
  it("finds the checked-in bookings whether the kennel stores those words or checked_in (exit 0)", async () => {
    for (const [style, typed, title, note] of [
      ["words", "status:Checked In", "Bookings: status Checked In (3)", ""],
      [
        "values",
        "status:Checked In",
        "Bookings: status checked_in (3)",
        "No bookings have the status “Checked In”; showing status checked_in.",
      ],
      [
        "values",
        "status:checked in",
        "Bookings: status checked_in (3)",
        "No bookings have the status “checked in”; showing status checked_in.",
      ],
    ] as const) {
      const r = await bookings(style, [typed]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, `${style} ${typed}`).toContain(title);
      for (const ref of ["ST-001", "ST-002", "ST-003"]) expect(r.stdout).toContain(ref);
      expect(r.stdout).not.toContain("ST-004");
      if (note) expect(r.stdout).toContain(note);
      else expect(r.stdout).not.toContain("showing status");
    }
  });

  it("--json says which status the list is of", async () => {
    const r = await bookings("values", ["status:Checked In", "--json"]);
    const json = JSON.parse(r.stdout) as { title: string; statusNote?: string; requestId: string };
    expect(json.title).toBe("Bookings: status checked_in");
    expect(json.statusNote).toBe("No bookings have the status “Checked In”; showing status checked_in.");
    expect(json.requestId).toBe("req-2");
  });
});
