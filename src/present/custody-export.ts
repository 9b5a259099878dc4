/**
 * Medicine custody's records as export rows' words (issue 49): each custody record of a medicine's
 * register (counted in, a count, a discrepancy closed, handed back), what it says and who, every text
 * cleaned as on every surface. src/text/custody-record.ts lays them in the export's columns.
 */
import type { MedicineCustody, RegisterLine } from "../domain/custody.ts";
import { cleanText } from "../domain/text.ts";
import {
  balanceAfterWords,
  countFiguresWords,
  differenceWords,
  movementWords,
  REASON_WORDS,
} from "../words/custody.ts";

export interface CustodyRecordRow {
  id: number;
  seq: number;
  /** When it was recorded (ISO 8601). */
  at: string;
  medicine: MedicineCustody;
  itemText: string;
  outcome: "counted_in" | "counted" | "closed" | "handed_back";
  reason?: string | undefined;
  reasonCode?: string | undefined;
  note?: string | undefined;
  userId?: string | undefined;
  userName: string;
  witness?: string | undefined;
}

const clean = (t: string | undefined) => (t === undefined ? undefined : cleanText(t));
const OUTCOME = { in: "counted_in", count: "counted", out: "handed_back" } as const;
type Moved = Exclude<RegisterLine, { kind: "dose" }>;

function moved(m: MedicineCustody, l: Moved, timezone: string): CustodyRecordRow {
  const who = l.kind === "in" ? l : l.kind === "count" ? l.count : l.handed;
  const diff = l.kind === "out" ? l.difference : undefined;
  // A count's figures as every surface says them: against the balance then, and what the record says since.
  const f = l.kind === "count" ? countFiguresWords(l, m.unit, timezone) : undefined;
  const figures = f ? ` · ${f.then}${f.since ? ` · ${f.since}` : ""}` : "";
  const moves = `${movementWords(l, m.unit)} · ${balanceAfterWords(l.balance)}${diff ? ` · ${differenceWords(diff, m.unit)}` : ""}${figures}`;
  return {
    id: l.id,
    seq: l.seq,
    at: l.at,
    medicine: m,
    itemText: cleanText(`${m.first.label}: ${moves}`),
    outcome: OUTCOME[l.kind],
    reason: l.kind === "count" && l.count.reason ? REASON_WORDS[l.count.reason] : undefined,
    reasonCode: l.kind === "count" ? l.count.reason : undefined,
    note: clean(l.kind === "count" ? l.count.note : l.kind === "out" ? l.handed.note : m.first.note),
    userId: who.by.userId,
    userName: cleanText(who.by.userName),
    witness: clean(who.witness?.userName),
  };
}

/** Every custody record of these medicines, in each register's order (a closing after its count). */
export function custodyRecordRows(medicines: MedicineCustody[], timezone: string): CustodyRecordRow[] {
  return medicines.flatMap((m) =>
    m.lines.flatMap((l): CustodyRecordRow[] => {
      if (l.kind === "dose") return [];
      const closed = l.kind === "count" ? l.count.closed : undefined;
      return [
        moved(m, l, timezone),
        ...(closed
          ? [
              {
                id: closed.id,
                seq: closed.seq,
                at: closed.at,
                medicine: m,
                itemText: cleanText(`${m.first.label}: the discrepancy of a count closed`),
                outcome: "closed" as const,
                note: cleanText(closed.note),
                userId: closed.by.userId,
                userName: cleanText(closed.by.userName),
              },
            ]
          : []),
      ];
    }),
  );
}
