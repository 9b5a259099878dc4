/**
 * One cell of the medication chart as it is printed (src/present/chart.ts draws the grid): initials
 * and time, a code, "missed", blank to sign, struck; and the marks it shows that its page's key
 * explains only where they are. A dose no round asked (recorded only if given) has a mark of its own,
 * "+", never "late entry" nor early or late by a window it never had.
 */
import type { ChartCell } from "../domain/chart.ts";
import { CHART_CELL, type ChartKeyMark } from "../words/chart.ts";
import { timeOnDay } from "../words/dates.ts";
import { OFF_TIME, UNWITNESSED } from "../words/doses.ts";
import { wasSpans } from "./chart-notes.ts";
import { type Line, line, prose, strong, toned } from "./doc.ts";

/** The mark before a dose no round asked: given (or offered) though not due this round. */
const notAskedMark = (cell: { notAsked?: unknown }) =>
  cell.notAsked !== undefined && toned("warn", `${CHART_CELL.notAsked} `);

/** A cell as it is printed: initials and time; a code; "missed"; blank to sign; struck. */
export function cellLine(cell: ChartCell, tz: string, day: string): Line {
  const at = (iso: string) => timeOnDay(iso, tz, day);
  switch (cell.kind) {
    case "not_due":
      return [];
    case "open":
      // Put right as recorded in error: what it struck, then the slot as if nothing was recorded.
      return line(
        ...wasSpans(cell.inError?.was, at),
        cell.inError && toned("warn", "in error "),
        cell.state === "missed" && toned("alert", "missed"),
      );
    case "if_needed":
      return line(
        ...cell.given.map(
          (g, i) =>
            `${i ? "; " : ""}${g.initials} ${at(g.givenAt)} (${prose(g.reason, 60, "the stay record")})`,
        ),
      );
    case "given":
      return line(
        ...wasSpans(cell.was, at),
        notAskedMark(cell),
        `${cell.initials} ${at(cell.givenAt)}`,
        // The round's record's marks, in words that fit a cell: "⏪ early", "⏰ late", "⏩ after window".
        cell.timeliness === "early" && toned("warn", ` ${OFF_TIME.early.icon} early`),
        cell.timeliness === "late" && toned("warn", ` ${OFF_TIME.late.icon} late`),
        cell.timeliness === "after_window" && toned("warn", ` ${OFF_TIME.after_window.icon} after window`),
        cell.lateEntry && toned("warn", ` late entry ${at(cell.recordedAt)}`),
        cell.paper && toned("muted", " from paper"),
        cell.witness?.state === "witnessed" && ` · wit. ${cell.witness.initials}`,
        cell.witness?.state === "awaiting" && toned("warn", " · awaiting witness"),
        // The one word every surface says it with ("unwitnessed"), none in time or none on the paper.
        cell.witness?.state === "unwitnessed" && toned("alert", ` · ${UNWITNESSED}`),
      );
    case "not_given":
      return line(
        ...wasSpans(cell.was, at),
        notAskedMark(cell),
        strong(cell.code),
        // Not given keeps no time: its one time is when it was recorded, said so.
        ` ${cell.initials} ${cell.untimed ? `${CHART_CELL.recordedAt} ` : ""}${at(cell.givenAt)}`,
        cell.lateEntry && toned("warn", ` late entry ${at(cell.recordedAt)}`),
        cell.paper && toned("muted", " from paper"),
      );
  }
}

/** The marks of a page's cells that its key explains only where they are (src/words/chart.ts). */
export type KeyUsed = Set<ChartKeyMark>;

/** The marks a recorded cell shows that its page's key explains only where they are. */
export function markUsed(cell: ChartCell, used: KeyUsed): void {
  if (cell.kind === "if_needed" && cell.given.length) used.add("ifNeeded");
  if (cell.kind === "open" && cell.inError) used.add("inError");
  if (cell.kind !== "given" && cell.kind !== "not_given") return;
  if (cell.lateEntry) used.add("lateEntry");
  if (cell.was?.length) used.add("corrected");
  if (cell.notAsked) used.add("notAsked");
  if (cell.kind === "given" && cell.timeliness && cell.timeliness !== "on_time") used.add("offTime");
}
