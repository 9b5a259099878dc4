/**
 * The drug's (or food's) name in an instruction, as written, with its strength: "Vetmedin 2,5 mg"
 * from "Vetmedin 2,5 mg 1 tab AM and PM", "Metronidazole 250mg" from "Metronidazole 250mg 1 tab BID.
 * STOP after 6/12". The name starts where care.ts's `drugWords` finds a drug's word and stops at the
 * first word of amount, time or schedule. None when the words name no drug ("1 tab three times a day").
 */
import { drugWords } from "../drug-names.ts";

/** Words that end a name: amounts, times, schedules, conditions. */
const ENDS_NAME = new Set(
  (
    "once twice thrice every each daily weekly bid bd sid od tid tds qid qds eod prn sos as am pm a.m a.m. p.m p.m. " +
    "at with on in into for from until till start starting stop morning mornings evening evenings night nightly " +
    "bedtime breakfast dinner lunch tea supper then only if unless give x times per a an the and or half one two " +
    "three quarter tablet tablets tab tabs capsule capsules cap caps ml drop drops unit units iu sachet sachets " +
    "days day hours hrs weeks week directed needed required see max"
  ).split(" "),
);

/** Where a product goes, before its form ("ear drops", "eye gel"): the form then stays in the name. */
const SITES = new Set(["ear", "ears", "eye", "eyes", "nasal", "nose", "skin", "oral"]);
const FORM_AFTER_SITE = /^(?:drops?|gel|cream|ointment|spray|wash|cleaner|solution|suspension)$/i;

const STRENGTH = /^\d+(?:[.,]\d+)?(?:mg|mcg|µg|ug|%|mg\/ml|iu\/ml|u\/ml)$/i;
const STRENGTH_UNIT = /^(?:mg|mcg|µg|ug|%|mg\/ml|iu\/ml|u\/ml)[,;:.]?$/i;
const NUMBER = /^[\d½¼¾⅓⅔]/;

export function nameIn(text: string): string | undefined {
  const first = drugWords(text)?.split(/\s+/)[0];
  if (!first) return undefined;
  const tokens = text.slice(text.indexOf(first)).split(/\s+/);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const bare = token.replace(/[,;:.)]+$/, "");
    const next = tokens[i + 1];
    if (NUMBER.test(token)) {
      if (STRENGTH.test(bare)) out.push(bare);
      else if (/^\d+(?:[.,]\d+)?$/.test(bare) && next && STRENGTH_UNIT.test(next)) {
        out.push(`${bare} ${next.replace(/[,;:.]+$/, "")}`);
      }
      break;
    }
    // "Otomax ear drops", "Isathal eye drops": the form after where it goes is part of the name.
    const form = FORM_AFTER_SITE.test(bare) && SITES.has((out.at(-1) ?? "").toLowerCase());
    if ((ENDS_NAME.has(bare.toLowerCase()) && !form) || /^[(\-–—]/.test(token)) break;
    out.push(bare);
    if (bare !== token) break;
  }
  const name = out.join(" ");
  return name && !ENDS_NAME.has((out[0] ?? "").toLowerCase()) ? name : undefined;
}
