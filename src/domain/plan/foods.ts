/**
 * The words a diet is written in (issue 42): the food (its brand, its kind, its protein), how it is
 * prepared and given. A diet's reading places them as a medication's places the drug's name; one
 * word outside them is the food's own name ("Skinners"), a second is left to a person.
 */
import type { Claim } from "./closed.ts";

const BRANDS = [
  "royal canin",
  "hills",
  "hill's",
  "science plan",
  "science diet",
  "prescription diet",
  "purina",
  "pro plan",
  "proplan",
  "one",
  "bakers",
  "winalot",
  "james wellbeloved",
  "lily's kitchen",
  "lilys kitchen",
  "burns",
  "harringtons",
  "butcher's",
  "butchers",
  "pedigree",
  "chappie",
  "cesar",
  "whiskas",
  "felix",
  "sheba",
  "gourmet",
  "iams",
  "eukanuba",
  "orijen",
  "acana",
  "arden grange",
  "wainwrights",
  "forthglade",
  "naturo",
  "barking heads",
  "meowing heads",
  "skinners",
  "field & trial",
  "field and trial",
  "fish4dogs",
  "canagan",
  "applaws",
  "blue buffalo",
  "taste of the wild",
  "wellness",
  "nutro",
  "merrick",
  "fromm",
  "ziwi",
  "ziwi peak",
  "nature's menu",
  "natures menu",
  "tails.com",
  "butternut box",
  "pooch & mutt",
  "akela",
  "specific",
  "virbac",
  "vet life",
  "farmina",
  "n&d",
  "encore",
  "thrive",
  "purizon",
  "rocco",
  "symply",
  "millies wolfheart",
  "pure",
  "kibble",
];

const FOOD_WORDS = new Set(
  (
    "food foods kibble kibbles dry wet tinned tin tins can cans pouch pouches tray trays biscuits biscuit mixer meat " +
    "meaty chunks chunk gravy jelly loaf pate pâté mince minced raw cooked boiled plain fresh frozen defrosted " +
    "homemade home-cooked chicken beef lamb fish salmon tuna turkey duck rabbit venison pork white whitefish cod " +
    "sardines sardine pilchards tripe liver heart egg eggs rice pasta potato sweet vegetables veg carrots peas " +
    "pumpkin green beans scrambled porridge oats puppy kitten junior adult senior mature light lite small large " +
    "medium giant breed mini toy sensitive sensitivity skin stomach digestive digestion gastro gastrointestinal " +
    "intestinal low fat fat-free hypoallergenic hypo-allergenic anallergenic renal kidney urinary uro s/o so " +
    "diabetic diabetes obesity satiety weight management joint mobility hepatic liver cardiac dental i/d z/d k/d " +
    "c/d w/d r/d j/d t/d u/d metabolic recovery a/d l/d original classic working grain grain-free free gluten " +
    "natural complete complementary diet dinner dinners prescription own owner's owners brought supplied " +
    "soaked soak soaking warm warmed water mixed mix with and & in on plus topped topper topping a little bit " +
    "some handful sprinkle of the his her its bowl slow feeder separately hand fed hand-fed lick mat kong " +
    "treats treat chews chew dentastix dentastick any other human scraps titbits please thanks"
  ).split(" "),
);

const escapeRegExp = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const BRAND = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...BRANDS]
    .sort((a, b) => b.length - a.length)
    .map((b) => b.split(/\s+/).map(escapeRegExp).join("\\s+"))
    .join("|")})(?![\\p{L}\\p{N}])`,
  "giu",
);

/** The diet's food words placed, with one unknown word as the food's own name. */
export function foodClaims(text: string): Claim[] {
  const claims: Claim[] = [...text.matchAll(BRAND)].map((m) => ({ at: m.index, words: m[0] }));
  let unknown = 0;
  // A food to leave out: "no chicken", "not beef", "without wheat".
  for (const m of text.matchAll(/\b(?:no|not|without|avoid)\s+(?=[\p{L}])/giu)) {
    const next = /^[\p{L}'’/-]+/u.exec(text.slice(m.index + m[0].length))?.[0]?.toLowerCase();
    if (next && FOOD_WORDS.has(next)) claims.push({ at: m.index, words: m[0].trim() });
  }
  for (const m of text.matchAll(/[\p{L}][\p{L}\p{N}'’/&-]*/gu)) {
    const w = m[0].toLowerCase();
    if (FOOD_WORDS.has(w)) claims.push({ at: m.index, words: m[0] });
    else if (/^\p{Lu}/u.test(m[0]) && unknown++ === 0) claims.push({ at: m.index, words: m[0] });
  }
  return claims;
}
