/**
 * The round check's reply in the round post's thread: "Not recorded yet: Kennel 5 Juniper: Rimadyl
 * 50 mg, meal…", redrawn as entries arrive until it ends "all recorded ✓". Channel-safe (names and
 * rooms only), every API string escaped; the one mention it may carry is ROUND_CHECK_MENTION's user
 * group. Within Block Kit's limits on the biggest round: past the cap, it counts the rest.
 */
import type { RoundCheck } from "../answers/round-check.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "../words/dates.ts";
import { LIMITS } from "./limits.ts";
import { clip, context, fallback, section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

/** Most pets named (the rest are counted: the round post itself lists every pet). */
const MAX_PETS = 60;
const SECTION_ROOM = LIMITS.sectionText - 200;

/** "Kennel 5 Juniper: Rimadyl 50 mg, meal" */
function checkPetLine(p: RoundCheck["missing"][number]): string {
  const who = [p.room ? clip(p.room, 40) : undefined, clip(p.petName, 60)].filter(Boolean).join(" ");
  return `${who}: ${p.items.map((i) => clip(i, 60)).join(", ")}`;
}

export function roundCheckMessage(
  c: RoundCheck,
  options: { mention?: string | undefined; updatedAt?: string } = {},
): Message {
  const round = `${roundWord(c.round)} round, ${dayHeading(c.date)}`;
  const mention = options.mention ? `<!subteam^${options.mention}> ` : "";
  const blocks: Block[] = [];
  const notes: string[] = [];
  if (c.problem) notes.push(`❔ ${clip(c.problem, 400)}`);
  if (c.careMissing)
    notes.push(
      `❔ ${plural(c.careMissing, "booking")} with care details not matched: what is due there is not known.`,
    );
  let text: string;
  if (c.missing.length === 0 && !c.problem) {
    text = `${round}: all recorded ✓`;
    blocks.push(section(`${mention}✅ *${text}* (${c.recorded} of ${plural(c.pets, "pet")})`));
  } else {
    text = `Not recorded yet (${round}): ${plural(c.missing.length, "pet")}`;
    blocks.push(
      section(
        `${mention}⏰ *Not recorded yet* · ${round} · ${c.recorded} of ${plural(c.pets, "pet")} recorded`,
      ),
    );
    let chunk: string[] = [];
    const flush = () => {
      if (chunk.length) blocks.push(section(chunk.join("\n")));
      chunk = [];
    };
    for (const p of c.missing.slice(0, MAX_PETS)) {
      const line = `• ${checkPetLine(p)}`;
      if ([...chunk, line].join("\n").length > SECTION_ROOM) flush();
      chunk.push(line);
    }
    flush();
    if (c.missing.length > MAX_PETS)
      notes.push(`and ${plural(c.missing.length - MAX_PETS, "more pet")}: see the round post`);
  }
  notes.push(
    options.updatedAt
      ? `updated ${options.updatedAt} · edited as entries arrive`
      : "edited as entries arrive",
  );
  blocks.push(context(notes.join(" · ")));
  return { text: fallback(text), blocks };
}
