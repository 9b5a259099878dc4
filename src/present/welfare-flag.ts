/**
 * A welfare flag as a document, for every surface: its one line (the round sheets, the pet's card,
 * in house, the welfare post), and the flag itself (posted in the welfare post's thread when it
 * opens, listed from the Home tab): what opened it, "Vet advice sought?" and each advice recorded,
 * and its resolution, with who and when; in Slack with its two buttons while it is open.
 */
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import { dateTimeOf, dayHeading, timeOf } from "../words/dates.ts";
import { flagCountWords, flagHeadWords, signWords } from "../words/welfare.ts";
import type { ActionOf, Doc, Line, Part } from "./doc.ts";
import { dotted, kept, line, strong, toned, whole } from "./doc.ts";

/**
 * "🩺 vet advice: Riverside Vets", or "🩺 vet advice sought? not yet"; `advised`: with what the last
 * advice said, whole ("🩺 vet advice: Riverside Vets · advised: Bland diet 48h").
 */
function adviceShort(f: WelfareFlag, advised = false): string {
  const last = f.advice.at(-1);
  if (!last) return "🩺 vet advice sought? not yet";
  return `🩺 vet advice: ${whole(last.vet)}${advised ? ` · advised: ${whole(last.advice)}` : ""}`;
}

/** How a flag's line is drawn: `who`, with the pet's name; `advised`, with what the vet advised (the round sheets). */
interface FlagLineOptions {
  who?: boolean;
  advised?: boolean;
}

/**
 * A flag on one line, as the round sheets, the pet's card, in house and the welfare post show it:
 * "🚩 Loose stool, 2 checks in a row · 🩺 vet advice sought? not yet".
 */
function flagLine(f: WelfareFlag, o: FlagLineOptions = {}): Line {
  const who = o.who ? ` (${whole(f.petName)})` : "";
  // The vet's name and advice as kept: a channel hides a contact in them.
  return [{ ...kept(`${flagHeadWords(f)}${who} · ${adviceShort(f, o.advised)}`, "alert"), of: "welfare" }];
}

/** A pet's open flags, one line each (none: no line). */
export const flagLines = (flags: WelfareFlag[] | undefined, o: FlagLineOptions = {}): Line[] =>
  (flags ?? []).map((f) => flagLine(f, o));

/**
 * A flag's line as a sheet kept before its lines were marked (`of: "welfare"`) says it: "🚩 Loose
 * stool, 2 checks in a row · 🩺 vet advice…", one span alone.
 */
const OLD_FLAG_LINE = /^🚩 .+ · 🩺 vet advice/u;
const isFlagLine = (l: Line) =>
  l.some((s) => s.of === "welfare") || (l.length === 1 && OLD_FLAG_LINE.test(l[0]?.text ?? ""));

/**
 * A stay's open flags in a few words, on one line (a round message short of room): "🚩 Loose stool,
 * 2 checks in a row · 🩺 vet advice: recorded", or "🚩 2 welfare flags open: loose stool, not
 * drinking · 🩺 vet advice recorded for 1"; each flag whole in the welfare post's thread and Home.
 */
function fewLines(flags: WelfareFlag[]): Line[] {
  const [one] = flags;
  if (!one) return [];
  const advised = flags.filter((f) => f.advice.length > 0).length;
  const text =
    flags.length === 1
      ? `${flagHeadWords(one)} · ${advised ? "🩺 vet advice: recorded" : "🩺 vet advice sought? not yet"}`
      : `🚩 ${flags.length} welfare flags open: ${flags.map((f) => signWords(f.sign)).join(", ")} · 🩺 vet advice recorded for ${advised}`;
  return [[{ ...toned("alert", text), of: "welfare" }]];
}

/**
 * A kept round sheet's pet lines with its stay's welfare flags as they stand now (`now`: its open
 * flags, none when it has none): the flag lines kept with the sheet taken out, and now's put where
 * they stood (else after the pet's first line), so a flag advised, resolved or opened since shows as
 * it is, as the pet's card, in house and Home show it; `short`, the same with the flags in a few
 * words (a message short of room), when it has any. Undefined `now` (the record not read): the lines
 * as kept.
 */
