/**
 * The medication chart of a day whose rounds were all kept, and a pet that came that day after its
 * last round (its booking said the next day when the rounds were kept, then 20:00): no kept round asked anything
 * of it. Before, the chart chose its pets from the kept rounds alone, so it had no page and the paper
 * said nothing of it. Now it has its page, that day's cells "arrived after the last round": from the
 * kennel API's answer while the record kept no round after that day's last, and from the record (the
 * next morning's kept round, the pet as it kept it) once it did. Real loopback HTTP to the sandbox and
 * a real SQLite record.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type ChartPet, chartOf } from "../../src/answers/chart.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { ROUNDS } from "../../src/domain/care.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import { chartDoc } from "../../src/present/chart.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { docText } from "../../src/text/doc.ts";
import { zonedInstant } from "../../src/time.ts";
import { chartOptions, PLAIN_TEXT } from "../helpers/chart.ts";
import { movingClock, useSandboxRecord } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const DAY = "2026-11-22";
const NEXT = "2026-11-23";
const clock = movingClock(zonedInstant(DAY, "07:00", TZ));
let sandbox: Sandbox;
let deps: Deps;
/** A pet with a medication due at the evening round, that came on DAY at 20:00. */
let the: { bookingId: number; petId: number; name: string };
const CAME = zonedInstant(DAY, "20:00", TZ).toISOString();

useSandboxRecord(
  { seed: 21, customers: 150, today: DAY, timezone: TZ },
  clock,
  "kennel-desk-chart-arrived-",
  (started) => {
    ({ sandbox, deps } = started);
  },
  { env: { KENNEL_CACHE_TTL_S: "0" } },
);

beforeAll(async () => {
  // A pet with a medication due at the evening round, its booking moved to start the next day: so
  // none of DAY's rounds, kept at 07:00, has it.
  const evening = await roundReport(deps, "evening", DAY, { keepPlans: false });
  const pet = evening.pets.find(
    (p) => p.pet?.pet.petId !== undefined && p.due?.some((d) => isMedicationItem(d.item)),
  );
  const petId = pet?.pet?.pet.petId;
  if (!pet || petId === undefined || pet.booking.bookingId === undefined)
    throw new Error("the sandbox's evening round has no pet with a medication due");
  the = { bookingId: pet.booking.bookingId, petId, name: pet.pet?.pet.name ?? "" };
  const booking = sandbox.main.bookingById.get(the.bookingId) as Record<string, unknown>;
  booking.checkInDate = zonedInstant(NEXT, "10:00", TZ).toISOString();
  for (const round of ROUNDS) await prepareRoundPost(deps, round, DAY);
  // Then it came on DAY at 20:00, after the evening round was kept.
  booking.checkInDate = CAME;
  clock.to(zonedInstant(DAY, "21:00", TZ));
}, 120_000);

const petIn = (pets: ChartPet[]) => pets.find((p) => p.bookingId === the.bookingId && p.petId === the.petId);

describe("a pet that came after the day's last kept round", () => {
  it("has its page, from the kennel API while the record kept no round after: that day's cells say it arrived after", async () => {
    const chart = await chartOf(deps, { from: DAY, days: 1 });
    expect(chart.columns.map((c) => c.kept)).toEqual([true, true, true]);
    const pet = petIn(chart.pets);
    expect(pet, "the pet that came at 20:00").toBeDefined();
    expect(pet?.rows.length).toBeGreaterThan(0);
    expect(pet).toMatchObject({ arrivedAfter: DAY, checkIn: CAME, fromRecord: false });
    const text = docText(chartDoc(chart, chartOptions(DAY)), PLAIN_TEXT);
    expect(text).toContain(`${the.name} (pet ${the.petId})`);
    // Its doses' cells ask the owner; its other cells that day are struck, never "arrived after the
    // last round" beside "arrives 20:00, after this round" (a fresh try read the two side by side).
    expect(text).toContain("arrives 20:00, after this round: ask the owner");
    expect(text).not.toContain("arrived after the last round");
    expect(text).toContain(
      "🧳 Arrives Sun 22 Nov 20:00, after that day's last round: its doses' cells that day say",
    );
  }, 60_000);

  it("with the kennel API refusing and no round kept after, the chart says such a pet has no page, never silently", async () => {
    sandbox.setFaults({ forceStatus: 401 });
    try {
      const chart = await chartOf(deps, { from: DAY, days: 1 }, { surface: "command" });
      expect(petIn(chart.pets)).toBeUndefined();
      expect(
        chart.problems.some((p) =>
          p.startsWith(
            "A pet that came after the last round of Sun 22 Nov is not in the care record, and the kennel system could not be read for it: it has no page here",
          ),
        ),
        chart.problems.join("\n"),
      ).toBe(true);
    } finally {
      sandbox.setFaults({});
    }
  }, 60_000);

  it("once a round of the next day is kept, its page is as the record keeps it, though the kennel system renamed it since", async () => {
    clock.to(zonedInstant(NEXT, "07:00", TZ));
    await prepareRoundPost(deps, "evening", NEXT);
    const pet = sandbox.main.petById.get(the.petId) as Record<string, unknown>;
    const was = pet.name;
    pet.name = "Renamed Since";
    try {
      const chart = await chartOf(deps, { from: DAY, days: 1 });
      expect(petIn(chart.pets)).toMatchObject({ name: the.name, arrivedAfter: DAY, fromRecord: true });
      expect(petIn(chart.pets)?.rows.length).toBeGreaterThan(0);
      const text = docText(chartDoc(chart, chartOptions(DAY)), PLAIN_TEXT);
      expect(text).toContain(`${the.name} (pet ${the.petId})`);
      expect(text).not.toContain("Renamed Since");
    } finally {
      pet.name = was;
    }
  }, 60_000);
});
