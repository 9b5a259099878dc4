/**
 * As-needed doses in a document's lines (src/present/doc.ts), the same on the round's sheet, the
 * pet's card, Home, the stay's record and the terminal: "💊 Piriton 4mg given 09:10 by Jane for
 * scratching · awaiting effect", then "· helped" once the giver answered. The words are the shared
 * ones (src/words/doses.ts); values are cleaned here, each serializer escapes them.
 */
import type { PetAsNeeded } from "../answers/prn-pets.ts";
import type { AsNeededItem, AsNeededPet, PrnDose } from "../domain/prn.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "../words/dates.ts";
import { forReason, prnDoseWords, prnLimitWords } from "../words/doses.ts";
import { planStateWords } from "../words/plan.ts";
import { type ActionOf, type Doc, dotted, type Line, line, type Part, strong, toned, value } from "./doc.ts";

/** One dose: toned to stand out while it awaits its effect, and when it made things worse. */
export function prnDoseLine(d: PrnDose, timezone: string, max = 300): Line {
  const text = value(prnDoseWords(d, timezone), max);
  if (d.effect?.effect === "worse") return [toned("alert", text)];
  return [toned(d.effect ? undefined : "warn", text)];
}

/** A pet's doses of the day in a few words, for a message short of room: "💊 2 as needed, 1 awaiting effect". */
export function prnCompactLine(doses: PrnDose[]): Line | undefined {
  if (doses.length === 0) return undefined;
  const awaiting = doses.filter((d) => !d.effect).length;
  const worse = doses.filter((d) => d.effect?.effect === "worse").length;
  return line(
    `💊 ${doses.length} as needed${awaiting ? `, ${awaiting} awaiting effect` : ""}${worse ? `, ⚠️ ${worse} worse` : ""}`,
  );
}

/** An as-needed item as offered: "Piriton 4mg: if needed only if scratching · at most 2 in 24 h". */
function asNeededItemLine(i: AsNeededItem): Line {
  const limits = prnLimitWords(i);
  return line(
    `💊 ${value(i.label, 80)}: if needed${i.reason ? ` ${value(forReason(i.reason), 120)}` : ""}${limits ? ` · ${limits}` : ""}`,
  );
}

/** "2 pets with a dose to give if needed" */
export const asNeededCountWords = (n: number): string =>
  `💊 ${plural(n, "pet")} with a dose to give if needed`;

export interface AsNeededDocOptions {
  timezone: string;
  /** Slack's "💊 Give if needed…" button beside each pet; without it, none. */
  giveAction?: ActionOf<AsNeededPet>;
}

/** The first line of a pet with a dose to give if needed: "Kennel 4 · Itchy". */
const petHead = (p: AsNeededPet): Line =>
  dotted(p.room ? strong(value(p.room, 80)) : undefined, strong(value(p.name, 80)));

/**
 * The pets in house with a dose to give if needed (Home's list behind its button): each pet, its
 * items with the plan's reason and limits, the day's doses with their effect, and its button.
 * `pets` undefined: they could not be read (said, never an empty list).
 */
export function asNeededDoc(pets: AsNeededPet[] | undefined, date: string, o: AsNeededDocOptions): Doc {
  const title = `Give if needed — ${dayHeading(date)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  if (pets === undefined)
    parts.push({
      kind: "text",
      lines: [[toned("alert", "❔ The pets' care plans could not be read just now: try again in a minute.")]],
    });
  else if (pets.length === 0)
    parts.push({
      kind: "text",
      lines: [line("No pet in house has a dose to give if needed in its confirmed care plan.")],
    });
  for (const p of pets ?? []) {
    const give = o.giveAction?.(p);
    parts.push({
      kind: "item",
      lines: [
        petHead(p),
        ...p.items.map(asNeededItemLine),
        ...p.doses.map((d) => prnDoseLine(d, o.timezone, 250)),
      ],
      ...(give ? { action: { text: "💊 Give if needed…", ...give } } : {}),
      key: `${p.bookingId}-${p.petId}`,
    });
  }
  parts.push({
    kind: "note",
    lines: [
      line(
        "Offered only from a care plan a person confirmed. The plan's most per 24 h and least time between doses are checked; the giver is asked how it worked an hour later.",
      ),
    ],
  });
  return { fallback: title, parts };
}

/** Home's line for one pet: "Kennel 4 · Itchy: Piriton 4mg if needed · 1 given today, awaiting effect". */
export function asNeededHomeLine(p: AsNeededPet): Line {
  const last = p.doses.at(-1);
  return [
    ...petHead(p),
    { text: `: ${value(p.items.map((i) => i.label).join(", "), 160)} if needed` },
    ...(p.doses.length
      ? [
          {
            text: ` · ${plural(p.doses.length, "dose")} today${last && !last.effect ? ", the last awaiting effect" : ""}`,
          },
        ]
      : []),
  ];
}

/**
 * A pet card's doses to give if needed: each item with the plan's reason and limits (or that the
 * plan is not confirmed yet, and so not offered), the doses of the last 24 hours, the button.
 */
export function petAsNeededParts(
  a: PetAsNeeded | undefined,
  timezone: string,
  giveAction?: ActionOf<AsNeededPet>,
): Part[] {
  if (!a) return [];
  const lines: Line[] = [
    ...a.items.map(asNeededItemLine),
    ...(a.items.length && !a.confirmed
      ? [[toned("warn", `${planStateWords("draft")}: give if needed is offered once it is confirmed`)]]
      : []),
    ...a.doses.map((d) => prnDoseLine(d, timezone, 300)),
  ];
  const give = a.confirmed && a.items.length ? giveAction?.(a) : undefined;
  return [{ kind: "text", lines, ...(give ? { action: { text: "💊 Give if needed…", ...give } } : {}) }];
}
