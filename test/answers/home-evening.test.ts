/**
 * Home at the manager's evening (a fresh try at 18:54 found Home naming the morning's ordinary misses
 * and hiding "and 32 more (❌ 16 missed, ⏰ 16 late)", Jess's Phenobarbital and Sugar's Caninsulin,
 * missed at 18:30, among them; and "💉 1 unwitnessed" naming no one). Over the sandbox's day and a
 * real care record on an injected clock, its three rounds posted and nothing recorded but one
 * insulin given alone: every high-alert dose missed is named on Home, whatever the cap, the
 * evening's first (what can still be acted on), never behind "and N more"; the rest by state, the
 * latest round first; and the insulin given with no witness named with its pet, drug and giver.
 * The evening's missed and late replies say "not recorded", never "not given" (read as given
 * deliberately, it could bring a second dose), and what to do while a dose is still not recorded.
 */
import { expect, it } from "vitest";
import { roundDoses } from "../../src/answers/obligations.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import { alertMessages } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert } from "../../src/digest/dose-alert-records.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { alertsAt } from "../../src/domain/dose-alerts.ts";
import { todayText } from "../../src/text/house.ts";
import { localDate } from "../../src/time.ts";
import { CUSTODY_DAY as DATE, useCustodyDay } from "./custody-day.ts";

