/**
 * `record audit`'s custody lines: the discrepancies open now, each named ("Dylan's Phenobarbital 60 mg:
 * count −2 tablets, Wed 2 Dec, 13:02"), and each dose recorded after its medicine was handed back.
 */
import type { CustodyAudit } from "../answers/audit-custody.ts";
import { plural } from "../domain/text.ts";
import { signed } from "../words/custody.ts";
import { dateTimeOf } from "../words/dates.ts";
import { dotted, type Line, line, toned, whole } from "./doc.ts";

/** The most of each list named; the rest counted ("and 3 more: kennel-desk stock --controlled"). */
const NAMED = 20;

export function custodyAuditLines(c: CustodyAudit, timezone: string): Line[] {
  const open = c.open.map((d) =>
    dotted(
      `${whole(d.petName)}'s ${whole(d.label)}`,
      `${d.handBack ? "hand-back" : "count"} ${d.difference === undefined ? "by hand" : signed(d.difference, d.unit)}, ${dateTimeOf(d.at, timezone)}`,
    ),
  );
  const after = c.afterHandBack.map((d) =>
    dotted(
      `${whole(d.petName)}'s ${whole(d.label)}`,
      `given ${dateTimeOf(d.at, timezone)}${d.round ? ` (${d.round})` : ""}, handed back ${dateTimeOf(d.handedBackAt, timezone)}`,
    ),
  );
  const more = (n: number) =>
    n > NAMED ? [line(`and ${n - NAMED} more: kennel-desk stock register DRUG`)] : [];
  return [
    c.open.length
      ? line(
          toned(
            "alert",
            `🔢 Medicine custody: ${plural(c.open.length, "discrepancy", "discrepancies")} open (a manager closes each)`,
          ),
        )
      : line("🔢 Medicine custody: no discrepancy open"),
    ...open.slice(0, NAMED),
    ...more(open.length),
    c.afterHandBack.length
      ? line(
          toned(
            "alert",
            `⚠️ ${plural(c.afterHandBack.length, "dose")} recorded after its medicine was handed back (the kennel held none)`,
          ),
        )
      : line("💊 No dose recorded after its medicine was handed back"),
    ...after.slice(0, NAMED),
    ...more(after.length),
  ];
}
