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
import { z } from "zod";
import type { DoseAlert } from "../domain/dose-alerts.ts";
import type { CareRecordStore, LogEntry } from "../record/types.ts";

const DOSE_ALERT_KIND = "dose_alert";

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const instant = z.string().max(40);
const kind = z.enum(["nudge", "late", "missed"]);
const round = z.enum(["morning", "midday", "evening"]);

const claimedDose = z.object({
  b: id,
  p: id,
  name: z.string().max(200),
  room: z.string().max(200).optional(),
  item: z.enum(["med:1", "med:2", "med:3", "med:4", "med:5", "meal"]),
  label: z.string().max(200),
  text: z.string().max(3000),
  highAlert: z.boolean().optional(),
  /** Due from the words, the pet's care plan not confirmed (issue 44): named so. */
  unconfirmed: z.boolean().optional(),
  opensAt: instant,
  dueAt: instant,
  lateAt: instant,
  closesAt: instant,
});

const claimBody = z.object({
  v: z.literal(1),
  step: z.literal("claim"),
  kind,
  round,
  at: instant,
  attempt: z.number().int().min(1),
  /** When it was claimed, by the claimer's clock (ISO). */
  claimedAt: instant,
  doses: z.array(claimedDose).max(2000),
});

const postedBody = z.object({
  v: z.literal(1),
  step: z.literal("posted"),
  kind,
  round,
  at: instant,
  attempt: z.number().int().min(1),
  channel: z.string().max(40),
  ts: z.string().max(40),
});

export type Claim = z.infer<typeof claimBody>;
type Posted = z.infer<typeof postedBody>;
type ClaimedDose = z.infer<typeof claimedDose>;

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

function alertRecords(entries: LogEntry[]): AlertRecords {
  const out: AlertRecords = { claims: new Map(), posted: new Map() };
  for (const e of entries) {
    if (e.kind !== DOSE_ALERT_KIND || !e.requestKey) continue;
    const key = keyOf(e.requestKey);
    const claim = claimBody.safeParse(e.body);
    if (claim.success) {
      out.claims.set(
        key,
        [...(out.claims.get(key) ?? []), claim.data].sort((a, b) => a.attempt - b.attempt),
      );
      continue;
    }
    const posted = postedBody.safeParse(e.body);
    if (posted.success && !out.posted.has(key)) out.posted.set(key, posted.data);
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
    name: Array.from(d.petName).slice(0, 200).join(""),
    ...(d.room ? { room: Array.from(d.room).slice(0, 200).join("") } : {}),
    item: d.due.item,
    label: Array.from(d.due.label).slice(0, 200).join(""),
    text: Array.from(d.due.text).slice(0, 3000).join(""),
    ...(d.due.highAlert ? { highAlert: true } : {}),
    ...(d.due.unconfirmed ? { unconfirmed: true } : {}),
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
    body: claimBody.parse(body),
  });
  if (status === "recorded") return { won: true, claim: body };
  const theirs = claimBody.safeParse(entry.body);
  return { won: false, claim: theirs.success ? theirs.data : body };
}

/** Records where the reply was posted (the first such record of a reply stands). */
export async function recordPosted(
  store: CareRecordStore,
  a: Pick<DoseAlert, "kind" | "date" | "round" | "at">,
  where: { attempt: number; channel: string; ts: string },
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
  };
  await store.append({
    kind: DOSE_ALERT_KIND,
    date: a.date,
    requestKey: `${alertKey(a)}:posted`,
    body: postedBody.parse(body),
  });
}
