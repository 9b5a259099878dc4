/**
 * Medicine custody as documents (issue 49; src/present/doc.ts): what the kennel holds now (`kennel-desk
 * stock`, the connector, Home), a drug's register (counted in → given → counted → handed back, the
 * balance after each line: the controlled-drug register of a stay), a pet's medicines on its card,
 * and the morning post's medicines (a supply running out before check-out, a count overdue, a
 * discrepancy open). Block Kit and the terminal serialize the same document.
 */

import type { MedicineCustody } from "../answers/custody.ts";
import type { DrugRegister, HeldMedicine, Stock } from "../answers/custody-stock.ts";
import { type DoseTaken, isDiscrepancy, type MedicineCount, type RegisterLine } from "../domain/custody.ts";
import { isHandBackCount } from "../domain/custody-rules.ts";
import { amountWords } from "../domain/custody-units.ts";
import { plural } from "../domain/text.ts";
import {
  balanceWords,
  countedInWords,
  countFiguresWords,
  differenceWords,
  discardByWords,
  lineBalanceWords,
  movementWords,
  noneHeldWords,
  REASON_WORDS,
  runsOutWords,
  runwayShortWords,
  signed,
  supersededWords,
} from "../words/custody.ts";
import { runwayToDo } from "../words/custody-runway.ts";
import { dateTimeOf, dayHeading } from "../words/dates.ts";
import { lateEntryWords, whoJoin } from "../words/doses.ts";
import {
  type Action,
  type Doc,
  dotted,
  kept,
  type Line,
  line,
  type Part,
  type Span,
  strong,
  toned,
  whole,
} from "./doc.ts";

/** "💊 Caninsulin 40 iu/ml · 3 pens of 300 iu · 🔒 controlled · ❄️ fridge" */
export function medicineHead(m: MedicineCustody): Line {
  const f = m.first;
  return dotted(
    strong(`💊 ${whole(f.label)}`),
    f.strength ? whole(f.strength) : undefined,
    countedInWords(m.supplies.length ? m.supplies : [f], m.unit),
    f.controlled ? toned("warn", "🔒 controlled") : f.highAlert ? toned("warn", "high-alert") : undefined,
    f.storage === "fridge" ? "❄️ fridge" : undefined,
  );
}

/** "≈ 9 tablets left · runs out Thu 3 Dec, evening dose · discard by Mon 14 Dec", toned when something is to do. */
export function medicineStateLine(h: HeldMedicine): Line {
  const m = h.medicine;
  if (m.handedBack)
    return line(
      kept(`handed back ${amountWords(m.handedBack.quantity, m.unit)} to ${whole(m.handedBack.to)}`),
    );
  return dotted(
    toned(m.balance === undefined ? "warn" : undefined, balanceWords(m.balance, m.unit, m.lines)),
    runwayPart(h),
    discardPart(h),
    h.countDue ? toned(h.countDue.overdue ? "alert" : "muted", countDueWords(h.countDue)) : undefined,
  );
}

/** Its balance in words: "≈ 9 tablets left", or "count by hand" with why (the hand-back form's head). */
export const balanceLine = (m: MedicineCustody): Line => line(balanceWords(m.balance, m.unit, m.lines));

/**
 * How long it lasts ("runs out Sun 6 Dec, morning dose"), toned when it runs out before the pet goes
 * home; or why it is not known, toned when there is something to do ("runway not known: the plan is
 * not confirmed — confirm it in 📋 Care plan"), muted when nothing is to count ahead.
 */
export const runwayPart = (h: HeldMedicine): Span | string | undefined => {
  const r = h.runway;
  const words = runwayShortWords(r);
  if (!r || !words) return words;
  if (r.status === "short") return r.goesHome ? toned("alert", words) : words;
  if (r.status === "not_known") return toned(runwayToDo(r.why) ? "warn" : "muted", words);
  return r.status === "not_scheduled" ? toned("muted", words) : words;
};

