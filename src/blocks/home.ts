/** The App Home "Today": the day at a glance, each figure with a button that answers its list. */
import type { TodayOverview } from "../answers/today.ts";
import type { DateOrder } from "../config/date-order.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "../words/dates.ts";
import { offFoodCountWords } from "../words/off-food.ts";
import { homeList } from "./buttons.ts";
import { helpBlocks } from "./help.ts";
import { button, clip, context, esc, header, section, truncate } from "./mrkdwn.ts";
import type { Block } from "./types.ts";

type ListName = "arrivals" | "departures" | "inhouse" | "unpaid" | "rounds" | "tomorrow";

/** "15 bookings", "67 pets": the unit said, since some figures count bookings and others pets. */
const figure = (n: number | undefined, unit: string) => (n === undefined ? "?" : plural(n, unit));

export function homeBlocks(t: TodayOverview, timezone: string, order?: DateOrder): Block[] {
  const rows: Array<[ListName, string, number | undefined, string, string?]> = [
    ["arrivals", "🛬 Arrivals", t.arrivals, "Show arrivals", "booking"],
    ["departures", "🏠 Departures", t.departures, "Show departures", "booking"],
    ["inhouse", "🐾 In house", t.inHouse, "Show in house", "pet"],
    [
      "unpaid",
      "🔴 Departures with money to take (unpaid or part-paid)",
      t.unpaidDepartures,
      "Show the going-home check",
    ],
    ...(t.paymentToCheck
      ? [
          [
            "departures",
            "❔ Departures with payment not recorded (to check)",
            t.paymentToCheck,
            "Show the going-home check",
          ] as [ListName, string, number | undefined, string],
        ]
      : []),
    [
      "rounds",
      `💊 Medication this round (${roundWord(t.round).toLowerCase()})`,
      t.medicationThisRound,
      "Show the round",
      "pet",
    ],
    [
      "tomorrow",
      "❔ Care details missing for tomorrow",
      t.careMissingTomorrow,
      "Show tomorrow's check",
      "booking",
    ],
  ];
  const blocks: Block[] = [header(`Today — ${dayHeading(t.date)}`)];
  // Fasting pets first, by name: a fast missed is a pet fed before an operation.
  if (t.fasting?.length) {
    blocks.push(
      section(
        truncate(`🚫 *Fasting:*\n${t.fasting.map((f) => `• ${clip(f, 300)}`).join("\n")}`, 2900),
        button("Show the round", homeList.actionId("rounds"), homeList.encode({ l: "rounds" })),
      ),
    );
  }
  for (const [l, label, n, action, unit = "booking"] of rows) {
    blocks.push(
      section(`*${label}:* ${figure(n, unit)}`, button(action, homeList.actionId(l), homeList.encode({ l }))),
    );
  }
  blocks.push(...homeRecordBlocks(t));
  if (t.problems.length) {
    blocks.push(
      section(
        `⚠️ Some figures could not be loaded (shown as ?):\n${t.problems.map((p) => `• ${esc(p)}`).join("\n")}\nRun /kennel status for what to do.`,
      ),
    );
  }
  blocks.push(context("Lists open in a message only you can see. Refreshed each time you open this tab."));
  blocks.push({ type: "divider" }, ...helpBlocks(timezone, undefined, order));
  return blocks.slice(0, 100);
}

/** The care record's figures: this round's progress and the pets off their food, each with its list. */
function homeRecordBlocks(t: TodayOverview): Block[] {
  const r = t.record;
  if (!r) return [];
  const out: Block[] = [];
  const progress = r.round ? `${r.round.recorded} of ${r.round.pets} recorded` : "?";
  out.push(
    section(
      `*📋 This round (${roundWord(t.round).toLowerCase()}):* ${progress}`,
      button("Show the round's sheet", homeList.actionId("rounds"), homeList.encode({ l: "rounds" })),
    ),
  );
  const off = r.offFood;
  out.push(
    section(
      `*🍽 ${off === undefined ? "Pets off their food: ?" : offFoodCountWords(off.length)}*`,
      off?.length
        ? button("Show them", homeList.actionId("offfood"), homeList.encode({ l: "offfood" }))
        : undefined,
    ),
  );
  return out;
}

/** What a guest sees on the Home tab: the refusal, no kennel data. */
export function homeRefusalBlocks(message: string): Block[] {
  return [header("Kennel Desk"), section(`🔒 ${esc(message)}`)];
}
