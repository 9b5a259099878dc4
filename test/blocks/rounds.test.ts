/** The round sheet in Slack: the same rule as the terminal, escaped, within the limits. */
import { describe, expect, it } from "vitest";
import { limitViolations } from "../../src/blocks/limits.ts";
import { roundMessages } from "../../src/blocks/rounds.ts";
import type { Message } from "../../src/blocks/types.ts";
import { booking, pet, roundOf } from "../text/fixtures.ts";

const texts = (messages: Message[]) =>
  messages
    .flatMap((m) => m.blocks)
    .map((b) => (b.type === "section" ? (b.text?.text ?? "") : b.type === "context" ? JSON.stringify(b) : ""))
    .join("\n");

describe("roundMessages", () => {
  const rows: Array<[ReturnType<typeof booking>, ReturnType<typeof pet>]> = [
    [
      booking({ roomName: "Kennel 2" }),
      pet({
        name: "Juniper",
        medication: "Rimadyl 50 mg: half a tablet with breakfast <!channel>",
        medicationPm: "Half a tablet with dinner",
        medication2: "Calmex: one capsule at bedtime",
        medication3: "Soloxine 0.4 mg: one tablet once daily",
        dietaryRequirementsAm: "Half the bowl now, the rest at lunch",
      }),
    ],
    [
      booking({ bookingId: 9002, roomName: "Kennel 3" }),
      pet({ petId: 502, name: "Archie", dietaryRequirementsAm: undefined, dietaryRequirementsPm: undefined }),
    ],
  ];
  const sheet = (round: "morning" | "midday" | "evening") => {
    const t = roundMessages(roundOf(round, rows));
    const all = [t.parent, ...t.replies];
    for (const m of all) expect(limitViolations(m)).toEqual([]);
    return texts(all);
  };

  it("morning: every instruction in full, escaped; the once-a-day dose marked; no diet on record is not 'nothing'", () => {
    const s = sheet("morning");
    expect(s).toContain(
      "💊 Rimadyl 50 mg · instruction: Rimadyl 50 mg: half a tablet with breakfast &lt;!channel&gt; · later: evening: Half a tablet with dinner",
    );
    expect(s).not.toContain("<!channel>");
    expect(s).toContain(
      '💊 Calmex · instruction: Calmex: one capsule at bedtime · its words name the evening ("bedtime"): given at that round, not this one',
    );
    expect(s).toContain("once a day: check it was not given already");
    expect(s).toContain("🍽 house routine: morning and evening (no diet on record: check the booking)");
    expect(s).not.toMatch(/Archie\*? · nothing this round/);
    expect(s).toContain("1 with no diet on record (house routine)");
  });

  it("midday: the morning diet that names lunch; the once-a-day dose points to the morning sheet", () => {
    const s = sheet("midday");
    expect(s).toContain('🍽 from the morning diet ("lunch"): Half the bowl now, the rest at lunch');
    expect(s).toContain("💊 Soloxine 0.4 mg · given once a day (see the morning sheet)");
    expect(s).toContain("💊 Rimadyl 50 mg · nothing this round (given at the evening round)");
  });

  it("evening: the bedtime drug by its words", () => {
    expect(sheet("evening")).toContain(
      '💊 Calmex · instruction (its words "bedtime" put it on this round): Calmex: one capsule at bedtime',
    );
  });
});
