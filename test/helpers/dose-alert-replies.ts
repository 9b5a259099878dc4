/**
 * A late or missed reply posted in a round's thread and drawn again as entries arrive, as the digest
 * tests set it up: a clock the test moves, a scratch care record (SQLite) on it, the bot's deps over
 * them (Europe/London), a Slack keeping each message's text as last updated, and the editor the taps
 * call (src/digest/dose-alert-editor.ts). The morning round of 23 Nov, its window 07:00–10:00 UTC.
 */
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { alertMessages, DoseAlertEditor } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert, recordPosted } from "../../src/digest/dose-alert-records.ts";
import type { DigestSlack } from "../../src/digest/slack.ts";
import type { Round } from "../../src/domain/care.ts";
import type { DoseAlert } from "../../src/domain/dose-alerts.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore, ItemKey } from "../../src/record/types.ts";
import { doseWindow } from "./obligations.ts";
import { scratchRecord } from "./record.ts";

export const ALERT_DATE = "2026-11-23";
const CHANNEL = "C0ROUNDS";
/** Opens 07:00, due 08:00, late 08:45, closes 10:00 (UTC, Europe/London's time in November). */
export const alertWindow = doseWindow(ALERT_DATE, ["07:00", "08:00", "08:45", "10:00"]);

/** A Slack keeping its messages' text as updated. */
function keptSlack() {
  const text = new Map<string, string>();
  let n = 0;
  const slack = {
    async post(_c: string, m: unknown) {
      const ts = `${1_795_400_000 + ++n}.000100`;
      text.set(ts, JSON.stringify(m));
      return ts;
    },
    async update(_c: string, ts: string, m: unknown) {
      text.set(ts, JSON.stringify(m));
    },
    replies: async () => [],
  } as unknown as DigestSlack;
  return { slack, text };
}

/** The bench, its clock at `start` until `setNow` moves it. */
export function alertBench(start: string) {
  let now = start;
  const clock = { now: () => new Date(now) };
  const store = scratchRecord(clock);
  const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
  const deps = { record: store, config, clock, log: silentLogger() } as unknown as Deps & {
    record: CareRecordStore;
  };
  const { slack, text } = keptSlack();
  return {
    store,
    deps,
    /** The message `ts` as Slack holds it now (its blocks and fallback, as JSON). */
    text: (ts: string) => text.get(ts) ?? "",
    setNow: (t: string) => {
      now = t;
    },
    /** The alert claimed, posted as its first message and recorded as posted: its ts. */
    async post(alert: DoseAlert) {
      const { claim } = await claimAlert(store, alert, 1, alert.at);
      const ts = await slack.post(CHANNEL, alertMessages(deps, claim, ALERT_DATE, [])[0] as never);
      await recordPosted(store, alert, { attempt: 1, channel: CHANNEL, ts });
      return ts;
    },
    /** What a tap does once it has recorded at `round`: the replies naming its pets drawn again. */
    changed: (round: Round) => new DoseAlertEditor(deps, slack).changed(ALERT_DATE, round),
  };
}

/** A pet as an alert and an entry name it. */
export interface AlertPet {
  bookingId: number;
  petId: number;
  petName: string;
}

/** Jane's entry for a pet's item at a round: its meal eaten in full, a medication given. */
export const janeEntry = (pet: AlertPet, round: Round, item: ItemKey, text: string, key: string) => ({
  date: ALERT_DATE,
  round,
  ...pet,
  item,
  itemText: text,
  outcome: item === "meal" ? ("ate_all" as const) : ("given" as const),
  userId: "U0JANE",
  userName: "Jane",
  requestKey: key,
});
