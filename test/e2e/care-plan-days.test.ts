/**
 * Every other day, end to end through signed /rounds commands (issue 34): a diuretic "every other
 * day AM, starting 24/10" for a stay across the month's end and the clock change (Europe/London,
 * Sunday 25 October 2026), its plan confirmed; each morning's sheet from 24 October to 2 November
 * says it is due on the calendar days it is (24, 26, 28, 30 October, 1 November) and "not today" on the
 * others, never by 48-hour periods.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { sectionOf } from "../helpers/record-slack.ts";
import { commandForm, postSigned } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-10-30T09:00:00Z") };
const CHANNEL = "C0ROUNDS";
let h: Harness;
let stay: { b: number; p: number };

beforeAll(async () => {
  h = await startHarness({
    clock,
    sandbox: { awkward: true, today: "2026-10-30", timezone: "Europe/London" },
    env: {
      ROUNDS_CHANNEL: CHANNEL,
      DIGEST_SCHEDULE: "off",
      KENNEL_CACHE_TTL_S: "0",
      KENNEL_TIMEZONE: "Europe/London",
      KENNEL_DATE_ORDER: "dmy",
      ROUNDS_TIMES: "07:30,12:00,19:30",
    },
  });
  // A stay from before 24 October to after 2 November (the sandbox's own), on one diuretic every other day.
  const booking = h.sandbox.main.bookings.find(
    (b) =>
      b.status === "checked_in" &&
      !String(b.petNames).includes(",") &&
      Date.parse(String(b.checkInDate)) <= Date.parse("2026-10-24T06:00:00Z") &&
      Date.parse(String(b.checkOutDate)) >= Date.parse("2026-11-02T10:00:00Z"),
  ) as Record<string, unknown>;
  const pets = h.sandbox.main.petsByCustomer.get(Number(booking.customerId)) ?? [];
  const pet = pets.find((p) => p.name === booking.petNames) as Record<string, unknown>;
  for (const k of Object.keys(pet)) if (/^medication/i.test(k)) delete pet[k];
  pet.medication = "Furosemide 20mg 1 tab every other day AM, starting 24/10";
  stay = { b: Number(booking.bookingId), p: Number(pet.petId) };
}, 60_000);
afterAll(() => h.close());

/**
 * The pet's Furosemide line on a round's sheet, asked for with /rounds on its day (the part that lists
 * the pet): a round is posted and kept only on its own day, so the clock is that morning's.
 */
async function furosemide(round: string, date: string): Promise<string> {
  clock.now = () => new Date(`${date}T09:00:00Z`);
  const { form, id } = commandForm(h.slack, {
    command: "/rounds",
    text: `${round} ${date}`,
    channel: CHANNEL,
  });
  h.slack.responseTarget(id, { channel: CHANNEL, user: "U0JANE" });
  const since = h.slack.timeline.at(-1)?.id ?? 0;
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  const section = () =>
    h.slack.timeline
      .filter((m) => m.id > since)
      .map((m) => sectionOf(m.blocks, stay))
      .find(Boolean);
  await h.slack.waitFor(() => section() !== undefined, 30_000);
  const text = section() as string;
  return text.split("\n").find((l) => l.includes("Furosemide")) ?? `(no Furosemide line in: ${text})`;
}

describe("every other day across the month's end and the clock change", () => {
  it("due on the calendar days it is, 'not today' on the others", async () => {
    await furosemide("morning", "2026-10-24");
    expect(await confirmAllPlans(h.record, h.config, clock)).toBeGreaterThan(0);
    const days = ["24", "25", "26", "27", "28", "29", "30", "31"].map((d) => `2026-10-${d}`);
    days.push("2026-11-01", "2026-11-02");
    const seen: Record<string, string> = {};
    for (const date of days) {
      const l = await furosemide("morning", date);
      seen[date] = l.includes("📋 plan: not today") ? "not today" : l.includes("📋") ? l : "due";
    }
    expect(seen).toEqual({
      "2026-10-24": "due",
      "2026-10-25": "not today",
      "2026-10-26": "due",
      "2026-10-27": "not today",
      "2026-10-28": "due",
      "2026-10-29": "not today",
      "2026-10-30": "due",
      "2026-10-31": "not today",
      "2026-11-01": "due",
      "2026-11-02": "not today",
    });
  }, 180_000);
});
