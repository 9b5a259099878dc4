/**
 * A feeding and medication round (/rounds and the round posts): every pet in house by room, this
 * round's diet, each medication as the round's sheet shows it (src/domain/care.ts
 * `medicationsFor`: every instruction in full in the morning, a dose its words put on a round in
 * that round), allergies; a pet with nothing this round, by its record, on one line. Channel-safe.
 */
import type { RoundPet, RoundReport } from "../answers/rounds.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { roundWord } from "../domain/rounds.ts";
import {
  CARE_NOT_LOADED,
  CARE_NOT_MATCHED,
  NO_DIET_ON_RECORD,
  namedDietRow,
  roundMedicationRow,
  sheetAlertWords,
  speciesEmoji,
} from "../words/care.ts";
import { NO_ONE_IN_HOUSE, roundSummaryParts, roundTitle, stayMarkWords } from "../words/house.ts";
import { lateWords } from "./digest.ts";
import { bold, clip, context, esc, header, truncate } from "./mrkdwn.ts";
import { type Threaded, threaded } from "./thread.ts";

const title = (r: ChannelSafe<RoundReport>) =>
  roundTitle(r.round, r.date, r.totals.pets + r.totals.careMissing, r.kennelName);
const summary = (r: ChannelSafe<RoundReport>) =>
  roundSummaryParts(r.totals)
    .map((p) => p.text)
    .join(" · ");

/** One pet on the sheet (mrkdwn, within a section). */
function roundPetText(p: ChannelSafe<RoundPet>, r: ChannelSafe<RoundReport>): string {
  const b = p.booking;
  const room = b.roomName ? `${bold(clip(b.roomName, 80))}` : "*no room*";
  const marks = stayMarkWords(p).map((m) => ` · ${m}`);
  const owner = `${b.customerName ? ` (${clip(b.customerName, 80)})` : ""}${marks.join("")}`;
  if (!p.pet || !p.sheet) {
    const which = p.unmatched.length
      ? clip(p.unmatched.join(", "), 200)
      : b.petNames
        ? clip(b.petNames, 200)
        : "pets";
    const why = p.careStatus === "not_matched" ? CARE_NOT_MATCHED : CARE_NOT_LOADED;
    return `${room} · ${which}${owner}\n❔ ${why}, and check this pet's care by hand`;
  }
  const name = `${speciesEmoji(p.pet.pet)} ${bold(clip(p.pet.flags.name, 80))}`;
  const s = p.sheet;
  const allergy = s.allergies ? `⚠️ allergies: ${clip(s.allergies, 300)}` : "";
  // Fasting (and the other alerts) before anything else in the pet's lines.
  const alerts = sheetAlertWords(p.pet.flags).map((a) => clip(a, 400));
  if (s.nothing) {
    const others = s.medications.map((m) => clip(roundMedicationRow(m, r.round), 200));
    return truncate(
      [`${room} · ${name}${owner} · nothing this round`, ...alerts, allergy, ...others.map((o) => `💊 ${o}`)]
        .filter(Boolean)
        .join("\n"),
      2900,
    );
  }
  // Allergies straight after the name: in a long sheet they are the line never to lose.
  const lines = [`${room} · ${name}${owner}`, ...alerts, allergy].filter(Boolean);
  if (s.diet.round) lines.push(`🍽 ${roundWord(r.round).toLowerCase()}: ${clip(s.diet.round, 600)}`);
  if (s.diet.general) lines.push(`🍽 general: ${clip(s.diet.general, 400)}`);
  for (const d of s.diet.named) lines.push(`🍽 ${clip(namedDietRow(d), 600)}`);
  if (s.noDiet) lines.push(`🍽 ${NO_DIET_ON_RECORD}`);
  else if (!s.fed && !s.diet.round) lines.push(`🍽 no ${r.round} diet recorded`);
  for (const m of s.medications) lines.push(`💊 ${clip(roundMedicationRow(m, r.round), 700)}`);
  return truncate(lines.join("\n"), 2900);
}

export function roundMessages(r: ChannelSafe<RoundReport>, lateAt?: string): Threaded {
  const t = title(r);
  const head = [header(t), context(`${esc(summary(r))}${lateWords(lateAt)}`)];
  if (r.pets.length === 0) {
    return {
      parent: { text: t, blocks: [...head, context(NO_ONE_IN_HOUSE)] },
      replies: [],
    };
  }
  const foot = [
    context(
      [r.careProblem ? `❔ ${esc(r.careProblem)}` : "", `request id ${esc(r.requestId)}`]
        .filter(Boolean)
        .join(" · "),
    ),
  ];
  return threaded(
    `${t}: ${summary(r)}`,
    head,
    r.pets.map((p) => roundPetText(p, r)),
    foot,
  );
}
