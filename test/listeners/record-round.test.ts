import { describe, expect, it } from "vitest";
import { usableResponseUrl } from "../../src/listeners/guard.ts";
import { couldNotRecord, roundName, whoRecorded } from "../../src/listeners/record-round.ts";
import { StoreError } from "../../src/record/errors.ts";
import type { Entry } from "../../src/record/types.ts";

const entry = (userName: string, recordedAt: string) => ({ userName, recordedAt }) as Entry;

describe("what the one who tapped is told", () => {
  it("who recorded it first, and when, in the kennel's time; names escaped", () => {
    expect(
      whoRecorded(
        [entry("Jane", "2026-11-24T08:12:00Z"), entry("<!channel>", "2026-11-24T08:15:00Z")],
        "Europe/London",
      ),
    ).toBe("Jane, &lt;!channel&gt; recorded it at 08:15");
    expect(roundName({ date: "2026-11-24", round: "morning" }, { name: "<@U1> Rex" })).toBe(
      "&lt;@U1&gt; Rex's morning round, Tue 24 Nov",
    );
  });

  it("the store down: Could not record, nothing written, try again, and what to do", () => {
    const down = new StoreError(
      "unavailable",
      "The care record's database cannot be reached.",
      "Check PostgreSQL.",
      "db",
    );
    expect(couldNotRecord(down)).toBe(
      "⚠️ Could not record: The care record's database cannot be reached. Nothing was written; try again. Check PostgreSQL.",
    );
    expect(couldNotRecord(new Error("boom"))).toBe(
      "⚠️ Could not record: the care record did not answer. Nothing was written; try again.",
    );
  });

  it("a response_url is used only over https, or http on loopback", () => {
    expect(usableResponseUrl("https://hooks.slack.com/actions/T1/1/x")).toBe(
      "https://hooks.slack.com/actions/T1/1/x",
    );
    expect(usableResponseUrl("http://127.0.0.1:3000/respond/a1")).toBe("http://127.0.0.1:3000/respond/a1");
    expect(usableResponseUrl("http://example.com/respond")).toBeUndefined();
    expect(usableResponseUrl("file:///etc/passwd")).toBeUndefined();
    expect(usableResponseUrl(undefined)).toBeUndefined();
  });
});
