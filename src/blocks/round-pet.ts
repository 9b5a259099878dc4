/**
 * A pet on a round's sheet in Slack (src/present/round-sheet.ts): its sheet lines, then its record
 * drawn below, as many sections as they need (whole: nothing is cut to fit one), then its buttons,
 * attached by the pet's key. A button's value is only ids. Used by src/blocks/round-sheet.ts.
 */
import type { Line } from "../present/doc.ts";
import type { SheetButton } from "../present/round-sheet.ts";
import { custodyOpen, planOpen, prnGive, recordAll, recordEach, recordWitness } from "./buttons.ts";
import { lineMrkdwn, lineSections } from "./doc.ts";
import { button, truncate } from "./mrkdwn.ts";
import type { Block, Button, SectionBlock } from "./types.ts";

/**
 * A pet's lines as its sections show them: a button's name (" 📋 Plan…") only beside its button (a
 * sheet for reference, or posted without its buttons, has none).
 */
const sheetLines = (lines: Line[], buttons: SheetButton[]): Line[] => {
  const named = buttons.some((b) => b.kind === "plan");
  return named ? lines : lines.map((l) => l.filter((s) => !s.button));
};

/** A button of the sheet as Slack's: its action by the pet's key, its value the sheet's and the pet's ids. */
function buttonOf(b: SheetButton, sheetId: number): Button {
  const key = `${b.pet.bookingId}-${b.pet.petId}`;
  const ids = { s: sheetId, b: b.pet.bookingId, p: b.pet.petId };
  switch (b.kind) {
    case "all":
      return button(b.text, recordAll.actionId(key), recordAll.encode(ids), "primary");
    case "each":
      return button(b.text, recordEach.actionId(key), recordEach.encode(ids));
    case "give":
      return button(b.text, prnGive.actionId(key), prnGive.encode(ids));
    case "custody":
      return button(
        b.text,
        custodyOpen.actionId(key),
        custodyOpen.encode({ b: b.pet.bookingId, p: b.pet.petId }),
      );
    case "plan":
      return button(b.text, planOpen.actionId(key), planOpen.encode({ v: b.versionId }));
    case "witness": {
      // A dose given if needed is "n" and its id, in the action and the value alike.
      const [dose, value] =
        "prnId" in b
          ? [`n${b.prnId}`, { ...ids, n: b.prnId }]
          : [String(b.entryId), { ...ids, e: b.entryId }];
      // A long drug's name ends in "…" within the button's room.
      return button(
        truncate(b.text, 54),
        recordWitness.actionId(`${key}-${dose}`),
        recordWitness.encode(value),
      );
    }
  }
}

/**
 * A pet's blocks: its sheet and record as sections (the first's block id carries the sheet's length,
 * so tests and people reading a payload tell the sheet from its record), then its buttons.
 */
export function petBlocks(
  key: string,
  lines: Line[],
  record: Line[],
  buttons: SheetButton[],
  sheetId: number,
): Block[] {
  const [bookingId, petId] = key.split("-");
  const sheet = sheetLines(lines, buttons);
  const sheetLength = sheet.map(lineMrkdwn).join("\n").length;
  const sections = lineSections([...sheet, ...record]).map(
    (text, i): SectionBlock => ({
      type: "section",
      block_id: `kd_pet:${bookingId}:${petId}:${sheetLength}${i ? `:${i + 1}` : ""}`,
      text: { type: "mrkdwn", text, verbatim: true },
    }),
  );
  if (buttons.length === 0) return sections;
  return [
    ...sections,
    {
      type: "actions",
      block_id: `kd_act:${bookingId}:${petId}`,
      elements: buttons.map((b) => buttonOf(b, sheetId)),
    },
  ];
}
