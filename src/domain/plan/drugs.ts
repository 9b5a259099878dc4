/**
 * The drugs and products kennels give, by generic name with their brands and other spellings, and
 * the class each belongs to where an allergy to one is an allergy to the class (penicillins,
 * cephalosporins, NSAIDs, sulphonamides, fluoroquinolones, tetracyclines, opioids). The reader
 * places a name it knows, and "the same drug twice" reads a brand as its generic name.
 */

/** A class of drugs an allergy is held against as a whole. */
export type DrugClass =
  | "penicillins"
  | "cephalosporins"
  | "NSAIDs"
  | "sulphonamides"
  | "fluoroquinolones"
  | "tetracyclines"
  | "opioids"
  | "steroids";

interface DrugEntry {
  names: readonly string[];
  class?: DrugClass;
}

/**
 * By generic name (and its class, after a slash, where an allergy is held against the class): its
 * brands and other spellings, "|"-separated, lower case (several words as one name).
 */
const DRUG_LIST: Array<[string, string]> = [
  ["amoxicillin/penicillins", "amoxycillin|amoxi|amoxil|betamox|amoxinsol|clamoxyl"],
  [
    "amoxiclav/penicillins",
    "synulox|clavaseptin|noroclav|kesium|clavamox|augmentin|clavubactin|co-amoxiclav|amoxicillin-clavulanate|amoxicillin clavulanate",
  ],
  ["ampicillin/penicillins", ""],
  ["penicillin/penicillins", "penicillins|penicillin g|procaine penicillin|depocillin"],
  ["cefalexin/cephalosporins", "cephalexin|therios|rilexine|cefaseptin|keflex|ceporex"],
  ["cefovecin/cephalosporins", "convenia"],
  ["cefpodoxime/cephalosporins", "simplicef"],
  ["meloxicam/NSAIDs", "metacam|loxicom|meloxidyl|inflacam|rheumocam|meloxivet|emdocam|melovem|meloxidolor"],
  ["carprofen/NSAIDs", "rimadyl|carprodyl|canidryl|carprieve|rimifin|norocarp|novox|quellin|vetprofen"],
  ["robenacoxib/NSAIDs", "onsior"],
  ["firocoxib/NSAIDs", "previcox"],
  ["mavacoxib/NSAIDs", "trocoxil"],
  ["cimicoxib/NSAIDs", "cimalgex"],
  ["deracoxib/NSAIDs", "deramaxx"],
  ["grapiprant/NSAIDs", "galliprant"],
  ["ketoprofen/NSAIDs", "ketofen"],
  ["aspirin/NSAIDs", ""],
  [
    "trimethoprim sulfa/sulphonamides",
    "tribrissen|trimethoprim|sulfadiazine|co-trimoxazole|septrin|smz-tmp|tmps",
  ],
  ["enrofloxacin/fluoroquinolones", "baytril|enrotron|enroxil|xeden"],
  ["marbofloxacin/fluoroquinolones", "marbocyl|marbox|zenequin"],
  ["pradofloxacin/fluoroquinolones", "veraflox"],
  ["doxycycline/tetracyclines", "ronaxan|doxybactin|vibravenos|vibramycin"],
  ["tramadol/opioids", "tramal|tralieve|ultram"],
  ["buprenorphine/opioids", "vetergesic|buprecare|buprenodale|simbadol|bupe"],
  ["methadone/opioids", "comfortan|synthadon|methadyne"],
  ["codeine/opioids", ""],
  ["morphine/opioids", ""],
  ["prednisolone/steroids", "prednicare|prednidale|pred|prednisone"],
  ["dexamethasone/steroids", "dexafort|rapidexon|dexadreson"],
  ["methylprednisolone/steroids", "medrone|medrol|depo-medrone"],
  ["hydrocortisone/steroids", "cortavance"],
  ["pimobendan", "vetmedin|cardisure|pimocard|pimotab|fortekor plus"],
  ["benazepril", "fortekor|benefortin|benazecare|nelio"],
  ["enalapril", "enacard"],
  ["ramipril", "vasotop"],
  ["spironolactone", "prilactone|cardalis"],
  ["furosemide", "frusemide|lasix|frusecare|frusol|dimazon|libeo"],
  ["torasemide", "upcard"],
  ["amlodipine", "amodip|istin"],
  ["telmisartan", "semintra"],
  ["thiamazole", "methimazole|felimazole|thyronorm|vidalta"],
  ["levothyroxine", "thyroxine|thyforon|soloxine|leventa|forthyron"],
  ["trilostane", "vetoryl"],
  ["fludrocortisone", "florinef"],
  ["desoxycortone", "zycortal|percorten"],
  ["oclacitinib", "apoquel"],
  ["ciclosporin", "atopica|cyclosporine|cyclavance|optimmune"],
  ["lokivetmab", "cytopoint"],
  ["chlorphenamine", "piriton|chlorpheniramine"],
  ["cetirizine", "zirtek|zyrtec"],
  ["loratadine", "clarityn|claritin"],
  ["diphenhydramine", "benadryl"],
  ["metronidazole", "metrobactin|flagyl|stomorgyl"],
  ["clindamycin", "antirobe|clinacin|clindaseptin"],
  ["maropitant", "cerenia"],
  ["metoclopramide", "emeprid|reglan"],
  ["omeprazole", "losec|gastrogard"],
  ["famotidine", "pepcid"],
  ["ranitidine", "zantac"],
  ["sucralfate", "antepsin|carafate"],
  ["lactulose", "duphalac"],
  ["kaolin", "kaogel|pro-kolin|prokolin|canikur|diarsanyl"],
  ["probiotic", "fortiflora|pro plan fortiflora|purina fortiflora|protexin|pro-kolin advanced"],
  ["silybin", "denamarin|samylin|denosyl|zentonil|hepatosyl"],
  ["ursodiol", "ursodeoxycholic acid|destolit|actigall"],
  ["fluoxetine", "reconcile|prozac"],
  ["clomipramine", "clomicalm"],
  ["selegiline", "selgian"],
  ["trazodone", "desyrel"],
  ["dexmedetomidine", "sileo"],
  ["propentofylline", "vivitonin"],
  ["amitriptyline", ""],
  ["gabapentin", "neurontin"],
  ["pregabalin", "lyrica|bonqat"],
  ["phenobarbital", "phenobarbitone|phenobarb|pheno|epiphen|phenoleptil|soliphen|luminal"],
  ["potassium bromide", "kbr|libromide"],
  ["imepitoin", "pexion"],
  ["levetiracetam", "keppra"],
  ["zonisamide", "zonegran"],
  ["diazepam", "valium|stesolid|diazemuls"],
  ["midazolam", "hypnovel"],
  [
    "insulin",
    "caninsulin|vetsulin|prozinc|lantus|glargine|levemir|detemir|humulin|humulin n|novorapid|novolin|semglee|basaglar|toujeo|hypurin|insuvet",
  ],
  [
    "glucosamine",
    "yumove|yumove advance|yumove joint care|cosequin|cosequin ds|dasuquin|seraquin|synoquin|flexadin|glucosamine chondroitin|joint supplement|joint supplements",
  ],
  ["fish oil", "omega 3|omega-3|omega 3 fish oil|salmon oil|yuderm|antinol|antinol rapid|welactin"],
  ["vitamin b12", "b12|cobalamin|cobalaplex|cyanocobalamin"],
  ["vitamin e", ""],
  ["calming", "zylkene|calmex|adaptil|feliway|yucalm|nutracalm|kalmaid|beaphar calming|serene-um"],
  ["kidney support", "ipakitine|pronefra|renalzin|lenziaren|renal advanced|azodyl"],
  ["urinary support", "cystophan|cystaid|cystease|cystocure"],
  [
    "ear treatment",
    "otomax|easotic|surolan|canaural|aurizon|osurnia|posatex|neptra|otodine|epiotic|cleanaural",
  ],
  [
    "eye treatment",
    "isathal|fucithalmic|chloramphenicol|optimmune|viscotears|lubrithal|tobramycin|ofloxacin",
  ],
  ["skin treatment", "hydrocortisone cream|malaseb|hibiscrub|sudocrem|dermacool|isaderm|fuciderm|surolan"],
  ["worming", "milbemax|drontal|drontal plus|panacur|milpro|prazitel|cestem|dronspot|profender"],
  [
    "flea and tick",
    "bravecto|bravecto plus|nexgard|nexgard spectra|nexgard combo|simparica|simparica trio|credelio|credelio plus|frontline|frontline plus|advocate|advantage|stronghold|stronghold plus|seresto|revolution|broadline|heartgard|interceptor",
  ],
  ["fluids", "hartmanns|hartmann's|saline|sub-q fluids|subcutaneous fluids"],
  ["cisapride", ""],
  ["potassium citrate", ""],
  ["buscopan", "hyoscine"],
  ["bethanechol", ""],
  ["phenylpropanolamine", "propalin|urilin|proin"],
  ["estriol", "incurin"],
  ["mirtazapine", "mirataz"],
  ["capromorelin", "entyce|elura"],
  ["cyproheptadine", ""],
  ["sodium bicarbonate", ""],
];

