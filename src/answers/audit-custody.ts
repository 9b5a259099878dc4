/**
 * `record audit`'s custody figures (issue 49), from the care record alone: every discrepancy of a
 * medicine count open now (a count's, or a hand-back's that differed), and the doses recorded taken
 * after their medicine was handed back (the register's flag), within the audit's days: what an inspector asks of the
 * controlled-drug register beside the doses.
 */
import type { Deps } from "../deps.ts";
import { isHandBackCount } from "../domain/custody-rules.ts";
import type { CountUnit } from "../domain/custody-units.ts";
import { localDate } from "../time.ts";
import { custodyOfStays } from "./custody-stock.ts";

export interface CustodyAudit {
  /** Discrepancies open now: each count's difference against the balance it was counted against. */
  open: Array<{
    petName: string;
    label: string;
    countId: number;
    at: string;
    /** Counted less the balance then; undefined when it was to count by hand. */
    difference: number | undefined;
    unit: CountUnit;
    /** The count kept for a hand-back of other than the balance. */
    handBack: boolean;
  }>;
  /** Doses recorded taken after their medicine was handed back (the kennel held none), not corrected since. */
  afterHandBack: Array<{
    petName: string;
    label: string;
    at: string;
    round?: string | undefined;
    handedBackAt: string;
  }>;
}

export async function custodyAudit(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config">,
  from: string,
  to: string,
): Promise<CustodyAudit> {
  const ins = await deps.record.log({ kind: "medicine_in" });
  const medicines = await custodyOfStays(
    deps,
    ins.flatMap((r) => (r.bookingId !== undefined ? [r.bookingId] : [])),
  );
  const tz = deps.config.timezone;
  const open = medicines.flatMap((m) =>
    m.open.map((c) => ({
      petName: m.petName,
      label: m.first.label,
      countId: c.id,
      at: c.at,
      difference: c.expected === undefined ? undefined : c.counted - c.expected,
      unit: m.unit,
      handBack: isHandBackCount(m, c),
    })),
  );
  // The register's own flag: a dose taken after the hand-back, not corrected since (the kennel held none).
  const inDays = (at: string) => localDate(new Date(at), tz) >= from && localDate(new Date(at), tz) <= to;
  const afterHandBack = medicines.flatMap((m) =>
    m.lines.flatMap((l) =>
      l.kind === "dose" && l.noneHeld && m.handedBack && inDays(l.at)
        ? [
            {
              petName: m.petName,
              label: m.first.label,
              at: l.at,
              round: l.dose.round,
              handedBackAt: m.handedBack.at,
            },
          ]
        : [],
    ),
  );
  return { open, afterHandBack };
}
