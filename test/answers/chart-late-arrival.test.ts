/**
 * A pet arriving on the chart's day after a round's time (AW-LATE: Pip at 19:00 with evening insulin,
 * the evening round at 18:00). Before, every cell of that day was struck "nothing due": the paper had
 * nowhere to sign and never said to ask the owner. Now a dose whose window is still open at the
 * arrival is due on arrival (a place to sign, "due on arrival 19:00"), and one whose window closed
 * before it (insulin's 30 minutes) says "arrives 19:00, after this round: ask the owner". Real
 * loopback HTTP to the sandbox and a real SQLite record, the clock at 13:00.
 */
import { beforeAll, expect, it } from "vitest";
import { type ChartPet, chartOf } from "../../src/answers/chart.ts";
import { carePlans } from "../../src/answers/plan-view.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { cellKey } from "../../src/domain/chart.ts";
import { chartDoc } from "../../src/present/chart.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { docText } from "../../src/text/doc.ts";
import { zonedInstant } from "../../src/time.ts";
import { chartOptions, PLAIN_TEXT } from "../helpers/chart.ts";
import { movingClock, useSandboxRecord } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const DAY = "2026-11-22";
const clock = movingClock(zonedInstant(DAY, "13:00", TZ));
let sandbox: Sandbox;
let deps: Deps;

useSandboxRecord(
  { seed: 50, customers: 12, today: DAY, timezone: TZ, awkward: true },
  clock,
  "kennel-desk-chart-late-",
  (started) => {
    ({ sandbox, deps } = started);
  },
  { env: { KENNEL_CACHE_TTL_S: "0" } },
);

const bookingOf = (reference: string) =>
  [...sandbox.main.bookingById.values()].find((b) => (b as { reference?: string }).reference === reference) as
    | Record<string, unknown>
    | undefined;

beforeAll(() => {
  // AW-OPEN's Jasper (Thyroxine with dinner: a window to 20:00) booked to arrive today at 19:00 too.
  const jasper = bookingOf("AW-OPEN");
  if (!jasper) throw new Error("no AW-OPEN");
  jasper.checkInDate = zonedInstant(DAY, "19:00", TZ).toISOString();
  jasper.status = "Confirmed";
});

const pageOf = (pets: ChartPet[], reference: string) => pets.find((p) => p.reference === reference);

it("a dose whose window is open at the arrival is due on arrival; insulin's, closed by then, asks the owner: never struck", async () => {
  const chart = await chartOf(deps, { from: DAY, days: 1 });
  const pip = pageOf(chart.pets, "AW-LATE");
  const jasper = pageOf(chart.pets, "AW-OPEN");
  const evening = (p: ChartPet | undefined) => p?.cells[cellKey(DAY, "evening", p.rows[0]?.item ?? "med:1")];
  expect(evening(pip)).toEqual({ kind: "not_due", arrives: zonedInstant(DAY, "19:00", TZ).toISOString() });
  expect(evening(jasper)).toMatchObject({ kind: "open", state: "upcoming" });
  const text = docText(chartDoc(chart, chartOptions(DAY)), PLAIN_TEXT);
  expect(text).toContain("arrives 19:00, after this round: ask the owner");
  expect(text).toContain("due on arrival 19:00: ask the owner, record it");
}, 60_000);

it("the connector's care plan says the same of AW-LATE's evening insulin: the owner asked, not 'not yet arrived'", async () => {
  const answer = await carePlans(deps, { booking: "AW-LATE", date: DAY });
  const rounds = answer.plans[0]?.onDate.find((i) => i.item === "med:1")?.rounds ?? [];
  const on = (round: string) => rounds.find((r) => r.round === round)?.on;
  expect(on("evening")).toMatchObject({ status: "not_due", why: "arrives_after_round" });
  // No word of the plan's on midday: not yet arrived, never asked.
  expect(on("midday")).toEqual({ status: "not_due", why: "before_arrival" });
}, 60_000);

it("once the evening round is kept, a pet it listed arriving later is never 'arrived after the last round'", async () => {
  // 18:30: the evening round posted and kept, Pip on it arriving at 19:00 (its cells say so).
  clock.to(zonedInstant(DAY, "18:30", TZ));
  await prepareRoundPost(deps, "evening", DAY);
  const chart = await chartOf(deps, { from: DAY, days: 1 });
  const text = docText(chartDoc(chart, chartOptions(DAY)), PLAIN_TEXT);
  expect(text).toContain("arrives 19:00, after this round: ask the owner");
  expect(text).not.toContain("arrived after the last round");
  expect(text).toContain(
    "🧳 Arrives Sun 22 Nov 19:00, after that day's last round: its doses' cells that day say \"arrives …, after this round: ask the owner\".",
  );
}, 60_000);
