import { afterEach, describe, expect, it } from "vitest";
import { hostTimeZone, isValidTimeZone } from "../src/config/timezone.ts";

describe("KENNEL_TIMEZONE's check", () => {
  it("takes ICU's listed zones, the names it lists under another, and UTC", () => {
    for (const zone of [
      "Europe/London",
      "UTC",
      "Asia/Kolkata",
      "Asia/Calcutta",
      "Europe/Kyiv",
      "Europe/Kiev",
    ]) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
  });

  it("refuses unknown zones, abbreviations and names with spaces around them", () => {
    for (const zone of [
      "Mars/Olympus_Mons",
      "Europe/Londres",
      "BST",
      "IST",
      " Europe/London",
      "Europe/London ",
      "",
    ]) {
      expect(isValidTimeZone(zone), zone).toBe(false);
    }
  });
});

describe("the host's zone", () => {
  const before = process.env.TZ;
  afterEach(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });

  it("is TZ when it names a listed zone or UTC, and the runtime's name for any other", () => {
    process.env.TZ = "Pacific/Chatham";
    expect(hostTimeZone()).toBe("Pacific/Chatham");
    process.env.TZ = "UTC";
    expect(hostTimeZone()).toBe("UTC");
    // Not in ICU's list: its own name for it, as before.
    process.env.TZ = "Asia/Kolkata";
    expect(hostTimeZone()).toBe("Asia/Calcutta");
    process.env.TZ = "Etc/UTC";
    expect(hostTimeZone()).toBe("UTC");
  });
});
