/**
 * The drug's (or food's) name in an instruction, as written, with its strength: "Vetmedin 2,5 mg"
 * from "Vetmedin 2,5 mg 1 tab AM and PM", "Metronidazole 250mg" from "Metronidazole 250mg 1 tab BID.
 * STOP after 6/12". The name starts where care.ts's `drugWords` finds a drug's word and stops at the
 * first word of amount, time or schedule. None when the words name no drug ("1 tab three times a day").
 */
import { drugWords } from "../drug-names.ts";
import type { Claim } from "./closed.ts";
import { isKnownDrugWord, knownDrugsIn } from "./drugs.ts";

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

/** Words of a product's name beside the drug's: its form, size, strength of range, flavour. */
const QUALIFIERS = new Set(
  (
    "plus xl l m s xs ds advance advanced senior junior puppy kitten adult large medium small giant mini toy breed " +
    "dog dogs cat cats spectra trio combo forte rapid max chewable flavour flavor honey beef chicken liver sr xr er la " +
    "retard strength regular original lite mini-tabs minis granules oral suspension liquid paste gel cream ointment " +
    "drops ear eye spot-on spot on tablets tablet tabs tab capsules capsule caps solution syrup powder sachet sachets " +
    "injection injectable pen vial for very up to kg"
  ).split(" "),
);

/**
 * The words of an instruction's drug name the reader places: a name it knows ("Drontal Plus",
 * "Metacam") with the words of its form and size, or, when it knows none, one word it does not know
 * ("Vetoryl 30mg": the drug's name, shown as written). A second drug or a second unknown word is not
 * placed: the item is then left to a person.
 */
export function nameClaims(text: string): Claim[] {
  const known = knownDrugsIn(text);
  const first = known[0];
  if (first) {
    // The drug of the item, every time it is named; its form and size words beside it.
    const same = known.filter((k) => k.generic === first.generic);
    const claims: Claim[] = same.map((k) => ({ at: k.index, words: k.words }));
    for (const k of same) {
      const after = text.slice(k.index + k.words.length);
      let at = k.index + k.words.length;
      for (const m of after.matchAll(/\s*([\p{L}-]+)/gu)) {
        if (m.index !== at - (k.index + k.words.length)) break;
        const w = (m[1] ?? "").toLowerCase();
        if (!QUALIFIERS.has(w)) break;
        claims.push({ at: at + m[0].indexOf(m[1] as string), words: m[1] as string });
        at += m[0].length;
      }
    }
    return claims;
  }
  const name = nameIn(text);
  if (!name) return [];
  const at = text.indexOf(name);
  const claims: Claim[] = [];
  let unknown = 0;
  for (const m of name.matchAll(/[\p{L}][\p{L}\p{N}'’/-]*/gu)) {
    const w = m[0].toLowerCase();
    if (QUALIFIERS.has(w) || isKnownDrugWord(w)) claims.push({ at: at + m.index, words: m[0] });
    else if (unknown++ === 0) claims.push({ at: at + m.index, words: m[0] });
  }
  return claims;
}