/** Its discard-by, or (past it) "⚠️ past its discard-by (Mon 30 Nov)". */
export const discardPart = (h: HeldMedicine): Span | undefined =>
  h.medicine.discardBy
    ? toned(h.pastDiscard ? "alert" : undefined, discardByWords(h.medicine.discardBy, h.pastDiscard))
    : undefined;

export const countDueWords = (c: { due: string; overdue: boolean; days: number; at?: string }): string =>
  c.at
    ? `🔢 count overdue: not counted at the ${c.at} handover (${dayHeading(c.due)})`
    : c.overdue
      ? `🔢 count overdue${c.days ? ` by ${plural(c.days, "day")}` : ""} (due ${dayHeading(c.due)})`
      : `🔢 next count ${dayHeading(c.due)}`;

/**
 * Each count of a medicine whose difference is not closed, with its register line's figures
 * (countFiguresWords): "⚠️ discrepancy …: counted 57, balance ≈ 59 then (−2 …) · a correction since …".
 */
export function openDiscrepancyLines(m: MedicineCustody, timezone: string): Line[] {
  return [...m.open.map((c) => discrepancyLine(m, c, timezone)), ...noneHeldLines(m, timezone)];
}

/** Each dose taken after the medicine was handed back (the kennel held none), until corrected. */
const noneHeldLines = (m: MedicineCustody, timezone: string): Line[] =>
  (m.givenNoneHeld ?? []).map((d) =>
    line(kept(noneHeldWords(doseWhat(d), dateTimeOf(d.at, timezone), whole(d.by)), "alert")),
  );

/** "given (evening)", "refused (morning)", "vomited": what a dose taken from the pack was. */
const doseWhat = (d: DoseTaken): string =>
  `${d.outcome === "not_given" ? "vomited" : d.outcome}${d.round ? ` (${d.round})` : ""}`;

/** One count's discrepancy not closed, with its figures. */
function discrepancyLine(m: MedicineCustody, c: MedicineCustody["open"][number], timezone: string): Line {
  const l = m.lines.find((x) => x.kind === "count" && x.id === c.id);
  const f = l?.kind === "count" ? countFiguresWords(l, m.unit, timezone) : undefined;
  return line(
    toned(
      "alert",
      `⚠️ discrepancy ${dateTimeOf(c.at, timezone)}: counted ${amountWords(c.counted, m.unit)}${f ? `, ${f.then}` : ""}`,
    ),
    f?.since ? toned("alert", ` · ${whole(f.since)}`) : "",
    c.reason ? ` · ${REASON_WORDS[c.reason]}` : "",
    // The count's words and names as kept: a channel hides a contact in them.
    kept(`${c.note ? `: ${whole(c.note)}` : ""} · ${whole(c.by.userName)}`),
    c.witness ? kept(` · witness ${whole(c.witness.userName)}`) : "",
  );
}

/**
 * A "✔️ Close discrepancy…" button's words, saying which: the count's or the hand-back's difference,
 * and when ("✔️ Close discrepancy: hand-back −8 tablets, Wed 2 Dec, 13:03…"), so two of one medicine
 * are never alike.
 */
export function closeButtonText(m: MedicineCustody, c: MedicineCount, timezone: string): string {
  const what = isHandBackCount(m, c) ? "hand-back" : "count";
  const figure =
    c.expected !== undefined ? signed(c.counted - c.expected, m.unit) : amountWords(c.counted, m.unit);
  // Its own year left unsaid: the button is short (Slack's 75 characters).
  return `✔️ Close discrepancy: ${what} ${figure}, ${dateTimeOf(c.at, timezone, c.at.slice(0, 4))}…`;
}

/** "Kennel 4 · Bobby" */
export const petHead = (m: MedicineCustody): Line =>
  dotted(m.room ? strong(whole(m.room)) : undefined, strong(whole(m.petName)));

/** Slack's buttons beside each medicine of the stock: count it, close its discrepancies. */
export interface StockActions {
  count: (m: MedicineCustody) => Omit<Action, "text">;
  close: (countId: number) => Omit<Action, "text">;
}