const DRUGS: Record<string, DrugEntry> = Object.fromEntries(
  DRUG_LIST.map(([head, names]) => {
    const [generic, cls] = head.split("/") as [string, DrugClass | undefined];
    return [generic, { names: names ? names.split("|") : [], ...(cls ? { class: cls } : {}) }];
  }),
);

/** Every name the list knows, lower case, mapped to its generic name. */
const BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(DRUGS).flatMap(([generic, e]) => [
    [generic, generic] as const,
    ...e.names.map((n) => [n, generic] as const),
  ]),
);

/** The longest known names first, so "Drontal Plus" is placed before "Drontal". */
const NAMES_LONGEST = [...BY_NAME.keys()].sort((a, b) => b.length - a.length);

const escapeRegExp = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const KNOWN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${NAMES_LONGEST.map((n) =>
    n
      .split(/[\s-]+/)
      .map(escapeRegExp)
      .join("[\\s-]+"),
  ).join("|")})(?![\\p{L}\\p{N}])`,
  "giu",
);

/** A known drug or product named in a text, as written, with its generic name and the index. */
export interface KnownDrug {
  words: string;
  generic: string;
  index: number;
}

const keyOf = (words: string) => words.toLowerCase().replace(/[\s-]+/g, " ");

const FOUND = new Map<string, KnownDrug[]>();

/** Every known drug or product a text names, in order (kept by the text: the same words come each round). */
export function knownDrugsIn(text: string): KnownDrug[] {
  const kept = FOUND.get(text);
  if (kept) return kept;
  const found = [...text.matchAll(KNOWN)].map((m) => ({
    words: m[0],
    generic: BY_NAME.get(keyOf(m[0])) ?? BY_NAME.get(m[0].toLowerCase()) ?? keyOf(m[0]),
    index: m.index,
  }));
  if (FOUND.size >= 5000) FOUND.delete(FOUND.keys().next().value as string);
  FOUND.set(text, found);
  return found;
}

/** The class of a generic name, when an allergy to one is held against the class. */
export const classOf = (generic: string): DrugClass | undefined => DRUGS[generic]?.class;

/** Is a word (lower case) a drug name the list knows, or part of one ("drontal", "plus" of "drontal plus")? */
export const isKnownDrugWord = (word: string): boolean => BY_NAME.has(word);
