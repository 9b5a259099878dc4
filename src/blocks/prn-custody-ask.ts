/**
 * The give form's ask about its medicine's custody (issue 49; src/answers/prn-custody.ts): each
 * concern in words (past its discard-by, handed back), then "I have checked: give it anyway", which
 * the giver ticks before the dose is recorded, as a round dose's confirmation asks first. Kept ticked
 * when the form comes back for the plan's limits.
 */
import { line, whole } from "../present/doc.ts";
import { wordSections } from "./form-room.ts";
import type { FormValues } from "./modal.ts";

/** The ask's block and field. */
export const CUSTODY_ASK = "custody";

const CHECKED = {
  text: { type: "plain_text" as const, text: "I have checked: give it anyway" },
  value: CUSTODY_ASK,
};

/** What the form asks about the medicine: its words, and whether the giver ticked it already. */
export interface CustodyAsk {
  words: string[];
  acked: boolean;
}

export function custodyAskBlocks(ask: CustodyAsk | undefined): unknown[] {
  if (!ask?.words.length) return [];
  return [
    ...wordSections(ask.words.map((w) => line(whole(w)))),
    {
      type: "input",
      block_id: CUSTODY_ASK,
      label: { type: "plain_text", text: "The medicine checked" },
      element: {
        type: "checkboxes",
        action_id: CUSTODY_ASK,
        options: [CHECKED],
        ...(ask.acked ? { initial_options: [CHECKED] } : {}),
      },
    },
  ];
}

/** Whether the giver ticked the medicine's ask. */
export const custodyAcked = (values: FormValues): boolean =>
  (values[CUSTODY_ASK]?.[CUSTODY_ASK]?.selected_options ?? []).some((o) => o.value === CUSTODY_ASK);
