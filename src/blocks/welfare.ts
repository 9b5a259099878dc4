/**
 * The daily welfare check in Slack: a post's messages drawn from its kept list and the record
 * (src/present/welfare.ts), one block per pet so 150 pets fit in four messages: a pet to check is its
 * two buttons, "✅ All normal · Kennel 2 Biscuit" (one tap) and "✏️ Something to note"; a pet checked
 * (or flagged) is a section with its check and its flag, and "✏️ Change" (or "✏️ Check…") beside it.
 * A button carries only ids (the kept list, the booking, the pet); what it may record is read from
 * the kept list. Then a flag with its two buttons, the pets not checked, and the Home tab's flags.
 */

import { z } from "zod";
import type { WelfareBoard } from "../answers/welfare.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import { channelDoc } from "../present/channel-words.ts";
import { type ActionOf, lineText, type Part } from "../present/doc.ts";
import { uncheckedDoc, type WelfareDocOptions, welfareMessageDoc } from "../present/welfare.ts";
import { flagDoc, flagsListDoc } from "../present/welfare-flag.ts";
import { defineButton } from "./buttons.ts";
import { docBlocks, docMessages, lineSections } from "./doc.ts";
import { LIMITS, messageChars } from "./limits.ts";
import { button, fallback } from "./mrkdwn.ts";
import type { Block, Message, SectionBlock } from "./types.ts";

const recordId = () => z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const listPetRef = () => z.object({ l: recordId(), b: recordId(), p: recordId() });
/** "✅ All normal": one tap checks the pet. */
const listPetIds = ({ l, b, p }: z.infer<ReturnType<typeof listPetRef>>) => ({
  listId: l,
  bookingId: b,
  petId: p,
});
export const welfareOk = defineButton("wf_ok", listPetRef, listPetIds);
/** "✏️ Something to note" (or "✏️ Change", "✏️ Check…"): the form. */
export const welfareNote = defineButton("wf_note", listPetRef, listPetIds);
/** A flag's "🩺 Vet advice…" and "✔️ Resolved…". */
/** `l`: the button is on the Home tab's list of flags (redrawn as the list). */
const flagRef = () => z.object({ f: recordId(), l: z.literal(1).optional() });
const flagIds = ({ f, l }: z.infer<ReturnType<typeof flagRef>>) => ({ flagId: f, onHomeList: l === 1 });
export const flagAdvice = defineButton("wf_advice", flagRef, flagIds);
export const flagResolve = defineButton("wf_resolve", flagRef, flagIds);

const actions = (inList: boolean) => ({
  adviceAction: ((f) => ({
    actionId: flagAdvice.actionId(f.id),
    value: flagAdvice.encode({ f: f.id, ...(inList ? { l: 1 as const } : {}) }),
  })) as ActionOf<WelfareFlag>,
  resolveAction: ((f) => ({
    actionId: flagResolve.actionId(f.id),
    value: flagResolve.encode({ f: f.id, ...(inList ? { l: 1 as const } : {}) }),
    style: "primary",
  })) as ActionOf<WelfareFlag>,
});

type Item = Extract<Part, { kind: "item" }>;

/** The room a pet's name has on its "✅ All normal" button (Slack's 75 characters). */
const NAME_ON_BUTTON = LIMITS.buttonText - "✅ All normal · ".length;

/**
 * A pet's block: its two buttons (to check, no flag), its name on the first (a name too long for it
 * on a line of its own above them, whole: src/answers/welfare.ts gives such a pet two blocks' room);
 * or its lines with one button beside them. Lines longer than a section (a name of thousands of
 * characters, longer still once escaped) go on in more sections, whole (src/blocks/sections.ts), the
 * button beside the first.
 */
function petBlocks(p: Item, board: WelfareBoard): Block[] {
  const [bookingId, petId] = (p.key ?? "0-0").split("-").map(Number) as [number, number];
  const pet = board.pets.find((x) => x.bookingId === bookingId && x.petId === petId);
  const block_id = `kd_wf:${bookingId}:${petId}`;
  const listId = board.list.id;
  /** The pet's lines as sections, the first with `id` (and the button), the others numbered after it. */
  const sections = (id: string, accessory?: SectionBlock["accessory"]): SectionBlock[] =>
    lineSections(p.lines).map((text, i) => ({
      type: "section",
      block_id: i === 0 ? id : `${id}:${i + 1}`,
      text: { type: "mrkdwn", text, verbatim: true },
      ...(i === 0 && accessory ? { accessory } : {}),
    }));
  // A list not kept has no buttons: nothing could check what they record.
  if (listId === undefined || !pet) return sections(block_id);
  const key = `${bookingId}-${petId}`;
  const value = welfareOk.encode({ l: listId, b: bookingId, p: petId });
  if (!pet.check && pet.flags.length === 0) {
    const name = lineText(p.lines[0] ?? []);
    const fits = name.length <= NAME_ON_BUTTON;
    const buttons: Block = {
      type: "actions",
      block_id,
      elements: [
        button(fits ? `✅ All normal · ${name}` : "✅ All normal", welfareOk.actionId(key), value, "primary"),
        button("✏️ Something to note", welfareNote.actionId(key), value),
      ],
    };
    return fits ? [buttons] : [...sections(`${block_id}:name`), buttons];
  }
  return sections(block_id, button(pet.check ? "✏️ Change" : "✏️ Check…", welfareNote.actionId(key), value));
}

/** One message of a welfare post (`index`: 0 the parent), within Block Kit's limits. */
export function welfareMessage(
  board: WelfareBoard,
  index: number,
  o: { timezone: string; lateAt?: string | undefined },
): Message {
  const draw = (compact: WelfareDocOptions["compact"]): Message => {
    const doc = channelDoc(welfareMessageDoc(board, index, { ...o, compact }));
    const blocks: Block[] = [];
    for (const p of doc.parts) blocks.push(...(p.kind === "item" ? petBlocks(p, board) : docBlocks([p])));
    return { text: fallback(doc.fallback), blocks };
  };
  // In full; else each pet in few words; else those with the checkers' names shortened too.
  const room = LIMITS.messageText - 200;
  const full = draw(false);
  if (messageChars(full) <= room) return full;
  const few = draw(true);
  return messageChars(few) <= room ? few : draw("short");
}

/** Every message of a welfare post: the parent, then the replies. */
export function welfareMessages(
  board: WelfareBoard,
  o: { timezone: string; lateAt?: string | undefined },
): Message[] {
  return Array.from({ length: board.list.messages }, (_, i) => welfareMessage(board, i, o));
}

/** A flag as a message of its own (more when its words need them), with its buttons while it is open. */
export const flagMessages = (f: WelfareFlag, timezone: string): Message[] =>
  docMessages(channelDoc(flagDoc(f, { timezone, ...actions(false) })));

/**
 * The Home tab's open flags, every one with its buttons, for the one who clicked (as many messages as
 * they need), and drawn again the same after a tap on one of them.
 */
export const flagsListMessages = (
  flags: WelfareFlag[] | undefined,
  date: string,
  timezone: string,
): Message[] => docMessages(flagsListDoc(flags, date, { timezone, ...actions(true) }));

/** The pets not checked by WELFARE_CHECK_BY, in the post's thread. */
export const uncheckedMessages = (u: Parameters<typeof uncheckedDoc>[0]): Message[] =>
  docMessages(channelDoc(uncheckedDoc(u)));
