/**
 * A pet on a round's sheet in Slack: its section (its sheet's lines, then its record drawn below,
 * within a section) and its buttons, attached by the pet's key: the record's two, "📋 Plan…",
 * "💊 Give if needed…" and "👀 Witnessed" per high-alert dose awaiting its witness (issue 35). A
 * button's value is only ids. Used by src/blocks/round-sheet.ts.
 */
import type { Sheet, SheetPet } from "../answers/sheets.ts";
import type { PetRoundStatus } from "../domain/record.ts";
import type { WitnessView } from "../domain/witness.ts";
import type { Line } from "../present/doc.ts";
import { awaitingWitness } from "../present/record.ts";
import { custodyOpen, planOpen, prnGive, recordAll, recordEach, recordWitness } from "./buttons.ts";
import { lineMrkdwn } from "./doc.ts";
import { button, truncate } from "./mrkdwn.ts";
import type { Block, SectionBlock } from "./types.ts";

/** A section's text stays under this (Slack's 3000, less a margin). */
export const SECTION_MAX = 2990;

/** A pet's sheet lines, as its section shows them (within a section, whatever the care). */
export const sheetText = (lines: Line[]) => truncate(lines.map(lineMrkdwn).join("\n"), 2900);

/**
 * A pet's buttons: the record's (when something is due), "📋 Plan…" (a plan to confirm), "💊 Give if
 * needed…" (a confirmed plan with a dose to give if needed: `give`, its value) and "👀 Witnessed" per
 * high-alert dose awaiting its witness.
 */
export interface PetButtons {
  value: string;
  oneTap: boolean;
  record: boolean;
  plan?: number | undefined;
  give?: string | undefined;
  /** "💊 Medicines in…": a medication due that was never counted in (issue 49). */
  custody?: string | undefined;
  witness?: Array<{ entryId: number; label: string; value: string }> | undefined;
}

export function petBlocks(
  key: string,
  lines: Line[],
  record: Line[],
  buttons: PetButtons | undefined,
): Block[] {
  const [bookingId, petId] = key.split("-");
  const sheet = sheetText(lines);
  const drawn = record.map(lineMrkdwn).join("\n");
  const room = SECTION_MAX - sheet.length - 1;
  const section: SectionBlock = {
    type: "section",
    // The sheet's length: tests (and people reading a payload) tell the sheet from its record.
    block_id: `kd_pet:${bookingId}:${petId}:${sheet.length}`,
    text: {
      type: "mrkdwn",
      text: drawn ? `${sheet}\n${drawn.length > room ? truncate(drawn, Math.max(room, 2)) : drawn}` : sheet,
      verbatim: true,
    },
  };
  if (!buttons) return [section];
  return [
    section,
    {
      type: "actions",
      block_id: `kd_act:${bookingId}:${petId}`,
      // A fasting pet, or one with a drug in two slots, is recorded item by item (src/domain/record.ts).
      elements: [
        ...(buttons.record && buttons.oneTap
          ? [button("✅ All given & eaten", recordAll.actionId(key), buttons.value, "primary")]
          : []),
        ...(buttons.record ? [button("✏️ Record each…", recordEach.actionId(key), buttons.value)] : []),
        ...(buttons.give ? [button("💊 Give if needed…", prnGive.actionId(key), buttons.give)] : []),
        ...(buttons.custody ? [button("💊 Medicines in…", custodyOpen.actionId(key), buttons.custody)] : []),
        ...(buttons.plan !== undefined
          ? [button("📋 Plan…", planOpen.actionId(key), planOpen.encode({ v: buttons.plan }))]
          : []),
        ...(buttons.witness ?? []).map((w) =>
          button(`👀 Witnessed: ${w.label}`, recordWitness.actionId(`${key}-${w.entryId}`), w.value),
        ),
      ],
    },
  ];
}

/** The high-alert doses of a pet given and awaiting a witness now: a "👀 Witnessed" button each. */
export function witnessButtons(
  sheet: Sheet,
  pet: SheetPet,
  status: PetRoundStatus,
  w: WitnessView | undefined,
): PetButtons["witness"] {
  return awaitingWitness(status, w).map(({ entryId, label }) => ({
    entryId,
    label: truncate(label, 40),
    value: recordWitness.encode({ s: sheet.id, b: pet.bookingId, p: pet.petId, e: entryId }),
  }));
}