function stockButtons(h: HeldMedicine, a: StockActions | undefined, timezone: string): Part[] {
  if (!a) return [];
  const m = h.medicine;
  const actions: Action[] = [
    ...(m.handedBack ? [] : [{ text: "🔢 Count…", ...a.count(m) }]),
    ...m.open.map((c) => ({ text: closeButtonText(m, c, timezone), ...a.close(c.id) })),
  ];
  return actionRows(actions);
}

/**
 * A medicine's buttons in rows of at most 25 (what a Slack actions block holds), every one of them:
 * a medicine with many discrepancies open has a ✔️ Close discrepancy… for each.
 */
export function actionRows(actions: Action[]): Part[] {
  const rows: Part[] = [];
  for (let i = 0; i < actions.length; i += ACTIONS_PER_ROW)
    rows.push({ kind: "actions", actions: actions.slice(i, i + ACTIONS_PER_ROW) });
  return rows;
}
const ACTIONS_PER_ROW = 25;

/** What a medicine's item is about (its `key`): the stay's pet and the medicine's first counting in. */
export const medicineKey = (m: MedicineCustody): string =>
  `${m.first.bookingId}-${m.first.petId}-${m.first.id}`;

/** One medicine as an item: the pet, the medicine, its state, its open discrepancies. */
function heldItem(h: HeldMedicine, timezone: string, withPet: boolean): Part {
  const m = h.medicine;
  const r = h.runway;
  return {
    kind: "item",
    key: medicineKey(m),
    lines: [
      ...(withPet ? [petHead(m)] : []),
      medicineHead(m),
      medicineStateLine(h),
      ...(r?.status === "short"
        ? [line(toned("alert", `⏳ ${runsOutWords(m.petName, m.first.label, r)}`))]
        : []),
      ...openDiscrepancyLines(m, timezone),
    ],
  };
}

/** What is held now: `kennel-desk stock`, the connector, the stock behind Home's line. */
export function stockDoc(
  stock: Stock,
  timezone: string,
  o: { controlled?: boolean } = {},
  actions?: StockActions,
): Doc {
  const title = `${o.controlled ? "Controlled medicines" : "Medicines"} held — ${dayHeading(stock.today)}`;
  const held = stock.held.filter((h) => !h.medicine.handedBack);
  const short = stock.held.filter((h) => h.runway?.status === "short").length;
  const due = stock.held.filter((h) => h.countDue?.overdue).length;
  const open = stock.held.reduce((n, h) => n + h.medicine.open.length, 0);
  const parts: Part[] = [
    { kind: "title", text: title },
    {
      kind: "summary",
      lines: [
        dotted(
          plural(held.length, "medicine"),
          short ? toned("alert", `${short} running out before check-out`) : undefined,
          due ? toned("alert", `${plural(due, "count")} overdue`) : undefined,
          open ? toned("alert", `${plural(open, "discrepancy", "discrepancies")} open`) : undefined,
        ),
      ],
    },
  ];
  if (stock.held.length === 0)
    parts.push({ kind: "text", lines: [line("No medicine is held in custody now.")] });
  for (const h of stock.held) parts.push(heldItem(h, timezone, true), ...stockButtons(h, actions, timezone));
  if (stock.unread.length)
    parts.push({
      kind: "note",
      lines: [
        line(
          toned(
            "alert",
            `❔ The record of ${plural(stock.unread.length, "stay")} could not be read: bookings ${stock.unread.join(", ")}.`,
          ),
        ),
      ],
    });
  return { fallback: title, parts };
}

/**
 * A dose entered from the paper chart, as every surface says one (src/words/doses.ts): "from the
 * paper chart: given 08:05 by JS, entered 13:00 by Sam Lee".
 */
function paperDoseWords(d: DoseTaken, timezone: string): string | undefined {
  if (!d.paper) return undefined;
  const e = { ...d, ...d.paper, paper: { by: whole(d.by) } };
  return `${lateEntryWords(e, timezone)}${whoJoin(e)}${whole(d.paper.enteredBy)}`;
}

