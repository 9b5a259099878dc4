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
import { careWarningWords } from "../words/care.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import { leftOutWords } from "../words/day.ts";
import { TOMORROW_ALL_KNOWN, tomorrowTitle } from "../words/house.ts";
import { referenceOf } from "./day.ts";
import { docText } from "./doc.ts";
import type { TextOptions } from "./options.ts";
import { bold, cyan, dim, foot, one, paragraphs, red, requestIdWords, title } from "./style.ts";

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
  const head = title(o, tomorrowTitle(t.date, t.entries.length, t.arrivals));
  const off = leftOutWords({ leftOut: t.leftOut });
  if (t.entries.length === 0) return paragraphs([head, `${TOMORROW_ALL_KNOWN}${off ? ` (${off}.)` : ""}`]);
  const rows = t.entries.map((e) => {
    const b = e.booking;
    const first = [
      `${bold(o, timeOf(b.checkInDate, o.timezone) || "--:--")}  ${bold(o, b.petNames ? one(b.petNames, 300) : "pets not recorded")}`,
      b.customerName ? one(b.customerName, 150) : "owner not recorded",
      cyan(o, referenceOf(b)),
    ].join(" · ");
    const pets = e.pets.map((p) => `${bold(o, one(p.flags.name, 60))}: ${p.missing.join(", ")}`);
    const warning = careWarningWords({ status: e.careStatus, unmatched: e.unmatched.map((u) => one(u, 60)) });
    return [first, ...pets.map((l) => `       ${l}`), warning ? `       ${red(o, `❔ ${warning}`)}` : ""]
      .filter(Boolean)
      .join("\n");
  });
  return paragraphs([
    head,
    off ? dim(o, off) : undefined,
    rows.join("\n\n"),
    foot(o, [t.careProblem ? `❔ ${one(t.careProblem, 600)}` : undefined, requestIdWords(t.requestId)]),
  ]);
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
