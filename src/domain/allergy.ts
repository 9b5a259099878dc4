/**
 * Allergies and intolerances held against a care plan's drugs and food (issue 42). An allergy is
 * read from the allergies field (its words are allergens) and from any note that says so ("allergic
 * to amoxicillin", "beef intolerance", "reacts to Metacam"); it matches an item whose words name
 * the same drug, a drug of the same class (penicillins: amoxicillin, Synulox, Clavaseptin…;
 * NSAIDs: meloxicam, Metacam, Rimadyl, carprofen, Onsior, Previcox…; and the classes in
 * src/domain/plan/drugs.ts), or the same food protein ("poultry" is chicken, turkey and duck; "fish"
 * is salmon, tuna, whitefish…). Food named only to be left out ("chicken-free", "no beef", "grain
 * free") does not match. A match is a doubt only a person clears: the reader never decides it.
 */
import { classOf, type DrugClass, knownDrugsIn } from "./plan/drugs.ts";

/** Classes close enough that an allergy to one is a question about the other. */
const RELATED: Partial<Record<DrugClass, DrugClass[]>> = {
  penicillins: ["cephalosporins"],
  cephalosporins: ["penicillins"],
};

/** Words naming a class of drugs in an allergy ("penicillin", "NSAIDs", "anti-inflammatories", "sulfa drugs"). */
const CLASS_WORDS: Array<[DrugClass, RegExp]> = [
  ["penicillins", /\b(?:penicillins?|amoxi\w*|ampicillin|co-amoxiclav|clavulan\w*)\b/i],
  ["cephalosporins", /\b(?:cephalosporins?|cef\w+|ceph\w+)\b/i],
  [
    "NSAIDs",
    /\b(?:nsaids?|non[\s-]?steroidals?|anti[\s-]?inflammator(?:y|ies)|meloxicam|carprofen|coxibs?)\b/i,
  ],
  ["sulphonamides", /\b(?:sulpha|sulfa|sulphonamides?|sulfonamides?|potentiated\s+sulph?f?onamides?)\b/i],
  ["fluoroquinolones", /\b(?:fluoroquinolones?|quinolones?|enrofloxacin|marbofloxacin)\b/i],
  ["tetracyclines", /\b(?:tetracyclines?|doxycycline)\b/i],
  ["opioids", /\b(?:opioids?|opiates?)\b/i],
  ["steroids", /\b(?:steroids?|corticosteroids?|prednisolone|pred)\b/i],
];

/** Food proteins and what each covers: an allergy to the group matches each of its words. */
const FOODS: Record<string, readonly string[]> = {
  beef: ["beef", "steak", "ox", "oxtail", "veal", "bovine", "tripe"],
  chicken: ["chicken", "chickens"],
  poultry: ["poultry", "chicken", "turkey", "duck", "goose", "quail", "fowl"],
  turkey: ["turkey"],
  duck: ["duck"],
  lamb: ["lamb", "mutton", "sheep"],
  pork: ["pork", "pig", "ham", "bacon", "gammon", "sausage", "sausages"],
  fish: [
    "fish",
    "salmon",
    "tuna",
    "cod",
    "whitefish",
    "white fish",
    "sardine",
    "sardines",
    "mackerel",
    "herring",
    "trout",
    "pollock",
    "haddock",
    "anchovy",
    "pilchards",
  ],
  salmon: ["salmon"],
  egg: ["egg", "eggs"],
  dairy: ["dairy", "milk", "cheese", "yoghurt", "yogurt", "cream cheese", "lactose"],
  wheat: ["wheat", "gluten"],
  gluten: ["gluten", "wheat", "barley", "rye"],
  grain: ["grain", "grains", "wheat", "barley", "oats", "rye", "maize", "corn", "rice", "cereal"],
  soy: ["soy", "soya"],
  corn: ["corn", "maize"],
  rice: ["rice"],
  venison: ["venison", "deer"],
  rabbit: ["rabbit"],
  peanut: ["peanut", "peanuts", "peanut butter"],
  insect: ["insect"],
};

/** How each group is named in an allergy ("poultry", "chicken", "dairy", "milk"). */
const FOOD_NAMES: Record<string, string> = {
  ...Object.fromEntries(Object.keys(FOODS).map((k) => [k, k])),
  chickens: "chicken",
  fowl: "poultry",
  mutton: "lamb",
  fish: "fish",
  eggs: "egg",
  milk: "dairy",
  lactose: "dairy",
  soya: "soy",
  maize: "corn",
  grains: "grain",
  cereal: "grain",
  cereals: "grain",
  peanuts: "peanut",
  deer: "venison",
};

