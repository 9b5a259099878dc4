/**
 * The care day as terminal text: the in-house board (by room), a round's feeding and medication
 * sheet (by room, every pet, one line for a pet with nothing this round), tomorrow's check and
 * today at a glance.
 */
import type { HouseReport } from "../answers/house.ts";
import type { RoundReport } from "../answers/rounds.ts";
import type { TodayOverview, TomorrowCheck } from "../answers/today.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import { houseDoc } from "../present/house.ts";
import { roundDoc } from "../present/rounds.ts";
import { tomorrowDoc } from "../present/tomorrow.ts";
import { dayHeading } from "../words/dates.ts";
import { docText } from "./doc.ts";
import type { TextOptions } from "./options.ts";
import { bold, one, paragraphs, red, title } from "./style.ts";

const _roomOf = (b: { roomName?: string | undefined }) => (b.roomName ? one(b.roomName, 100) : "no room");

/** Items grouped under their room's name, keeping the (room) order they come in. */
function _byRoom<T>(o: TextOptions, items: T[], room: (t: T) => string, text: (t: T) => string): string {
  const out: string[] = [];
  let last: string | undefined;
  for (const item of items) {
    const r = room(item);
    if (r !== last) out.push(bold(o, r));
    last = r;
    out.push(text(item));
  }
  return out.join("\n");
}

export function houseText(r: HouseReport, o: TextOptions): string {
  return docText(houseDoc(r, o), o);
}

export function roundText(r: RoundReport, o: TextOptions): string {
  return docText(roundDoc(r), o);
}

export function tomorrowText(t: TomorrowCheck, o: TextOptions): string {
  return docText(tomorrowDoc(t, o.timezone), o);
}

export function todayText(t: TodayOverview, o: TextOptions): string {
  const n = (v: number | undefined, one: string, many?: string) =>
    v === undefined ? "could not be loaded" : plural(v, one, many);
  const rows = [
    `🛬 Arrivals: ${n(t.arrivals, "booking")}`,
    `🏠 Departures: ${n(t.departures, "booking")}${t.unpaidDepartures ? ` (${red(o, `🔴 ${t.unpaidDepartures} with money to take`)})` : ""}`,
    ...(t.paymentToCheck ? [`❔ Departures with payment not recorded: ${t.paymentToCheck} to check`] : []),
    `🐾 In house: ${n(t.inHouse, "pet")}`,
    `💊 ${roundWord(t.round)} round: ${n(t.medicationThisRound, "pet")} with medication`,
    `❔ Tomorrow's arrivals with care details missing: ${n(t.careMissingTomorrow, "booking")}`,
  ];
  const fasting = t.fasting?.length
    ? red(o, [`🚫 Fasting:`, ...t.fasting.map((f) => `   ${one(f, 300)}`)].join("\n"))
    : undefined;
  return paragraphs([
    title(o, `Today — ${dayHeading(t.date)}`),
    fasting,
    rows.join("\n"),
    t.problems.length ? red(o, t.problems.map((p) => `❔ ${one(p, 400)}`).join("\n")) : undefined,
  ]);
}
