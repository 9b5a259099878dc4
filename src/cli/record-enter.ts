/**
 * `kennel-desk record enter ROUND DATE --pet ID --by NAME --dose "DRUG=MARK HH:MM GIVER[ wit. WITNESS][; NOTE]"…`:
 * one pet's round entered from the chart on paper (issue 50), as "📄 Enter from paper…" does in
 * Slack (src/answers/paper-enter.ts): the round's kept sheet says what may be entered; each dose the
 * time written on the paper and who gave it, as the paper names them; `--by` who enters it (the
 * terminal has no Slack user). A dose that cannot stand is said with its drug, and nothing is written.
 */
import { randomUUID } from "node:crypto";
import { UsageError } from "../answers/failure.ts";
import { freeText, TEXT_RULES } from "../answers/input.ts";
import type { OwedRound } from "../answers/obligations.ts";
import { enterFromPaper, type PaperCell, paperPets } from "../answers/paper-enter.ts";
import { paperEntered } from "../answers/paper-entered.ts";
import { latestSheet, type Sheet, type SheetPet } from "../answers/sheets.ts";
import { parseRoundDay } from "../dates.ts";
import type { Deps } from "../deps.ts";
import { CONTACT_INSTEAD, contactRefusal } from "../domain/contact-text.ts";
import { PAPER_BY_MAX, paperMarkOf } from "../domain/paper.ts";
import { isMedicationItem } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import { cleanText } from "../domain/text.ts";
import { paperEnteredDoc } from "../present/paper-entered.ts";
import { docText } from "../text/doc.ts";
import { localDate } from "../time.ts";
import { dayHeading } from "../words/dates.ts";
import { PAPER_ALREADY, paperNoSheetWords } from "../words/paper.ts";
import { type CliContext, HELP_HINT, kennelDeps, petOption, readOptions, textOptions } from "./context.ts";
import { RECORD_ENTER_EXAMPLE } from "./record-enter-help.ts";
import { refuseOtherBusiness, requireStore } from "./record-store.ts";

/** The round's doses, as the terminal names them: "Rimadyl 50 mg (med:1)". */
const dosesOf = (pet: SheetPet) =>
  pet.due
    .filter((d) => isMedicationItem(d.item))
    .map((d) => `${d.label} (${d.item})`)
    .join(", ");

/**
 * "Rimadyl=given 08:05 JD; beside it", "Caninsulin=given 07:40 JD wit. TB" (a high-alert dose's
 * witness, as the chart's cell writes it) read against the pet's doses at this round.
 */
