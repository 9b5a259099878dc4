/**
 * A stay's dose times (issue 35), for the full stay record and its printable page: each dose's
 * timeliness (given on time, late, after its window) and late entry as its state says (read on the
 * window its round kept: src/domain/obligations.ts), and a high-alert dose's witness; the stay's
 * figure ("given on time: 10 of 12 due") and every dose given late added to the late, missed and
 * not-given list. Pure: the witnesses and `now` are passed in.
 */
import type { PetStayRecord } from "./stay.ts";
import type { StayException } from "./stay-exceptions.ts";
import { needsWitness, type Witness, witnessState } from "./witness.ts";

export interface StayDoseTimes {
  /** The stay's witnesses, by the entry each witnessed. */
  witnesses: Map<number, Witness>;
  now: Date;
}

/** The pet's stay record with its doses' times, figures and late doses. */
export function withDoseTimes(record: PetStayRecord, o: StayDoseTimes): PetStayRecord {
  const now = o.now.toISOString();
  let onTime = 0;
  let lateEntries = 0;
  let unwitnessed = 0;
  let noPaperWitness = 0;
  const late: StayException[] = [];
  const items = record.items.map((i) => {
    const e = i.entry;
    const s = i.state;
    if (i.item === "meal" || !e || s.state !== "recorded") return i;
    // Recorded where its round did not ask it: not due there, so neither on time nor late (its
    // line says why), as the day's figures and the export have it; a high-alert one is witnessed.
    const timeliness = i.notAsked ? undefined : s.timeliness;
    if (timeliness === "on_time") onTime++;
    if (s.lateEntry && !i.notAsked) lateEntries++;
    if (timeliness === "late" || timeliness === "after_window" || timeliness === "early")
      late.push({
        date: i.date,
        round: i.round,
        label: i.label,
        ...(i.unconfirmed ? { unconfirmed: true } : {}),
        kind: timeliness,
        at: s.givenAt,
        window: i.window,
        why: e.note,
        who: e.userName,
      });
    const witness = needsWitness(e, i.highAlert) ? witnessState(e, o.witnesses.get(e.id), now) : undefined;
    if (witness?.state === "unwitnessed") unwitnessed++;
    if (witness?.state === "unwitnessed" && witness.onPaper) noPaperWitness++;
    return { ...i, ...(timeliness ? { timeliness } : {}), ...(witness ? { witness } : {}) };
  });
  return {
    ...record,
    items,
    doses: { ...record.doses, onTime, lateEntries, unwitnessed, noPaperWitness },
    exceptions: [...record.exceptions, ...late],
  };
}