const TZ = "Europe/London";
let now = Date.parse(`${DATE}T07:40:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });

it("at 19:00 every high-alert dose missed is named on Home, the evening's first; the insulin given alone named unwitnessed", async () => {
  const { deps, store } = house;
  for (const [round, at] of [
    ["morning", "07:40"],
    ["midday", "11:40"],
    ["evening", "17:40"],
  ] as const) {
    now = Date.parse(`${DATE}T${at}:00Z`);
    await prepareRoundPost(deps, round, DATE);
  }
  const evening = (await roundDoses(deps, "evening", DATE)).filter((d) => d.due.item !== "meal");
  const insulin = evening.find((d) => d.due.highAlert && d.petName === "Buster");
  if (!insulin) throw new Error("the sandbox's evening round has no insulin for Buster");
  // 18:10: Buster's insulin given by Jane, no one witnessing it.
  now = Date.parse(`${DATE}T18:10:00Z`);
  await store.record([
    {
      date: DATE,
      round: "evening",
      bookingId: insulin.bookingId,
      petId: insulin.petId,
      petName: insulin.petName,
      item: insulin.due.item,
      itemText: insulin.due.text,
      outcome: "given",
      userId: "U0JANE",
      userName: "Jane",
      requestKey: "k-evening-insulin",
    },
  ]);
  // 19:00: the high-alert windows closed at 18:30; the day's other doses missed or late.
  now = Date.parse(`${DATE}T19:00:00Z`);
  const today = await todayOverview(deps);
  const named = today.record?.doses?.named ?? [];
  const high = named.filter((o) => o.highAlert);
  // Zoë's gabapentin at each round, Buster's morning insulin: more misses than Home's eight behind them.
  expect(high.map((o) => `${o.petName} ${o.round} ${o.state}`)).toEqual([
    "Zoë evening missed",
    "Zoë midday missed",
    "Zoë morning missed",
    "Buster morning missed",
  ]);
  expect(named.length).toBeGreaterThan(8 + high.length);
  const blocks = homeBlocks(today, TZ);
  for (const b of blocks) if ("text" in b && b.text) expect(b.text.text.length).toBeLessThanOrEqual(3000);
  const text = todayText(today, { color: false, timezone: TZ, thisYear: "2026" });
  for (const view of [JSON.stringify(blocks), text]) {
    expect(view).toContain(
      "❌ missed: Zoë (Kennel 2) 💉 Gabapentin 100 mg (plan not confirmed) · evening · window closed 18:30",
    );
    expect(view).toContain(
      "❌ missed: Buster (Kennel 7) 💉 Caninsulin (plan not confirmed) · morning · window closed 08:30",
    );
    // The rest counted, by state, none of them high-alert.
    expect(view).toMatch(/and \d+ more \(❌ \d+ missed, ⏰ \d+ late\): see each round post's thread/);
    // The insulin given alone: whose, what, when and by whom, not only "💉 1 unwitnessed".
    expect(view).toContain("💉 1 unwitnessed");
    expect(view).toContain(
      "💉 unwitnessed: Buster (Kennel 7) Caninsulin (plan not confirmed) · evening · given 18:10 by Jane",
    );
  }
  // After the high-alert ones, the others by state, the latest round first within each.
  const rest = named.filter((o) => !o.highAlert);
  const order = { morning: 0, midday: 1, evening: 2 };
  const states = ["missed", "late"] as const;
  for (const s of states) {
    const rounds = rest.filter((o) => o.state === s).map((o) => order[o.round]);
    expect(rounds).toEqual([...rounds].sort((a, b) => b - a));
  }
  expect(rest.findIndex((o) => o.state === "late")).toBeGreaterThan(
    rest.map((o) => o.state).lastIndexOf("missed"),
  );
  const lines = text.split("\n");
  const first = lines.findIndex((l) => l.startsWith("❌ missed:"));
  expect(lines[first + high.length]).toMatch(/^❌ missed: .+ · midday · window closed 14:00$/);
}, 60_000);

/** Every text of the messages, sections and small print. */
const textOf = (ms: Message[]) =>
  ms
    .flatMap((m) =>
      m.blocks.flatMap((b) =>
        b.type === "section" && b.text
          ? [b.text.text]
          : b.type === "context"
            ? b.elements.map((e) => ("text" in e ? e.text : ""))
            : [],
      ),
    )
    .join("\n");

it("the evening's missed and late replies say 'not recorded' and what to do, until each dose is recorded", async () => {
  const { deps, store } = house;
  now = Date.parse(`${DATE}T19:00:00Z`);
  const doses = await roundDoses(deps, "evening", DATE);
  const at = new Date(now).toISOString();
  const alerts = alertsAt(DATE, "evening", doses, at, { today: DATE, localDate: (i) => localDate(i, TZ) });
  const missed = alerts.find((a) => a.kind === "missed");
  const late = alerts.find((a) => a.kind === "late");
  if (!missed || !late) throw new Error("no missed and late replies for the evening at 19:00");
  const { claim } = await claimAlert(store, missed, 1, at);
  const check =
    "👉 Each one: check the record before giving it, and ask who was on the round (it may have been given and not recorded)";
  const vet = "💉 a missed high-alert dose: ask the vet before giving it late";
  const missedText = textOf(alertMessages(deps, claim, DATE, [], { roundPost: true }));
  expect(missedText).toContain("1 pet: 1 with a dose not recorded (💉 1 high-alert)");
  expect(missedText).not.toContain("not given");
  expect(missedText).toContain(check);
  expect(missedText).toContain(vet);
  // Late: the same check, no vet's question (its window is still open).
  const lateClaim = (await claimAlert(store, late, 1, at)).claim;
  const lateMessages = alertMessages(deps, lateClaim, DATE, [], { roundPost: true });
  for (const m of lateMessages) expect(limitViolations(m)).toEqual([]);
  const lateText = textOf(lateMessages);
  expect(lateText).toMatch(/\d+ with doses not recorded yet/);
  expect(lateText).toContain(check);
  expect(lateText).not.toContain(vet);
  // Zoë's gabapentin recorded since: nothing left to do, so nothing said.
  const zoe = missed.doses.find((d) => d.petName === "Zoë");
  if (!zoe) throw new Error("Zoë's gabapentin is not on the missed reply");
  now = Date.parse(`${DATE}T19:05:00Z`);
  await store.record([
    {
      date: DATE,
      round: "evening",
      bookingId: zoe.bookingId,
      petId: zoe.petId,
      petName: zoe.petName,
      item: zoe.due.item,
      itemText: zoe.due.text,
      outcome: "not_given",
      reasonCode: "vet_withheld",
      reason: "vet said hold tonight",
      userId: "U0JANE",
      userName: "Jane",
      requestKey: "k-evening-zoe",
    },
  ]);
  const after = textOf(
    alertMessages(deps, claim, DATE, await store.entries({ date: DATE }), { roundPost: true }),
  );
  expect(after).toContain("1 pet listed: nothing left to record");
  expect(after).not.toContain(check);
  expect(after).not.toContain(vet);
}, 60_000);