function cellOf(raw: string, pet: SheetPet): PaperCell {
  const text = cleanText(raw).trim();
  const m = /^([^=]+)=\s*(\S+)\s+(\S+)\s+([^;]+?)(?:\s+wit(?:ness|\.)?:?\s+([^;]+?))?\s*(?:;\s*(.*))?$/i.exec(
    text,
  );
  // What follows the drug begins with a time: the paper's mark left out ("Cefalexin=08:30 JD").
  const first = /^[^=]+=\s*(\S+)/.exec(text)?.[1] ?? "";
  if (/^\d{1,2}[:.]\d{2}$/.test(first) && !paperMarkOf(first))
    throw new UsageError(
      `--dose "${text.slice(0, 80)}" has no mark: write what the paper marks (given, or R, V, W, N or A) before the time.`,
      `For example: ${RECORD_ENTER_EXAMPLE}`,
    );
  // The drug, its mark and a time, and nothing after but words beside it: the giver left out.
  if (!m && /^[^=]+=\s*\S+\s+\S+\s*(?:;.*)?$/.test(text))
    throw new UsageError(
      `--dose "${text.slice(0, 80)}" has no giver: write who gave it (initials or name) after the time.`,
      `For example: ${RECORD_ENTER_EXAMPLE}`,
    );
  if (!m)
    throw new UsageError(
      `--dose "${text.slice(0, 80)}" does not read as DRUG=MARK TIME GIVER [wit. WITNESS] (MARK: given, R, V, W, N or A).`,
      `For example: ${RECORD_ENTER_EXAMPLE}`,
    );
  const [, name = "", rawMark = "", time = "", by = "", witness, note] = m;
  if (/(^|\s)wit(ness|\.)?:?$/i.test(by.trim()))
    throw new UsageError(
      `--dose "${text.slice(0, 80)}" has "wit." with no initials after it.`,
      "Write the witness's initials as the paper has them (wit. TB), or leave wit. out when the paper names no witness.",
    );
  const wanted = name.trim().toLowerCase();
  const doses = pet.due.filter((d) => isMedicationItem(d.item));
  const due =
    doses.find((d) => d.item === wanted || d.item === `med:${wanted}`) ??
    doses.find((d) => d.label.toLowerCase() === wanted) ??
    doses.find((d) => d.label.toLowerCase().startsWith(wanted));
  if (!due)
    throw new UsageError(
      `"${name.trim().slice(0, 60)}" is not a dose this round asked of ${pet.name}: its doses are ${dosesOf(pet) || "none"}.`,
      "Name the drug as the chart does, or its slot (med:1).",
    );
  const mark = paperMarkOf(rawMark);
  if (!mark)
    throw new UsageError(
      `"${rawMark.slice(0, 20)}" is not a mark of the chart for ${due.label}: given, or R refused, V vomited, W withheld, N none left, A asleep as instructed.`,
      `For example: ${RECORD_ENTER_EXAMPLE}`,
    );
  return {
    item: due.item,
    mark,
    time,
    by: by.trim(),
    ...(note?.trim() ? { note: note.trim() } : {}),
    ...(witness?.trim() ? { witness: witness.trim() } : {}),
  };
}

/**
 * A field's words after the drug's name and a colon: "Rimadyl 50 mg: that is later than now…", a
 * sentence's first word in lower case (never an acronym's, "HH:MM", nor a time's).
 */
const afterName = (v: string) => v.replace(/^([A-Z])(?=[a-z])/, (c) => c.toLowerCase());

/** The kept sheet and the pet on it, or why not, in words. */
async function sheetAndPet(
  deps: Parameters<typeof latestSheet>[0] & Parameters<typeof paperPets>[0] & Pick<Deps, "clock">,
  date: string,
  round: Sheet["round"],
  petId: number,
): Promise<{ sheet: Sheet; pet: SheetPet; owed: OwedRound | undefined }> {
  const sheet = await latestSheet(deps, date, round);
  const word = roundWord(round).toLowerCase();
  const when = `the ${word} round of ${dayHeading(date)}`;
  if (!sheet) {
    const today = localDate(deps.clock.now(), deps.config.timezone);
    const day = date < today ? "past" : date > today ? "later" : "today";
    const { what, whatToDo } = paperNoSheetWords(when, day, word);
    throw new UsageError(what, whatToDo.replace("record DATE", `record ${date}`));
  }
  const { pets, owed } = await paperPets(deps, sheet);
  const pet = pets.find((p) => p.petId === petId);
  if (!pet)
    throw new UsageError(
      `No pet ${petId} with a dose on ${when}: the pets with a dose on it are ${pets.map((p) => `${p.name} (${p.petId})`).join(", ") || "none"}.`,
      "Give --pet the pet's id as the chart's page shows it.",
    );
  return { sheet, pet, owed };
}

