/**
 * The printable export's index (`record export --format html --out FOLDER`, issue 45): one line per
 * stay's pet, its page's link (the booking's reference and the pet), the stay's dates and its figures
 * as the stay's record says them, read from the care record alone; the record's head in the foot.
 */
import type { PetStayRecord } from "../domain/stay.ts";
import { plural } from "../domain/text.ts";
import type { ChainHead } from "../record/types.ts";
import { dateTimeOf } from "../words/dates.ts";
import { kennelNameWords } from "../words/record.ts";
import { staySummaryWords } from "../words/stay.ts";
import { type Doc, type Line, line, type Part, value, whole } from "./doc.ts";
import { recordHeadLines, summarisedDoc } from "./parts.ts";

export interface StayIndexRow {
  /** The stay's page, beside the index. */
  file: string;
  reference: string;
  pet: PetStayRecord;
  checkIn?: string | undefined;
  checkOut?: string | undefined;
}

/** "Tue 24 Nov 14:00 – Fri 27 Nov 10:00", as much of it as is known. */
function datesWords(r: StayIndexRow, timezone: string): string {
  const at = (iso: string | undefined) => (iso ? dateTimeOf(iso, timezone) : "?");
  return r.checkIn || r.checkOut ? `${at(r.checkIn)} – ${at(r.checkOut)}` : "dates not kept";
}

export function stayIndexDoc(
  rows: StayIndexRow[],
  o: {
    timezone: string;
    generatedAt: string;
    /** The kennel the record is for, as its rows name it ("loopback#1"). */
    kennel: string;
    /** The kennel's own name (KENNEL_NAME), when set. */
    kennelName?: string | undefined;
    head?: ChainHead | undefined;
    range?: string | undefined;
  },
): Doc {
  const title = "Care record · stays";
  const stays = new Set(rows.map((r) => r.reference)).size;
  const items: Part[] = rows.map((r) => ({
    kind: "item",
    lines: [
      [{ text: `${value(r.reference, 100)} · ${whole(r.pet.petName)}`, strong: true, href: r.file }],
      line(datesWords(r, o.timezone)),
      line(whole(staySummaryWords(r.pet, o.timezone))),
    ],
  }));
  const foot: Line[] = [
    line(
      `Made by Kennel Desk on ${dateTimeOf(o.generatedAt, o.timezone)} (${o.timezone}) from the kennel's care record alone: what was due is what each round asked when its sheet was kept.`,
    ),
    ...recordHeadLines(o.head),
  ];
  return summarisedDoc(
    title,
    [
      line(
        `${whole(kennelNameWords(o.kennel, o.kennelName))} (id ${whole(o.kennel)}) · ${plural(stays, "stay")}, ${plural(rows.length, "page")} (one per pet)${o.range ? ` · ${o.range}` : ""}`,
      ),
    ],
    [
      ...(items.length ? items : [{ kind: "text" as const, lines: [line("No stays in this export.")] }]),
      { kind: "note", lines: foot },
    ],
  );
}
