/**
 * The check of issue 47, what each surface must show whole: the care facts of the API's answer
 * (every drug with its strength and amount, allergies, notes that carry danger, a fast), read with
 * the kennel's own rules (src/domain/care.ts), and what a reader sees of a surface's messages. A fact
 * "appears whole" when its words, cleaned as every surface cleans them, are a run of the surface's
 * visible text (marks and line breaks aside: a long fact may go on in the next section). A text ends
 * mid-word when the word before a "…" is no word of the house's data nor of the bot's own.
 */
import { duplicateActionIds, limitViolations } from "../../src/blocks/limits.ts";
import type { Block, Message } from "../../src/blocks/types.ts";
import { careOf } from "../../src/domain/care.ts";
import { flagsOf } from "../../src/domain/flags.ts";
import { oneLine } from "../../src/domain/text.ts";
import { type Pet, readPet } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import type { BusinessData } from "../../src/sandbox/types.ts";

/** Words and marks aside: the same run of text whether Slack draws it bold, or a section ends inside it. */
export const normal = (t: string): string =>
  oneLine(t)
    .replace(/[*_~`]/g, "")
    .replace(/\s+/g, " ")
    .trim();

const unescaped = (t: string) => t.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** Every text a reader sees in blocks: headers, sections, fields, context, buttons. */
function blockTexts(b: Block): string[] {
  switch (b.type) {
    case "header":
      return [b.text.text];
    case "section":
      return [
        ...(b.text ? [unescaped(b.text.text)] : []),
        ...(b.fields ?? []).map((f) => unescaped(f.text)),
        ...(b.accessory?.type === "button" ? [b.accessory.text.text] : []),
      ];
    case "context":
      return b.elements.map((e) => unescaped(e.text));
    case "actions":
      return b.elements.map((e) => e.text.text);
    default:
      return [];
  }
}

/** A surface's messages as one normalised run of what a reader sees. */
export function seen(messages: Array<Pick<Message, "blocks">>): string {
  return normal(messages.flatMap((m) => m.blocks.flatMap(blockTexts)).join("\n"));
}

/** The texts of a surface that could end cut: each section, field, context and button text. */
export function texts(messages: Array<Pick<Message, "blocks">>): string[] {
  return messages.flatMap((m) => m.blocks.flatMap(blockTexts));
}

/** A pet's care facts, as the kennel's rules read the API's answer. */
export interface PetFacts {
  petId: number;
  name: string;
  /** Each drug's short name (lists show it). */
  drugs: string[];
  /** Each medication's fields, whole: the instruction, its midday and its evening instruction. */
  instructions: {
    instruction?: string | undefined;
    midday?: string | undefined;
    evening?: string | undefined;
  }[];
  allergies: string | undefined;
  allergyInNotes: string | undefined;
  danger: string[];
  fasting: string | undefined;
}

const log = silentLogger();

export function petFacts(raw: unknown): PetFacts {
  const pet = readPet(raw, log) as Pet;
  const care = careOf(pet);
  const flags = flagsOf(pet, care);
  return {
    petId: pet.petId as number,
    name: flags.name,
    drugs: flags.medications,
    instructions: care.medications.map((m) => ({
      instruction: m.instruction,
      midday: m.midday,
      evening: m.evening,
    })),
    allergies: care.allergies,
    allergyInNotes: care.allergyInNotes,
    danger: (flags.dangerNotes ?? []).map((n) => n.text),
    fasting: care.fasting,
  };
}

/** Which facts a surface shows of a pet. */
export type Shows = "list" | "going-home" | "card" | "morning" | "midday" | "evening" | "name";

/** The facts a surface must show whole, by what it shows. */
function expected(f: PetFacts, shows: Shows): string[] {
  const hazards = [f.allergies, f.allergyInNotes, f.fasting, ...f.danger];
  const out: Array<string | undefined> = [f.name];
  if (shows === "name") return [f.name];
  if (shows === "list" || shows === "going-home") out.push(...f.drugs, ...hazards);
  if (shows === "card")
    out.push(...f.instructions.flatMap((m) => [m.instruction, m.midday, m.evening]), ...hazards);
  if (shows === "morning" || shows === "midday" || shows === "evening") {
    out.push(...f.drugs, ...hazards);
    const field = shows === "morning" ? undefined : shows;
    out.push(...f.instructions.flatMap((m) => (field ? [m[field]] : [m.instruction, m.midday, m.evening])));
  }
  return out.filter((x): x is string => Boolean(x?.trim())).map(normal);
}

/** The facts a surface leaves out or cuts: "Biscuit 7: Rimadyl 50 mg, half a tablet…". */
export function missing(view: string, pets: PetFacts[], shows: Shows): string[] {
  return pets.flatMap((p) =>
    expected(p, shows)
      .filter((fact) => !view.includes(fact))
      .map((fact) => `${p.name}: ${fact.slice(0, 120)}`),
  );
}

/** The house's words: every word of its data, for telling a word from a cut one. */
export function houseWords(business: BusinessData): Set<string> {
  const words = new Set<string>();
  const add = (v: unknown): void => {
    if (typeof v === "string") {
      for (const w of v.split(/[^\p{L}\p{N}]+/u)) if (w) words.add(w.toLowerCase());
      return;
    }
    if (v && typeof v === "object") for (const x of Object.values(v)) add(x);
  };
  for (const list of [business.pets, business.bookings, business.customers]) for (const x of list) add(x);
  return words;
}

/** Texts ending inside a word: the word before each "…" is no word of the house's nor of the bot's own. */
export function cutMidWord(all: string[], words: Set<string>, own: Set<string>): string[] {
  const out: string[] = [];
  for (const t of all)
    for (const m of t.matchAll(/([\p{L}\p{N}]+)…/gu)) {
      const w = (m[1] as string).toLowerCase();
      if (!words.has(w) && !own.has(w))
        out.push(`"${t.slice(Math.max(0, (m.index ?? 0) - 40), (m.index ?? 0) + 2)}"`);
    }
  return out;
}

/** Every message within Block Kit's limits, with unique action ids. */
export function broken(messages: Message[]): string[] {
  return messages.flatMap((m, i) => [
    ...limitViolations(m).map((p) => `message ${i + 1}: ${p}`),
    ...duplicateActionIds(m).map((a) => `message ${i + 1}: action id ${a} twice`),
  ]);
}

/** What a reader sees of messages' sections and small print, one run, unescaped (a text going on in the next section reads on). */
export const sectionsSeen = (messages: Array<Pick<Message, "blocks">>): string =>
  normal(
    messages
      .flatMap((m) => m.blocks)
      .flatMap((b) =>
        b.type === "section" && b.text
          ? [b.text.text]
          : b.type === "context"
            ? b.elements.map((e) => ("text" in e ? e.text : ""))
            : [],
      )
      .join(" ")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );
