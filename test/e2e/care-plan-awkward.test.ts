/**
 * The awkward care plans of issue 34 through Slack (src/sandbox/awkward-cases-34.ts), each pet's
 * sheet read from signed /rounds commands: drafted (not confirmed: no one tap, due only where the
 * reader is certain), then confirmed (what the plan makes due, one tap withheld and offered by the
 * rules). Thursday 26 November 2026, Europe/London, rounds at 07:30, 12:00 and 18:00.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { sectionOf } from "../helpers/record-slack.ts";
import { commandForm, postSigned } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-11-26T07:40:00Z") };
const CHANNEL = "C0ROUNDS";
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    clock,
    sandbox: { awkward: true, today: "2026-11-26" },
    env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off", KENNEL_CACHE_TTL_S: "0" },
  });
}, 60_000);
afterAll(() => h.close());

/** The pet of an awkward case: its ids, its name and room. */
function pet(reference: string) {
  const b = h.sandbox.main.bookings.find((x) => x.reference === reference) as Record<string, unknown>;
  const p = (h.sandbox.main.petsByCustomer.get(Number(b.customerId)) ?? [])[0] as Record<string, unknown>;
  return { b: Number(b.bookingId), p: Number(p.petId), name: String(p.name), room: String(b.roomName) };
}

/** A pet's section: by its ids (a pet with something to record), else by its room and name (none). */
function sectionIn(blocks: unknown, ids: ReturnType<typeof pet>): string {
  const byIds = sectionOf(blocks, ids);
  if (byIds) return byIds;
  const texts = ((blocks ?? []) as Array<{ text?: { text?: string } }>).map((b) => b.text?.text ?? "");
  return texts.find((t) => t.startsWith(`*${ids.room}* · 🐕 *${ids.name}*`)) ?? "";
}

/** Each case's section and buttons on a round's sheet, asked for with /rounds. */
async function sheet(round: string, references: string[]) {
  const { form, id } = commandForm(h.slack, { command: "/rounds", text: round, channel: CHANNEL });
  h.slack.responseTarget(id, { channel: CHANNEL, user: "U0JANE" });
  const since = h.slack.timeline.at(-1)?.id ?? 0;
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  const mine = () => h.slack.timeline.filter((m) => m.id > since);
  const find = (ref: string) => {
    const ids = pet(ref);
    for (const m of mine()) {
      const text = sectionIn(m.blocks, ids);
      if (!text) continue;
      const blocks = (m.blocks ?? []) as Array<{
        block_id?: string;
        elements?: Array<{ text?: { text?: string } }>;
      }>;
      const act = blocks.find((x) => x.block_id === `kd_act:${ids.b}:${ids.p}`);
      return { text, buttons: (act?.elements ?? []).map((e) => e.text?.text ?? "") };
    }
    return undefined;
  };
  await h.slack.waitFor(() => references.every((r) => find(r) !== undefined), 30_000);
  return Object.fromEntries(references.map((r) => [r, find(r) as { text: string; buttons: string[] }]));
}

const line = (text: string, word: string) => text.split("\n").find((l) => l.includes(word)) ?? "";

