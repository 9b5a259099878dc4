/**
 * The dose times' replies in the care record (kind `dose_alert`, in the chain): the claim of one
 * reply, so that two replicas post it once, and the record that it was posted (where, so it can be
 * edited as entries arrive).
 *
 * - The claim: request key `dose_alert:<kind>:<date>:<round>:<instant>` (the store's unique request
 *   key makes a second replica's claim a `duplicate`); its body names the doses the reply names and
 *   when it was claimed, by the claimer's clock.
 * - Posted: request key `dose_alert:…:<instant>:posted`, with the channel and the message's ts.
 * - A claimer that dies between its claim and its post (or cannot post: Slack down) leaves a claim
 *   with no "posted" after it. Two minutes after the claim any replica (the claimer too) looks for the
 *   reply in Slack (posted, then died before saying so: it is recorded as posted) and, when it is not
 *   there, claims again under the next attempt's key (`…:<instant>#2`, `#3`…), which again one
 *   replica wins. A reply that is no longer true by then (late, once the window has closed) is not
 *   claimed again: the missed reply says what is left.
 */

import type { DoseAlert } from "../domain/dose-alerts.ts";
import { firstChars } from "../domain/text.ts";
import { type Claim, type ClaimedDose, doseAlert, type Posted } from "../record/kinds/dose-alert.ts";
import { LABEL_MAX, PET_NAME_MAX, TEXT_MAX } from "../record/kinds/round-pet.ts";
import type { CareRecordStore, LogEntry } from "../record/types.ts";

export type { Claim };

const DOSE_ALERT_KIND = doseAlert.name;

/** One reply's key: `dose_alert:late:2026-11-23:morning:2026-11-23T08:45:01.000Z`. */
export const alertKey = (a: Pick<DoseAlert, "kind" | "date" | "round" | "at">): string =>
  `${DOSE_ALERT_KIND}:${a.kind}:${a.date}:${a.round}:${a.at}`;

/** The request key of a claim's attempt: the first is the reply's key, the next `…#2`. */
const attemptKey = (key: string, attempt: number) => (attempt === 1 ? key : `${key}#${attempt}`);

/** The replies of a date as the record holds them: each reply's claims (by attempt) and its posted record. */
export interface AlertRecords {
  claims: Map<string, Claim[]>;
  posted: Map<string, Posted>;
}

/** The key a record is about (an attempt's `#n` and the posted record's `:posted` taken off). */
const keyOf = (requestKey: string) => requestKey.replace(/:posted$/, "").replace(/#\d+$/, "");

function alertRecords(entries: LogEntry<"dose_alert">[]): AlertRecords {
  const out: AlertRecords = { claims: new Map(), posted: new Map() };
  for (const { requestKey, body } of entries) {
    if (!requestKey) continue;
    const key = keyOf(requestKey);
    if (body.step === "claim")
      out.claims.set(
        key,
        [...(out.claims.get(key) ?? []), body].sort((a, b) => a.attempt - b.attempt),
      );
    else if (!out.posted.has(key)) out.posted.set(key, body);
  }
  return out;
}

/** The replies of a date, read from the record. */
export async function readAlerts(store: CareRecordStore, date: string): Promise<AlertRecords> {
  return alertRecords(await store.log({ kind: DOSE_ALERT_KIND, date }));
}

/** The doses an alert names, as its claim keeps them. */
function claimedDoses(a: DoseAlert): ClaimedDose[] {
  return a.doses.map((d) => ({
    b: d.bookingId,
    p: d.petId,
    // Whole, as a round's kept sheet keeps them (src/record/kinds/round-pet.ts: up to 2,000 and 200,000
    // characters), so a reply never cuts a name or a drug; only words past those (never kept) are cut.
    name: firstChars(d.petName, PET_NAME_MAX),
    ...(d.room ? { room: firstChars(d.room, PET_NAME_MAX) } : {}),
    item: d.due.item,
    label: firstChars(d.due.label, LABEL_MAX),
    text: firstChars(d.due.text, TEXT_MAX),
    ...(d.due.highAlert ? { highAlert: true } : {}),
    ...(d.due.unconfirmed ? { unconfirmed: true } : {}),
    ...(d.due.onceToday ? { onceToday: true } : {}),
    ...(d.due.twoSlots ? { twoSlots: true } : {}),
    opensAt: d.window.opensAt,
    dueAt: d.window.dueAt,
    lateAt: d.window.lateAt,
    closesAt: d.window.closesAt,
  }));
}

/** Claims the reply (this attempt): `won` when this replica is the one to post it. */
export async function claimAlert(
  store: CareRecordStore,
  a: DoseAlert,
  attempt: number,
  claimedAt: string,
): Promise<{ won: boolean; claim: Claim }> {
  const body: Claim = {
    v: 1,
    step: "claim",
    kind: a.kind,
    round: a.round,
    at: a.at,
    attempt,
    claimedAt,
    doses: claimedDoses(a),
  };
  const { status, entry } = await store.append({
    kind: DOSE_ALERT_KIND,
    date: a.date,
    requestKey: attemptKey(alertKey(a), attempt),
    body,
  });
  if (status === "recorded") return { won: true, claim: body };
  return { won: false, claim: entry.body.step === "claim" ? entry.body : body };
}

/** Records where the reply was posted (the first such record of a reply stands). */
export async function recordPosted(
  store: CareRecordStore,
  a: Pick<DoseAlert, "kind" | "date" | "round" | "at">,
  where: { attempt: number; channel: string; ts: string; inThread?: boolean },
): Promise<void> {
  const body: Posted = {
    v: 1,
    step: "posted",
    kind: a.kind,
    round: a.round,
    at: a.at,
    attempt: where.attempt,
    channel: where.channel,
    ts: where.ts,
    ...(where.inThread !== undefined ? { inThread: where.inThread } : {}),
  };
  await store.append({
    kind: DOSE_ALERT_KIND,
    date: a.date,
    requestKey: `${alertKey(a)}:posted`,
    body,
  });
}
