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

/** By generic name: its brands and other spellings (lower case; several words as one). */
const DRUGS: Record<string, DrugEntry> = {
  // Penicillins.
  amoxicillin: {
    names: ["amoxycillin", "amoxi", "amoxil", "betamox", "amoxinsol", "clamoxyl"],
    class: "penicillins",
  },
  amoxiclav: {
    names: [
      "synulox",
      "clavaseptin",
      "noroclav",
      "kesium",
      "clavamox",
      "augmentin",
      "clavubactin",
      "co-amoxiclav",
      "amoxicillin-clavulanate",
      "amoxicillin clavulanate",
    ],
    class: "penicillins",
  },
  ampicillin: { names: [], class: "penicillins" },
  penicillin: {
    names: ["penicillins", "penicillin g", "procaine penicillin", "depocillin"],
    class: "penicillins",
  },
  // Cephalosporins.
  cefalexin: {
    names: ["cephalexin", "therios", "rilexine", "cefaseptin", "keflex", "ceporex"],
    class: "cephalosporins",
  },
  cefovecin: { names: ["convenia"], class: "cephalosporins" },
  cefpodoxime: { names: ["simplicef"], class: "cephalosporins" },
  // NSAIDs.
  meloxicam: {
    names: [
      "metacam",
      "loxicom",
      "meloxidyl",
      "inflacam",
      "rheumocam",
      "meloxivet",
      "emdocam",
      "melovem",
      "meloxidolor",
    ],
    class: "NSAIDs",
  },
  carprofen: {
    names: [
      "rimadyl",
      "carprodyl",
      "canidryl",
      "carprieve",
      "rimifin",
      "norocarp",
      "novox",
      "quellin",
      "vetprofen",
    ],
    class: "NSAIDs",
  },
  robenacoxib: { names: ["onsior"], class: "NSAIDs" },
  firocoxib: { names: ["previcox"], class: "NSAIDs" },
  mavacoxib: { names: ["trocoxil"], class: "NSAIDs" },
  cimicoxib: { names: ["cimalgex"], class: "NSAIDs" },
  deracoxib: { names: ["deramaxx"], class: "NSAIDs" },
  grapiprant: { names: ["galliprant"], class: "NSAIDs" },
  ketoprofen: { names: ["ketofen"], class: "NSAIDs" },
  aspirin: { names: [], class: "NSAIDs" },
  // Sulphonamides, fluoroquinolones, tetracyclines.
  "trimethoprim sulfa": {
    names: ["tribrissen", "trimethoprim", "sulfadiazine", "co-trimoxazole", "septrin", "smz-tmp", "tmps"],
    class: "sulphonamides",
  },
  enrofloxacin: { names: ["baytril", "enrotron", "enroxil", "xeden"], class: "fluoroquinolones" },
  marbofloxacin: { names: ["marbocyl", "marbox", "zenequin"], class: "fluoroquinolones" },
  pradofloxacin: { names: ["veraflox"], class: "fluoroquinolones" },
  doxycycline: { names: ["ronaxan", "doxybactin", "vibravenos", "vibramycin"], class: "tetracyclines" },
  // Opioids.
  tramadol: { names: ["tramal", "tralieve", "ultram"], class: "opioids" },
  buprenorphine: { names: ["vetergesic", "buprecare", "buprenodale", "simbadol", "bupe"], class: "opioids" },
  methadone: { names: ["comfortan", "synthadon", "methadyne"], class: "opioids" },
  codeine: { names: [], class: "opioids" },
  morphine: { names: [], class: "opioids" },
  // Steroids.
  prednisolone: { names: ["prednicare", "prednidale", "pred", "prednisone"], class: "steroids" },
  dexamethasone: { names: ["dexafort", "rapidexon", "dexadreson"], class: "steroids" },
  methylprednisolone: { names: ["medrone", "medrol", "depo-medrone"], class: "steroids" },
  hydrocortisone: { names: ["cortavance"], class: "steroids" },
  // The rest kennels see.
  pimobendan: { names: ["vetmedin", "cardisure", "pimocard", "pimotab", "fortekor plus"] },
  benazepril: { names: ["fortekor", "benefortin", "benazecare", "nelio"] },
  enalapril: { names: ["enacard"] },
  ramipril: { names: ["vasotop"] },
  spironolactone: { names: ["prilactone", "cardalis"] },
  furosemide: { names: ["frusemide", "lasix", "frusecare", "frusol", "dimazon", "libeo"] },
  torasemide: { names: ["upcard"] },
  amlodipine: { names: ["amodip", "istin"] },
  telmisartan: { names: ["semintra"] },
  thiamazole: { names: ["methimazole", "felimazole", "thyronorm", "vidalta"] },
  levothyroxine: { names: ["thyroxine", "thyforon", "soloxine", "leventa", "forthyron"] },
  trilostane: { names: ["vetoryl"] },
  fludrocortisone: { names: ["florinef"] },
  desoxycortone: { names: ["zycortal", "percorten"] },
  oclacitinib: { names: ["apoquel"] },
  ciclosporin: { names: ["atopica", "cyclosporine", "cyclavance", "optimmune"] },
  lokivetmab: { names: ["cytopoint"] },
  chlorphenamine: { names: ["piriton", "chlorpheniramine"] },
  cetirizine: { names: ["zirtek", "zyrtec"] },
  loratadine: { names: ["clarityn", "claritin"] },
  diphenhydramine: { names: ["benadryl"] },
  metronidazole: { names: ["metrobactin", "flagyl", "stomorgyl"] },
  clindamycin: { names: ["antirobe", "clinacin", "clindaseptin"] },
  maropitant: { names: ["cerenia"] },
  metoclopramide: { names: ["emeprid", "reglan"] },
  omeprazole: { names: ["losec", "gastrogard"] },
  famotidine: { names: ["pepcid"] },
  ranitidine: { names: ["zantac"] },
  sucralfate: { names: ["antepsin", "carafate"] },
  lactulose: { names: ["duphalac"] },
  kaolin: { names: ["kaogel", "pro-kolin", "prokolin", "canikur", "diarsanyl"] },
  probiotic: {
    names: ["fortiflora", "pro plan fortiflora", "purina fortiflora", "protexin", "pro-kolin advanced"],
  },
  silybin: { names: ["denamarin", "samylin", "denosyl", "zentonil", "hepatosyl"] },
  ursodiol: { names: ["ursodeoxycholic acid", "destolit", "actigall"] },
  fluoxetine: { names: ["reconcile", "prozac"] },
  clomipramine: { names: ["clomicalm"] },
  selegiline: { names: ["selgian"] },
  trazodone: { names: ["desyrel"] },
  dexmedetomidine: { names: ["sileo"] },
  propentofylline: { names: ["vivitonin"] },
  amitriptyline: { names: [] },
  gabapentin: { names: ["neurontin"] },
  pregabalin: { names: ["lyrica", "bonqat"] },
  phenobarbital: {
    names: ["phenobarbitone", "phenobarb", "pheno", "epiphen", "phenoleptil", "soliphen", "luminal"],
  },
  "potassium bromide": { names: ["kbr", "libromide"] },
  imepitoin: { names: ["pexion"] },
  levetiracetam: { names: ["keppra"] },
  zonisamide: { names: ["zonegran"] },
  diazepam: { names: ["valium", "stesolid", "diazemuls"] },
  midazolam: { names: ["hypnovel"] },
  insulin: {
    names: [
      "caninsulin",
      "vetsulin",
      "prozinc",
      "lantus",
      "glargine",
      "levemir",
      "detemir",
      "humulin",
      "humulin n",
      "novorapid",
      "novolin",
      "semglee",
      "basaglar",
      "toujeo",
      "hypurin",
      "insuvet",
    ],
  },
  glucosamine: {
    names: [
      "yumove",
      "yumove advance",
      "yumove joint care",
      "cosequin",
      "cosequin ds",
      "dasuquin",
      "seraquin",
      "synoquin",
      "flexadin",
      "glucosamine chondroitin",
      "joint supplement",
      "joint supplements",
    ],
  },
  "fish oil": {
    names: [
      "omega 3",
      "omega-3",
      "omega 3 fish oil",
      "salmon oil",
      "yuderm",
      "antinol",
      "antinol rapid",
      "welactin",
    ],
  },
  "vitamin b12": { names: ["b12", "cobalamin", "cobalaplex", "cyanocobalamin"] },
  "vitamin e": { names: [] },
  calming: {
    names: [
      "zylkene",
      "calmex",
      "adaptil",
      "feliway",
      "yucalm",
      "nutracalm",
      "kalmaid",
      "beaphar calming",
      "serene-um",
    ],
  },
  "kidney support": { names: ["ipakitine", "pronefra", "renalzin", "lenziaren", "renal advanced", "azodyl"] },
  "urinary support": { names: ["cystophan", "cystaid", "cystease", "cystocure"] },
  "ear treatment": {
    names: [
      "otomax",
      "easotic",
      "surolan",
      "canaural",
      "aurizon",
      "osurnia",
      "posatex",
      "neptra",
      "otodine",
      "epiotic",
      "cleanaural",
    ],
  },
  "eye treatment": {
    names: [
      "isathal",
      "fucithalmic",
      "chloramphenicol",
      "optimmune",
      "viscotears",
      "lubrithal",
      "tobramycin",
      "ofloxacin",
    ],
  },
  "skin treatment": {
    names: [
      "hydrocortisone cream",
      "malaseb",
      "hibiscrub",
      "sudocrem",
      "dermacool",
      "isaderm",
      "fuciderm",
      "surolan",
    ],
  },
  worming: {
    names: [
      "milbemax",
      "drontal",
      "drontal plus",
      "panacur",
      "milpro",
      "prazitel",
      "cestem",
      "dronspot",
      "profender",
    ],
  },
  "flea and tick": {
    names: [
      "bravecto",
      "bravecto plus",
      "nexgard",
      "nexgard spectra",
      "nexgard combo",
      "simparica",
      "simparica trio",
      "credelio",
      "credelio plus",
      "frontline",
      "frontline plus",
      "advocate",
      "advantage",
      "stronghold",
      "stronghold plus",
      "seresto",
      "revolution",
      "broadline",
      "heartgard",
      "interceptor",
    ],
  },
  fluids: { names: ["hartmanns", "hartmann's", "saline", "sub-q fluids", "subcutaneous fluids"] },
  cisapride: { names: [] },
  "potassium citrate": { names: [] },
  buscopan: { names: ["hyoscine"] },
  bethanechol: { names: [] },
  phenylpropanolamine: { names: ["propalin", "urilin", "proin"] },
  estriol: { names: ["incurin"] },
  mirtazapine: { names: ["mirataz"] },
  capromorelin: { names: ["entyce", "elura"] },
  cyproheptadine: { names: [] },
  "sodium bicarbonate": { names: [] },
};

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