/**
 * One line of a register: "Mon 23 Nov, 08:05 · given (morning) −1 tablet · balance 27 · Jane · witness
 * Tom"; a dose entered from the paper chart names its giver and who entered it: "… · balance 27 · from
 * the paper chart: given 08:05 by JS, entered 13:00 by Sam Lee".
 */
export function registerLine(l: RegisterLine, m: Pick<MedicineCustody, "unit">, timezone: string): Line {
  const who =
    l.kind === "dose"
      ? { by: paperDoseWords(l.dose, timezone) ?? whole(l.dose.by), witness: l.dose.witness }
      : l.kind === "in"
        ? { by: whole(l.by.userName), witness: l.witness?.userName }
        : l.kind === "count"
          ? { by: whole(l.count.by.userName), witness: l.count.witness?.userName }
          : { by: whole(l.handed.by.userName), witness: l.handed.witness?.userName };
  const diff = l.kind === "out" ? l.difference : undefined;
  const f = l.kind === "count" ? countFiguresWords(l, m.unit, timezone) : undefined;
  const gone = l.kind === "dose" && l.dose.superseded ? l.dose : undefined;
  const moved = [
    dateTimeOf(l.at, timezone),
    whole(movementWords(l, m.unit)),
    toned(l.balance === undefined && !gone ? "warn" : undefined, lineBalanceWords(l)),
  ];
  return dotted(
    // A dose corrected since: its line as written, struck through, and what corrected it.
    gone
      ? { text: moved.map((x) => (typeof x === "string" ? x : x.text)).join(" · "), struck: true }
      : dotted(...moved),
    gone ? toned("muted", whole(supersededWords(gone, timezone))) : undefined,
    who.by,
    who.witness ? `witness ${whole(who.witness)}` : undefined,
    diff !== undefined && diff !== 0 ? toned("alert", `⚠️ ${differenceWords(diff, m.unit)}`) : undefined,
    l.kind === "count" && isDiscrepancy(l.difference) ? toned("alert", `⚠️ ${f?.then}`) : undefined,
    f?.since ? toned("alert", `⚠️ ${whole(f.since)}`) : undefined,
    l.kind === "dose" && l.noneHeld
      ? toned("alert", "⚠️ after it was handed back: the kennel held none")
      : undefined,
    l.kind === "count" && l.count.reason
      ? `${REASON_WORDS[l.count.reason]}${l.count.note ? `: ${whole(l.count.note)}` : ""}`
      : undefined,
    l.kind === "count" && l.count.closed
      ? `✔️ closed by ${whole(l.count.closed.by.userName)}: ${whole(l.count.closed.note)}`
      : undefined,
  );
}

/** A medicine's register as an item: its head, then each line. */
export function registerItem(m: MedicineCustody, lines: RegisterLine[], timezone: string): Part {
  return {
    kind: "item",
    key: medicineKey(m),
    lines: [
      dotted(petHead(m), `booking ${m.first.bookingId}`),
      medicineHead(m),
      ...lines.map((l) => registerLine(l, m, timezone)),
      m.handedBack
        ? line("custody closed: handed back")
        : line(balanceWords(m.balance, m.unit, m.lines), " held now"),
    ],
  };
}

/** `kennel-desk stock register DRUG`: each medicine of that name, its lines in the range. */
export function drugRegisterDoc(r: DrugRegister, timezone: string): Doc {
  const range =
    r.from || r.to ? ` · ${r.from ? dayHeading(r.from) : "…"} – ${r.to ? dayHeading(r.to) : "…"}` : "";
  const title = `Register: ${whole(r.drug)}${range}`;
  const parts: Part[] = [
    { kind: "title", text: title },
    { kind: "summary", lines: [line("date · in or out · balance after · who · witness")] },
  ];
  if (r.medicines.length === 0)
    parts.push({
      kind: "text",
      lines: [line(`No medicine named "${whole(r.drug)}" was counted in${range ? " in that range" : ""}.`)],
    });
  for (const { medicine, lines } of r.medicines) parts.push(registerItem(medicine, lines, timezone));
  return { fallback: title, parts };
}
