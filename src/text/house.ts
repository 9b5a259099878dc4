/**
 * The care day as terminal text: the in-house board (by room), a round's feeding and medication
 * sheet (by room, every pet, one line for a pet with nothing this round), tomorrow's check and
 * today at a glance.
 */
import type { HouseEntry, HouseReport } from "../answers/house.ts";
import type { RoundPet, RoundReport } from "../answers/rounds.ts";
import type { TodayOverview, TomorrowCheck } from "../answers/today.ts";
import { bookingTypeText, statusText } from "../domain/bookings.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import {
  careWarningWords,
  NO_DIET_ON_RECORD,
  namedDietRow,
  roundMedicationRow,
  sheetAlertWords,
  speciesEmoji,
} from "../words/care.ts";
import { dayHeading, dayOf, timeOf } from "../words/dates.ts";
import { leftOutWords, pagePlace } from "../words/day.ts";
import {
  houseSummaryParts,
  houseTitle,
  NO_CHECK_OUT,
  NO_ONE_IN_HOUSE,
  roundSummaryParts,
  roundTitle,
  stayMarkWords,
  TOMORROW_ALL_KNOWN,
  tomorrowTitle,
} from "../words/house.ts";
import { offFoodWords } from "../words/off-food.ts";
import { entryCareLines } from "./care.ts";
import { referenceOf } from "./day.ts";
import type { TextOptions } from "./options.ts";
import {
  bold,
  cyan,
  dim,
  foot,
  one,
  paragraphs,
  red,
  requestIdWords,
  summary,
  title,
  yellow,
} from "./style.ts";

const roomOf = (b: { roomName?: string | undefined }) => (b.roomName ? one(b.roomName, 100) : "no room");

/** Items grouped under their room's name, keeping the (room) order they come in. */
function byRoom<T>(o: TextOptions, items: T[], room: (t: T) => string, text: (t: T) => string): string {
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

function houseEntryText(e: HouseEntry, o: TextOptions): string {
  const b = e.booking;
  const pets = b.petNames ? one(b.petNames, 300) : "pets not recorded";
  const count = b.numberOfPets && b.numberOfPets > 1 ? ` (${b.numberOfPets})` : "";
  const owner = b.customerName ? one(b.customerName, 150) : "owner not recorded";
  const home = e.left
    ? yellow(o, `🏠 ${statusText(b.status)}`)
    : e.goingHome
      ? yellow(o, "🏠 going home that day")
      : b.checkOutDate
        ? `home ${dayOf(b.checkOutDate, o.timezone, o.thisYear)}`
        : yellow(o, NO_CHECK_OUT);
  const type = one(bookingTypeText(b), 40);
  const first = [
    `${bold(o, pets)}${count}`,
    owner,
    home,
    e.arriving ? "🛬 arrives that day" : "",
    // A status Kennel Desk does not know ("Cancellation Requested") is shown as the API wrote it.
    e.standing === "unknown_status" ? yellow(o, one(statusText(b.status), 60)) : "",
    type,
    dim(o, referenceOf(b)),
  ]
    .filter(Boolean)
    .join(" · ");
  const food = (e.offFood ?? []).map((f) => `${offFoodWords(f)} (${one(f.petName, 60)})`);
  return [`  ${first}`, ...[...entryCareLines(o, e.care), ...food].map((l) => `     ${l}`)].join("\n");
}

export function houseText(r: HouseReport, o: TextOptions): string {
  const head = title(o, houseTitle(r.date, r.totals.pets));
  if (r.totals.bookings === 0) return paragraphs([head, NO_ONE_IN_HOUSE]);
  const page = pagePlace({ ...r, shown: r.entries.length, total: r.totals.bookings }, "stays");
  return paragraphs([
    head,
    [summary(o, houseSummaryParts(r.totals)), page].filter(Boolean).join(" · "),
    byRoom(
      o,
      r.entries,
      (e) => roomOf(e.booking),
      (e) => houseEntryText(e, o),
    ),
    foot(o, [
      r.houseNote ? `❔ ${one(r.houseNote, 300)}` : undefined,
      r.careProblem ? `❔ ${one(r.careProblem, 600)}` : undefined,
      requestIdWords(r.requestId),
    ]),
  ]);
}

/** One pet on a round's sheet: the round's diet, each medication's row for the round, allergies. */
function roundPetText(p: RoundPet, r: RoundReport, o: TextOptions): string {
  const b = p.booking;
  const marks = stayMarkWords(p).map((m) => ` · ${m}`);
  const owner = `${b.customerName ? ` (${one(b.customerName, 80)})` : ""}${marks.join("")}`;
  const indent = "     ";
  if (!p.pet || !p.sheet) {
    const which = p.unmatched.length ? p.unmatched.join(", ") : (b.petNames ?? "pets");
    const why = careWarningWords({ status: p.careStatus, unmatched: [] }) || "care details not known";
    return `  ${bold(o, one(which, 200))}${owner}\n${indent}${red(o, `❔ ${why}, and check this pet's care by hand`)}`;
  }
  const name = `${speciesEmoji(p.pet.pet)} ${bold(o, one(p.pet.flags.name, 80))}${owner}`;
  const s = p.sheet;
  const meds = s.medications.map((m) => {
    const row = `💊 ${one(roundMedicationRow(m, r.round), 900)}`;
    return m.due ? yellow(o, row) : dim(o, row);
  });
  const allergy = s.allergies ? yellow(o, `⚠️ allergies: ${one(s.allergies, 300)}`) : "";
  // Fasting (and the other alerts) before anything else in the pet's lines.
  const alerts = sheetAlertWords(p.pet.flags).map((a) => red(o, one(a, 400)));
  if (s.nothing)
    return [
      `  ${name} · nothing this round`,
      ...[...alerts, ...meds, allergy].filter(Boolean).map((l) => `${indent}${l}`),
    ].join("\n");
  const lines = [
    ...alerts,
    s.diet.round ? `🍽 ${r.round}: ${one(s.diet.round, 600)}` : "",
    s.diet.general ? `🍽 general: ${one(s.diet.general, 400)}` : "",
    ...s.diet.named.map((d) => `🍽 ${one(namedDietRow(d), 600)}`),
    s.noDiet ? `🍽 ${NO_DIET_ON_RECORD}` : s.fed || s.diet.round ? "" : `🍽 no ${r.round} diet recorded`,
    ...meds,
    allergy,
  ].filter(Boolean);
  return [`  ${name}`, ...lines.map((l) => `${indent}${l}`)].join("\n");
}

export function roundText(r: RoundReport, o: TextOptions): string {
  const head = title(o, roundTitle(r.round, r.date, r.totals.pets + r.totals.careMissing, r.kennelName));
  if (r.pets.length === 0) return paragraphs([head, NO_ONE_IN_HOUSE]);
  return paragraphs([
    head,
    summary(o, roundSummaryParts(r.totals)),
    byRoom(
      o,
      r.pets,
      (p) => roomOf(p.booking),
      (p) => roundPetText(p, r, o),
    ),
    foot(o, [r.careProblem ? `❔ ${one(r.careProblem, 600)}` : undefined, requestIdWords(r.requestId)]),
  ]);
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
