/**
 * High-alert drugs: those whose wrong dose does the most harm, confirmed on the plan by a second,
 * different person (issue 34) and witnessed when given (issue 35). The built-in list (documented in
 * docs/care-plan.md) follows human care's high-alert lists for what a kennel gives: insulin,
 * anticonvulsants, and controlled drugs (UK schedules 2–4, US schedules II–IV) seen in dogs and
 * cats, by generic and common brand names and the short names staff write ("Phenobarb", "Pheno");
 * the kennel adds its own words (KENNEL_HIGH_ALERT, read once by src/config.ts and passed in). Whole
 * words, any case; a kennel's word may be several ("potassium bromide"). Diazepam and midazolam are
 * controlled drugs too; they are listed as anticonvulsants, what a kennel gives them for.
 */
import { atFirstUse } from "../../first-use.ts";
import type { HighAlert, HighAlertClass } from "./types.ts";

const BUILT_IN: Record<Exclude<HighAlertClass, "kennel">, readonly string[]> = {
  insulin: [
    "insulin",
    "caninsulin",
    "vetsulin",
    "prozinc",
    "lantus",
    "glargine",
    "levemir",
    "detemir",
    "humulin",
    "novorapid",
    "novolin",
    "semglee",
    "basaglar",
    "toujeo",
    "hypurin",
    "insuvet",
  ],
  anticonvulsant: [
    "phenobarbital",
    "phenobarbitone",
    "phenobarb",
    "pheno",
    "luminal",
    "epiphen",
    "phenoleptil",
    "soliphen",
    "levetiracetam",
    "keppra",
    "potassium bromide",
    "kbr",
    "libromide",
    "imepitoin",
    "pexion",
    "zonisamide",
    "zonegran",
    "sodium bromide",
    "diazepam",
    "stesolid",
    "diazemuls",
    "valium",
    "midazolam",
    "hypnovel",
  ],
  controlled: [
    "tramadol",
    "tramal",
    "tralieve",
    "gabapentin",
    "neurontin",
    "pregabalin",
    "lyrica",
    "bonqat",
    "buprenorphine",
    "vetergesic",
    "buprecare",
    "buprenodale",
    "simbadol",
    "methadone",
    "comfortan",
    "morphine",
    "codeine",
    "fentanyl",
    "butorphanol",
    "torbugesic",
    "ketamine",
    "alprazolam",
    "xanax",
    "lorazepam",
    "clonazepam",
    "temazepam",
  ],
};

const escapeRegExp = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A pattern for a word or words, whole, any case, any space between words. */
const wordPattern = (word: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${word.trim().split(/\s+/).map(escapeRegExp).join("\\s+")}(?![\\p{L}\\p{N}])`,
    "iu",
  );

/**
 * The built-in list's patterns (one a word, and one for any word of the list), built when a first
 * instruction is read rather than at the bot's start (first-use.ts): about 70 patterns.
 */
const builtIn = atFirstUse(() => ({
  patterns: Object.entries(BUILT_IN).flatMap(([cls, words]) =>
    words.map((w): [HighAlertClass, RegExp] => [cls as HighAlertClass, wordPattern(w)]),
  ),
  any: new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${Object.values(BUILT_IN)
      .flat()
      .map((w) => w.trim().split(/\s+/).map(escapeRegExp).join("\\s+"))
      .join("|")})(?![\\p{L}\\p{N}])`,
    "iu",
  ),
}));

/**
 * Is this text a high-alert drug's: the class and the word as the text writes it, the built-in list
 * first, then the kennel's words; undefined when none is there.
 */
export function highAlertIn(text: string, kennelWords: readonly string[]): HighAlert | undefined {
  // A quick look first: no word of the built-in list, nor any of the kennel's, no high-alert drug.
  const { patterns, any } = builtIn();
  if (!any.test(text) && kennelWords.length === 0) return undefined;
  for (const [cls, re] of patterns) {
    const m = re.exec(text);
    if (m) return { class: cls, word: m[0] };
  }
  for (const word of kennelWords) {
    if (!word.trim()) continue;
    const m = wordPattern(word).exec(text);
    if (m) return { class: "kennel", word: m[0] };
  }
  return undefined;
}