/** A note that speaks of an allergy, and the words after which its allergens follow. */
const ALLERGY_SAID =
  /\b(?:allerg(?:y|ic|ies)|intoleran(?:t|ce)|reacts?\s+(?:badly\s+)?to|reaction\s+to|sensitiv(?:e|ity)\s+to|anaphyla\w*|hypersensitiv\w*)\b/i;
const NOT_SAID = /\b(?:no\s+known|nka|nkda|not\s+allergic|no\s+allerg\w*|none\s+known)\b/i;

export interface Allergy {
  /** The allergy's words as written (the field whole, or the note's sentence). */
  words: string;
  field: string;
}

/** The allergies on record: the allergies field whole, and each sentence of a note that speaks of one. */
export function allergiesIn(fields: Array<{ field: string; words: string | undefined }>): Allergy[] {
  return fields.flatMap(({ field, words }) => {
    if (!words?.trim()) return [];
    if (field === "allergies")
      return NOT_SAID.test(words) && !/[,;]/.test(words) ? [] : [{ words: words.trim(), field }];
    return words
      .split(/(?<=[.;!\n])\s+|\n/)
      .map((s) => s.trim())
      .filter((s) => ALLERGY_SAID.test(s) && !NOT_SAID.test(s))
      .map((s) => ({ words: s, field }));
  });
}

const compiled = new Map<string, RegExp>();
/** A word or words, whole, any case (compiled once). */
function wordRe(w: string): RegExp {
  let re = compiled.get(w);
  if (!re) {
    re = new RegExp(`(?<![\\p{L}])${w.replace(/\s+/g, "[\\s-]+")}(?![\\p{L}])`, "iu");
    compiled.set(w, re);
  }
  return re;
}

/** A food named only to be left out: "chicken-free", "no beef", "without grain", "not fish". */
const leftOut = (text: string, index: number, length: number) =>
  /^[\s-]*free\b/i.test(text.slice(index + length)) ||
  /\b(?:no|without|not|avoid|never|zero|non)[\s-]+(?:\p{L}+[\s,&]+){0,2}$/iu.test(text.slice(0, index));

/** The food groups a text names as food it holds (not those it names to leave out), each with its word. */
function foodsIn(text: string): Array<{ group: string; word: string }> {
  const out: Array<{ group: string; word: string }> = [];
  for (const [group, words] of Object.entries(FOODS)) {
    for (const w of words) {
      const m = wordRe(w).exec(text);
      if (m && !leftOut(text, m.index, m[0].length)) out.push({ group, word: m[0] });
    }
  }
  return out;
}

/** What an allergy's words are allergic to: drugs by generic name, classes, food groups. */
function allergensOf(words: string): { generics: string[]; classes: DrugClass[]; foods: string[] } {
  const generics = knownDrugsIn(words).map((d) => d.generic);
  const classes = new Set<DrugClass>(CLASS_WORDS.filter(([, re]) => re.test(words)).map(([c]) => c));
  for (const g of generics) {
    const c = classOf(g);
    if (c) classes.add(c);
  }
  const foods = Object.entries(FOOD_NAMES)
    .filter(([name]) => wordRe(name).test(words))
    .map(([, group]) => group);
  return { generics, classes: [...classes], foods: [...new Set(foods)] };
}

/** One allergy matching an item: the allergy's words and field, the item's word, and the class or group. */
export interface AllergyHit {
  allergy: string;
  field: string;
  word: string;
  group?: string;
}

/** The allergies on record an item's words match (its drugs by name and class, its food by group). */
export function allergyHits(itemWords: string, allergies: Allergy[]): AllergyHit[] {
  if (allergies.length === 0) return [];
  const drugs = knownDrugsIn(itemWords);
  const foods = foodsIn(itemWords);
  return allergies.flatMap((a): AllergyHit[] => {
    const of = allergensOf(a.words);
    const related = of.classes.flatMap((c) => RELATED[c] ?? []);
    for (const d of drugs) {
      const cls = classOf(d.generic);
      if (of.generics.includes(d.generic)) return [{ allergy: a.words, field: a.field, word: d.words }];
      if (cls && of.classes.includes(cls))
        return [{ allergy: a.words, field: a.field, word: d.words, group: cls }];
      if (cls && related.includes(cls))
        return [
          {
            allergy: a.words,
            field: a.field,
            word: d.words,
            group: `${cls}, related to ${of.classes.join(", ")}`,
          },
        ];
    }
    const food = foods.find(
      (f) => of.foods.includes(f.group) || of.foods.some((g) => FOODS[g]?.includes(f.word.toLowerCase())),
    );
    if (food) {
      const group = of.foods.find((g) => FOODS[g]?.includes(food.word.toLowerCase())) ?? food.group;
      return [
        {
          allergy: a.words,
          field: a.field,
          word: food.word,
          ...(group !== food.word.toLowerCase() ? { group } : {}),
        },
      ];
    }
    return [];
  });
}
