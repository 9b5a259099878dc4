/**
 * The same drug in two slots ("Owner's own Metacam 1.5ml…" in medication 1 and "Kennel stock
 * Metacam 1.5ml…" in medication 3; "Rimadyl" and "carprofen"): one dose typed twice, or two doses
 * that must not both be given unseen. The drug is its name's first word once the words of supply are
 * set aside ("owner's own", "kennel stock"), and a common brand is read as its generic name.
 */
import { nameIn } from "./name.ts";

/** Brand names (and other spellings) of drugs kennels give, by generic name. */
const GENERIC: Record<string, readonly string[]> = {
  meloxicam: ["metacam", "loxicom", "meloxidyl", "inflacam", "rheumocam", "meloxivet", "emdocam", "melovem"],
  carprofen: ["rimadyl", "carprodyl", "canidryl", "carprieve", "rimifin", "norocarp", "novox"],
  robenacoxib: ["onsior"],
  firocoxib: ["previcox"],
  mavacoxib: ["trocoxil"],
  cimicoxib: ["cimalgex"],
  pimobendan: ["vetmedin", "cardisure", "pimocard", "pimotab"],
  benazepril: ["fortekor", "benefortin", "benazecare"],
  furosemide: ["frusemide", "lasix", "frusecare", "frusol", "dimazon"],
  prednisolone: ["prednicare", "prednidale", "pred"],
  thiamazole: ["methimazole", "felimazole", "thyronorm"],
  levothyroxine: ["thyroxine", "thyforon", "soloxine", "leventa"],
  oclacitinib: ["apoquel"],
  phenobarbital: ["phenobarbitone", "epiphen", "phenoleptil", "soliphen"],
  levetiracetam: ["keppra"],
  gabapentin: ["neurontin"],
  amoxiclav: ["synulox", "clavaseptin", "noroclav", "kesium", "clavamox", "augmentin", "clavubactin"],
  cefalexin: ["cephalexin", "therios", "rilexine", "cefaseptin"],
  metronidazole: ["metrobactin", "flagyl"],
  maropitant: ["cerenia"],
  chlorphenamine: ["piriton", "chlorpheniramine"],
  amlodipine: ["amodip", "istin"],
  insulin: ["caninsulin", "vetsulin", "prozinc", "lantus", "glargine"],
  buprenorphine: ["vetergesic", "buprecare"],
};

const BRAND: ReadonlyMap<string, string> = new Map(
  Object.entries(GENERIC).flatMap(([generic, brands]) => [
    [generic, generic] as const,
    ...brands.map((b) => [b, generic] as const),
  ]),
);

/** Words of supply before a drug's name: whose stock it is, where it came from. */
const SUPPLY =
  /^\s*(?:(?:owner'?s?'?|owners|own|kennel'?s?|stock|supply|spare|clinic'?s?|vet'?s?|house|home|brought[\s-]in|from|the|our|their|his|her|new|extra)\s+)+/i;

/** The drug of an instruction, for "the same drug twice": "meloxicam" for "Kennel stock Metacam 1.5ml". */
export function drugKey(text: string): string | undefined {
  const bare = text.replace(SUPPLY, "");
  const first = nameIn(bare)
    ?.split(/\s+/)[0]
    ?.toLowerCase()
    .replace(/[^\p{L}]/gu, "");
  if (!first || first.length < 3) return undefined;
  return BRAND.get(first) ?? first;
}