/** What the command line asks: who enters, the pet, the doses as typed, the day and round. */
function readEnter(ctx: CliContext) {
  const { values, positionals } = readOptions(
    ctx.args.slice(1),
    { pet: { type: "string" }, by: { type: "string" }, dose: { type: "string", multiple: true } },
    true,
  );
  const by = cleanText(values.by ?? "").trim();
  if (!by || [...by].length > PAPER_BY_MAX)
    throw new UsageError(
      "Say who is entering the paper with --by NAME (at most 60 characters): the record keeps who entered it.",
      `For example: ${RECORD_ENTER_EXAMPLE}`,
    );
  const contact = contactRefusal(by, "record", CONTACT_INSTEAD.person);
  if (contact) throw new UsageError(`--by: ${contact}`, `For example: ${RECORD_ENTER_EXAMPLE}`);
  if (!values.pet)
    throw new UsageError(
      "--pet takes the pet's id (a whole number), as the chart's page shows it.",
      HELP_HINT,
    );
  const petId = petOption(values.pet);
  if (!values.dose?.length)
    throw new UsageError(
      "Give each dose from the paper with --dose.",
      `For example: ${RECORD_ENTER_EXAMPLE}`,
    );
  const { config } = ctx;
  const typed = freeText(positionals.join(" "), TEXT_RULES.date);
  const asked = parseRoundDay(typed, ctx.clock.now(), config.timezone, config.dateOrder, config.rounds.names);
  if (!asked.ok) throw new UsageError(asked.message, HELP_HINT);
  if (!asked.round)
    throw new UsageError(
      "Say which round the paper is for (morning, midday or evening).",
      `For example: ${RECORD_ENTER_EXAMPLE}`,
    );
  return { by, petId, doses: values.dose, date: asked.date, round: asked.round };
}

export async function enter(ctx: CliContext): Promise<number> {
  const asked = readEnter(ctx);
  const { config } = ctx;
  const { store, where } = await requireStore(ctx);
  try {
    await refuseOtherBusiness(ctx, store, where);
    // The kennel API, when it is set, says the booking's check-in and check-out (each time checked
    // against them); without it the kept sheet's arrival and the other rules check the times.
    const kennel = config.kennel ? kennelDeps(ctx).kennel : undefined;
    if (!kennel)
      ctx.io.stderr.write(
        "The kennel API is not set here (KENNEL_API_KEY, KENNEL_API_BASE_URL): the times are not checked against the booking's check-in and check-out.\n",
      );
    const deps = { log: ctx.log, config, clock: ctx.clock, record: store, ...(kennel ? { kennel } : {}) };
    const { sheet, pet, owed } = await sheetAndPet(deps, asked.date, asked.round, asked.petId);
    const cells = asked.doses.map((d) => cellOf(d, pet));
    const who = { userId: `terminal:${asked.by}`, userName: asked.by };
    const result = await enterFromPaper(deps, sheet, pet, cells, who, `cli:paper:${randomUUID()}`);
    if (result.status === "fields") {
      const label = (key: string) => pet.due.find((d) => key.endsWith(`:${d.item}`))?.label;
      // Each said with its drug once: words that name it already are not led by it again.
      const lines = Object.entries(result.errors).map(([k, v]) => {
        const name = label(k) ?? pet.name;
        return v.startsWith(name) ? v : `${name}: ${afterName(v)}`;
      });
      // A dose recorded already is corrected in Slack (its words say how), never by entering it again.
      const recorded = Object.values(result.errors).filter((v) => v.includes(PAPER_ALREADY)).length;
      throw new UsageError(
        `Nothing was written.\n${lines.join("\n")}`,
        recorded === lines.length
          ? "Each of these doses is in the record already: there is nothing more to enter from the paper."
          : recorded > 0
            ? "Check the paper and run it again, leaving out any dose recorded already."
            : "Check the paper and run it again.",
      );
    }
    // What was kept, a line a dose as the record reads it back (as the Slack form says it): its paper's
    // time and giver, a dose given off its time against the window its round kept ("⏪ given before
    // its window opened"), and a high-alert dose's witness as kept, so the person typing sees it.
    const kept = await paperEntered(deps, sheet, pet, result.entries, asked.by, owed);
    ctx.io.stdout.write(`${docText(paperEnteredDoc(kept, config.timezone), textOptions(ctx))}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