export function withWelfareNow(
  lines: Line[],
  now: WelfareFlag[] | undefined,
): { lines: Line[]; short?: Line[] } {
  if (!now) return { lines };
  const at = lines.findIndex(isFlagLine);
  // A later part of a pet shared out over messages ("… (continued)"): its flags are in its first.
  if (at < 0 && lines[0]?.length && lines[0].every((s) => s.piece)) return { lines };
  const kept = lines.filter((l) => !isFlagLine(l));
  const where = at >= 0 ? at : Math.min(1, kept.length);
  const put = (flags: Line[]) => [...kept.slice(0, where), ...flags, ...kept.slice(where)];
  return {
    lines: put(flagLines(now, { advised: true })),
    ...(now.length ? { short: put(fewLines(now)) } : {}),
  };
}

/** A kept item's lines with its pet's flags now (`welfare`: by pet key, src/answers/sheet-welfare.ts). */
export const withWelfareOf = (
  lines: Line[],
  welfare: ReadonlyMap<string, WelfareFlag[]> | undefined,
  key: string,
) => withWelfareNow(lines, welfare && (welfare.get(key) ?? []));

/** "Sun 22 Nov evening 17:10" for each entry of the run. */
const runWords = (f: WelfareFlag, timezone: string) =>
  f.entries.map((e) => `${dayHeading(e.date)} ${e.round} ${timeOf(e.at, timezone)}`).join(", ");

export interface FlagDocOptions {
  timezone: string;
  /** Slack's buttons while the flag is open: vet advice, and resolved. */
  adviceAction?: ActionOf<WelfareFlag>;
  resolveAction?: ActionOf<WelfareFlag>;
}

/** A flag's parts: what opened it, the advice, the resolution, and (open, in Slack) its buttons. */
export function flagParts(f: WelfareFlag, o: FlagDocOptions): Part[] {
  const who = dotted(f.room ? strong(whole(f.room)) : undefined, strong(whole(f.petName)));
  const lines: Line[] = [
    line(toned("alert", "🚩 "), strong("Welfare flag", "alert"), " · ", ...who),
    line(`${flagHeadWords(f).slice(3)}: ${runWords(f, o.timezone)}`),
  ];
  if (f.advice.length === 0) lines.push([toned("warn", "🩺 Vet advice sought? Not recorded yet.")]);
  for (const a of f.advice)
    lines.push(
      line(
        kept(
          `🩺 Vet advice from ${whole(a.vet)}, sought ${dateTimeOf(a.sought, o.timezone)}: ${whole(a.advice)} (recorded ${timeOf(a.recordedAt, o.timezone)} by ${whole(a.userName)})`,
        ),
      ),
    );
  const r = f.resolved;
  if (r)
    lines.push(
      line(
        kept(`✔️ Resolved ${dateTimeOf(r.recordedAt, o.timezone)} by ${whole(r.userName)}: ${whole(r.why)}`),
      ),
    );
  const parts: Part[] = [{ kind: "text", lines }];
  if (!r) {
    const advice = o.adviceAction?.(f);
    const resolve = o.resolveAction?.(f);
    const actions = [
      ...(advice ? [{ text: "🩺 Vet advice…", ...advice }] : []),
      ...(resolve ? [{ text: "✔️ Resolved…", ...resolve }] : []),
    ];
    if (actions.length) parts.push({ kind: "actions", actions });
  }
  return parts;
}

/** One flag as a message of its own (the welfare post's thread when it opens). */
export function flagDoc(f: WelfareFlag, o: FlagDocOptions): Doc {
  return {
    fallback: `Welfare flag: ${f.petName}: ${flagHeadWords(f).slice(3)}`,
    parts: flagParts(f, o),
  };
}

/** The open flags of a day (the Home tab's list), each with its advice, and its buttons in Slack. */
export function flagsListDoc(flags: WelfareFlag[] | undefined, date: string, o: FlagDocOptions): Doc {
  const title = `Welfare flags — ${dayHeading(date)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  if (flags === undefined)
    parts.push({
      kind: "text",
      lines: [line("The care record could not be read just now: try again in a minute.")],
    });
  else if (flags.length === 0) parts.push({ kind: "text", lines: [line("No welfare flag is open.")] });
  for (const f of flags ?? []) parts.push({ kind: "divider" }, ...flagParts(f, o));
  parts.push({
    kind: "note",
    lines: [
      line(
        "A flag opens at the second abnormal entry of a sign in a row (two loose stools, not drinking two days running, two meals not eaten), or at the first for blood in the stool or urine, no urine, in pain or lethargic, and stays open until marked resolved.",
      ),
    ],
  });
  return { fallback: `${title}: ${flagCountWords(flags?.length ?? 0)}`, parts };
}