describe("the awkward plans on Thursday's morning round", () => {
  const ALL = [
    "AW-EOD",
    "AW-PRN",
    "AW-TAPER",
    "AW-MWF",
    "AW-STOP",
    "AW-SLOTS",
    "AW-SUGAR",
    "AW-2330",
    "AW-1400",
    "AW-AM",
  ];

  it("drafted: each instruction whole, 📋 plan not confirmed, no one tap; the rest left to a person", async () => {
    const s = await sheet("morning", ALL);
    for (const ref of ["AW-EOD", "AW-PRN", "AW-TAPER", "AW-STOP", "AW-SLOTS", "AW-SUGAR"]) {
      expect(s[ref]?.text, ref).toContain("📋 plan not confirmed");
      expect(s[ref]?.buttons, ref).not.toContain("✅ All given & eaten");
      expect(s[ref]?.buttons, ref).toContain("📋 Plan…");
    }
    // The drug typed into two slots: both shown, both left to a person.
    expect(line(s["AW-SLOTS"]?.text ?? "", "Owner's own Metacam")).toContain("📋 plan: check: ");
    expect(line(s["AW-SLOTS"]?.text ?? "", "Kennel stock Metacam")).toContain("📋 plan: check: ");
    // "AM" beside the drug in the evening field: given at both rounds, or only the evening? A person says.
    expect(s["AW-AM"]?.text).toContain("📋 plan not confirmed");
    expect(line(s["AW-AM"]?.text ?? "", "Selgian")).toContain("📋 plan: check: ");
    expect(s["AW-AM"]?.buttons).not.toContain("✅ All given & eaten");
    // A Mon/Wed/Fri drug on a Thursday; a course that stopped yesterday; one that starts tomorrow.
    expect(line(s["AW-MWF"]?.text ?? "", "Vetoryl")).toContain("📋 plan: not today");
    expect(line(s["AW-STOP"]?.text ?? "", "Metronidazole")).toContain("📋 plan: course finished");
    expect(line(s["AW-STOP"]?.text ?? "", "Cephalexin")).toContain("📋 plan: not started yet");
    // Arriving at 23:30 and at 14:00: listed, nothing owed this morning: nothing to record (its plan
    // may be confirmed before it arrives: its 📋 Plan… only). The morning dose's window closed before
    // it comes: the owner is asked whether it was given, never a silent "not yet arrived".
    const recordButtons = (k: string) => (s[k]?.buttons ?? []).filter((b) => b !== "📋 Plan…");
    expect(s["AW-2330"]?.text).toContain("arrives 23:30");
    expect(line(s["AW-2330"]?.text ?? "", "Rimadyl")).toContain(
      "📋 plan: arrives after this round: ask the owner whether it was given",
    );
    expect(recordButtons("AW-2330")).toEqual([]);
    expect(s["AW-1400"]?.text).toContain("arrives 14:00");
    expect(recordButtons("AW-1400")).toEqual([]);
  }, 60_000);

  it("confirmed: due as the plan says, one tap only where every due item is routine and no drug is due twice", async () => {
    expect(await confirmAllPlans(h.record, h.config, clock)).toBeGreaterThanOrEqual(7);
    const s = await sheet("morning", ALL);
    // Every other day from the day before yesterday: due today; one tap.
    expect(line(s["AW-EOD"]?.text ?? "", "Furosemide")).not.toContain("📋");
    expect(s["AW-EOD"]?.buttons).toContain("✅ All given & eaten");
    // As needed: "give if needed", never due; the daily Apoquel due; one tap records the Apoquel alone.
    expect(line(s["AW-PRN"]?.text ?? "", "Piriton")).toContain("📋 plan: give if needed");
    expect(line(s["AW-PRN"]?.text ?? "", "Apoquel")).not.toContain("📋");
    expect(s["AW-PRN"]?.buttons).toContain("✅ All given & eaten");
    // The taper's step of the day.
    expect(line(s["AW-TAPER"]?.text ?? "", "Prednisolone")).toContain("📋 plan: due: 2 tabs");
    // Insulin only if she has eaten: its condition shown, never in one tap.
    expect(line(s["AW-SUGAR"]?.text ?? "", "Caninsulin")).toContain(
      "📋 plan: due ONLY if she has eaten: 6iu",
    );
    expect(s["AW-SUGAR"]?.buttons).not.toContain("✅ All given & eaten");
    // The same drug in two slots, both set due by a person: one at a time, never one tap.
    expect(s["AW-SLOTS"]?.buttons).not.toContain("✅ All given & eaten");
    expect(s["AW-SLOTS"]?.buttons).toContain("✏️ Record each…");
  }, 60_000);

  it("'Owner's food 1 cup AM 1 cup PM': no lunch asked for at midday", async () => {
    const s = await sheet("midday", ["AW-SLOTS"]);
    // Nothing due: no one tap. The morning's Metacam, printed whole at midday ("its words name the
    // morning"), can still be recorded there if it was given (not asked): ✏️ Record each… only.
    expect(s["AW-SLOTS"]?.buttons).toEqual(["✏️ Record each…"]);
    expect(s["AW-SLOTS"]?.text).not.toContain("🍽 midday");
  }, 60_000);
});
