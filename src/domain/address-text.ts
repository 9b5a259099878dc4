/**
 * A postal address typed into free text (src/domain/contact-text.ts reads it with the phone numbers
 * and emails): a UK postcode ("SW1A 1AA", "M1 1AE", "DN55 1PT") or a street line, a house number
 * before a street's name and its kind ("12 Acacia Avenue", "Flat 3, 45 High Street"), a house's
 * name or a town beside a street named without one ("The Maltings, Mill Road", "Church Lane,
 * Ashby": namedStreetIn says the rule), or a house named by its kind and its town, no street at all
 * ("Rose Cottage, Ambridge": houseTownIn). In small letters too, where a kennel's words are not
 * mistaken for one: a house number before a street named with its kind in full ("12 acacia avenue":
 * NAMED_AFTER says the rule), or a house named by its kind before a street ("rose cottage, church
 * lane, ambridge": smallHouseStreetIn). Only clear address shapes: what a kennel writes is none
 * ("Kennel 12", "Run B3", "room 4A", "2 tablets", "1.5 ml", "08:30", "7am", "B12 5 mg", "give 1
 * with food", "walk around the block", a booking's reference, a microchip), nor a street named
 * alone ("lives on Main Street farm", "Church Lane walk is fine"), nor a practice named after its
 * street ("Mill Road Surgery", "Church Lane Vets"), nor a practice and its town ("Oak Tree Vets,
 * Ambridge").
 */

/** The UK's postcode areas: the letters before a postcode's first digit. */
const AREAS = new Set(
  `AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN
  EX FK FY G GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML
  N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD
  TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE`.split(/\s+/),
);

/**
 * Area and district ("SW1A", "M1", "DN55"), a space or none, then the inward code: a digit and two
 * letters, never C, I, K, M, O or V ("5mg", "2kg", "3am" are none). Not inside a word or a code
 * (HP-DK4Q7M, a reference, is none).
 */
const POSTCODE =
  /(?<![\p{L}\p{N}_\-/#])([a-z]{1,2})(\d[a-z\d]?)( ?)(\d[abd-hjlnp-uw-z]{2})(?![\p{L}\p{N}_])/giu;

/** An inward code that reads as kennel words when not in capitals: an ordinal ("2nd", "1st"), a unit ("2lb", "1hr"). */
const KENNEL_INWARD = /^(?:1st|2nd|3rd|[04-9]th|\dhr|\dlb|\dug|\dgr|\ddl|\dpt|\dft)$/i;

/** Words that say the code after them is something else: a reference, a room, a chip. */
const NOT_POSTCODE_BEFORE =
  /\b(?:ref|reference|booking|kennel|run|room|pen|chip|microchip|code)\s*[:#]?\s*$/i;
/** A word that says a postcode follows. */
const SAID_BEFORE = /\b(?:postcode|post code|postal code)\s*[:#]?\s*$/i;

/**
 * A postcode: its area one of the UK's, or (in capitals, with its space: "XJ12 3AB") any letters
 * when its inward code is no kennel word. Without its space, six or seven capitals and digits are a
 * booking's reference as much as a postcode (HP-DK4Q7M's code, typed without "HP-"): a postcode only
 * in small letters ("sw1a1aa"), five long ("M11AE": no reference is), or after "postcode".
 */
function isPostcode(m: RegExpExecArray, text: string): boolean {
  const [all, area = "", , space, inward = ""] = m;
  const before = text.slice(0, m.index);
  const said = SAID_BEFORE.test(before);
  if (!said && NOT_POSTCODE_BEFORE.test(before)) return false;
  const capitals = all === all.toUpperCase();
  const real = AREAS.has(area.toUpperCase());
  if ((!capitals || !real) && KENNEL_INWARD.test(inward)) return false;
  if (space) return real || capitals;
  if (!real) return false;
  return said || all.length === 5 || all === all.toLowerCase();
}

function postcodeIn(text: string): string | undefined {
  for (const m of text.matchAll(POSTCODE)) if (isPostcode(m, text)) return m[0];
  return undefined;
}

/** A street's kind: the words, then the short forms (written with a capital: "St", "Rd"). */
const KINDS = "street|road|avenue|lane|close|drive|way|crescent|court|place|gardens|terrace|grove";
const SHORT = new Set(["St", "Rd", "Ave", "Ln", "Dr"]);
/** The kinds that are no ordinary word in a note ("keep 2 bowls close" is none): read in small letters too. */
const PLAIN_KINDS = new Set(["street", "road", "avenue", "lane", "crescent", "terrace", "gardens"]);

/** A house number ("12", "221B", "12-14"), one to three words of a name, the street's kind. */
const STREET = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.,:/\-])(\d{1,4}[a-z]?(?:-\d{1,4}[a-z]?)?),?[ \t]+((?:\p{L}[\p{L}'’\-]*[ \t]+){1,3})(${KINDS}|st|rd|ave|ln|dr)\.?(?![\p{L}\p{N}])`,
  "giu",
);

/** Words that are never a street's name: a dose, a quantity, a walk, a room, the little words of a sentence. */
const NOT_NAMES = new Set(
  `the a an of to on in at by with for from and or but into onto round around down up along over under
  near past each per every then than times time x tablets tablet tabs tab capsules capsule caps drops drop
  ml mg mcg kg g units unit iu doses dose scoops scoop cups cup sachets sachet pumps pump walks walk laps
  lap meals meal treats treat bowls bowl days day hours hour hrs mins minutes weeks week dogs dog cats cat
  pets pet kennels kennel runs run more less half whole extra only all both other is are was were be has
  have had his her their its my our your this that these those it he she they we you give given feed fed`.split(
    /\s+/,
  ),
);

/**
 * A street in small letters ("12 acacia avenue", "flat 3, 45 high street", "staying at 14 mill lane
 * till friday") is read as one where a kennel's words in small letters are not: its kind (a full word,
 * PLAIN_KINDS; the short forms "st", "rd" only with their capital) not followed by a word it names
 * (NAMED_AFTER: "2 quiet lane walks", "1 high street walk", "no more than 2 road crossings", "give 2
 * before road trip"), and no word of its name one that says a walk or an amount (SMALL_NOT_NAMES: "2
 * side road", "15 min road walk", "2 leads lane"), as no street is named so. A town after the street
 * is left to read as one ("12 acacia avenue leeds"): the words a kennel puts after "road" or "lane"
 * are few, the towns many. What is still let by: "1 high street" alone is an address (a house on a
 * high street), and a walk written as one ("3 back lane") too, the person writes it another way.
 */
const NAMED_AFTER = new Set(
  `walk walks walked walking walkies loop loops lap laps trip trips crossing crossings visit visits stroll
  strolls shop shops side sides verge verges route routes noise traffic safety sense rest work works end
  ends edge training time times run runs field fields path paths outing outings sessions session`.split(
    /\s+/,
  ),
);
const SMALL_NOT_NAMES = new Set(
  `quiet short long slow quick busy brisk gentle easy loose lead leads side sensory min mins before after
  off big little small steady calm careful sniffy sniff`.split(/\s+/),
);

/** A number after one of these words is a room's, a pen's or a chip's, never a house's. */
const ROOM_BEFORE =
  /\b(?:kennel|kennels|run|runs|room|cattery|suite|pen|block|bay|paddock|yard|cage|cabin|chalet)\s*$/i;

const capital = (w: string) => /^\p{Lu}/u.test(w);

function isStreet(m: RegExpExecArray, text: string): boolean {
  const names = (m[2] ?? "").trim().split(/[ \t]+/);
  const kind = (m[3] ?? "").replace(/\.$/, "");
  if (ROOM_BEFORE.test(text.slice(0, m.index))) return false;
  // "The" opens a street's name ("3 The Close"); no other little word is in one.
  if (names.some((w, i) => NOT_NAMES.has(w.toLowerCase()) && !(i === 0 && w === "The"))) return false;
  const named = names.every(capital);
  if (!PLAIN_KINDS.has(kind.toLowerCase()) && !(named && capital(kind))) return false;
  if (!(named && capital(kind))) {
    const after = /^\.?[ \t]+(\p{L}+)/u.exec(text.slice(m.index + m[0].length))?.[1] ?? "";
    if (NAMED_AFTER.has(after.toLowerCase())) return false;
    if (names.some((w) => SMALL_NOT_NAMES.has(w.toLowerCase()))) return false;
  }
  if (/^[a-z]+$/i.test(kind) && kind.length <= 3 && !KINDS.split("|").includes(kind.toLowerCase())) {
    // A short form is a street's only as written ("St", "Rd"), with no name after it ("Dr Patel", "St Bernard").
    if (!SHORT.has(kind) || !named) return false;
    if (/^\.?[ \t]+\p{Lu}/u.test(text.slice(m.index + m[0].length))) return false;
  }
  return true;
}

/**
 * A street line without a house number: its house a name ("The Maltings, Mill Road", "Rose Cottage,
 * Church Lane, Ashby", "Oak Vets, Station Rd"). The rule: one to three capitalised words of a name
 * and the street's kind with its capital (Road, Lane, Close, Way…, "Rd", "St"), ending the line (the
 * words' end, or a comma, stop or bracket after it: "Rose Cottage, Church Lane till Friday" is let
 * by, as "Walked Biscuit, Mill Road and back" must be), AND something of an address beside it: a house
 * named before it ("The Maltings, ", "Flat 3, ": capitalised words, a comma), or a town after it
 * (", Ashby", ", Ashby de la Zouch": capitalised words that end the line). A kennel's words are
 * none: a street named alone, as a walk ("Church Lane walk is fine", "walk on Mill Road field?",
 * "Walk down Mill Road."), the kind's word in a sentence ("Close the gate", "Way too lively after
 * meals", "Walk on the lane only", "No road trips"), streets listed as walks ("Mill Road, Church
 * Lane": a street is no house, nor a town), a street then a day, a month, a room or a walk's place
 * ("Church Lane, Monday", "Mill Road, Kennel 4", "Church Lane, Ashby Park"), or "The Grove" alone
 * (a practice's name as often as a street's). A practice named after its street passes ("Mill Road
 * Surgery", "seen at Church Lane Vets", "Mill Road surgery"): the kind must end the line, and a
 * vet's field asks for the practice's name, which many practices take from their street; refusing
 * it would leave the vet's field nothing true to say. A street with the vet's name before it ("Dr
 * Lee, Mill Road") is where the vet is, an address: the practice's name says it. A pet's name typed
 * where a house or town stands ("Walked Biscuit, Mill Road.") reads as an address: the person writes
 * it another way.
 */
const NAMED_STREET = new RegExp(
  String.raw`(?<![\p{L}\p{N}_'’\-])((?:\p{Lu}[\p{L}'’\-]*[ \t]+){1,3})(${KINDS.replace(/\b\w/g, (c) => c.toUpperCase())}|(?:Rd|St|Ave|Ln|Dr)\.?)(?=[ \t]*(?:$|[,.;:!?()\n]))`,
  "gu",
);
const WORD = String.raw`\p{Lu}[\p{L}'’\-]*`;
/** The house named before a street: capitalised words (a number among them: "Flat 3"), then a comma. */
const HOUSE_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_'’\-])(${WORD}(?:[ \t]+(?:${WORD}|\d{1,4}[a-z]?)){0,3}),[ \t]*$`,
  "u",
);
/**
 * A town after a street or a house: a comma, capitalised words (little words between: "Ashby de la
 * Zouch"), the line's end (or a stop, a comma, a bracket after it).
 */
const TOWN_AFTER = new RegExp(
  String.raw`^\.?,[ \t]*(${WORD}(?:[ \t]+(?:(?:de|la|le|upon|on|under|in|by|the|next|to|cum|with)[ \t]+)*${WORD}){0,3})(?=[ \t]*(?:$|[,.;:!?()\n]))`,
  "u",
);
/**
 * Words that end no house's nor town's name (a day, a month, a room, a walk's place, a time: "Church
 * Lane, Monday", "Mill Road, Kennel 4", "Church Lane, Ashby Park"), though they may start one ("Green
 * Farm", "May Cottage", "Home Farm").
 */
const NOT_PLACE_ENDS = new Set(
  `monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays
  saturdays sundays weekdays weekends mon tue tues wed thu thur thurs fri sat sun
  january february march april may june july august september october november december jan feb mar apr
  jun jul aug sep sept oct nov dec kennel kennels run runs room cattery suite pen block bay paddock yard
  cage cabin chalet park field fields wood woods common green meadow meadows rec ground walk walks path
  trail lake beach river canal home back today tomorrow yesterday morning afternoon evening night am pm`.split(
    /\s+/,
  ),
);
/** A sentence's first words, capitalised: no house's, town's or street's name starts with one. */
const SENTENCE_WORDS = new Set("then and but also after before only again too so".split(" "));

/** A house's or a town's words: the last no street's kind nor NOT_PLACE_ENDS. */
const isPlace = (words: string) => {
  const caps = words.split(/[ \t]+/).filter((w) => /^\p{Lu}/u.test(w));
  const last = (caps[caps.length - 1] ?? "").toLowerCase();
  return caps.length > 0 && !KINDS.split("|").includes(last) && !NOT_PLACE_ENDS.has(last);
};

/** Where the house named just before `start` begins, a sentence's first word left out ("Then Rose Cottage, "). */
function houseBefore(text: string, start: number): number | undefined {
  const house = HOUSE_BEFORE.exec(text.slice(0, start));
  const words = house?.[1]?.split(/[ \t]+/) ?? [];
  const skip = words.findIndex((w) => !SENTENCE_WORDS.has(w.toLowerCase()));
  if (!house?.[1] || skip < 0 || !isPlace(words.slice(skip).join(" "))) return undefined;
  const skipped = new RegExp(String.raw`^(?:\S+[ \t]+){${skip}}`).exec(house[1])?.[0] ?? "";
  return house.index + skipped.length;
}

function namedStreetIn(text: string): string | undefined {
  for (const m of text.matchAll(NAMED_STREET)) {
    // The name's words, the little ones before it ("Then", "The") left out: "The Grove" has none.
    const names = (m[1] ?? "").trim().split(/[ \t]+/);
    const from = names.findIndex(
      (w) => !NOT_NAMES.has(w.toLowerCase()) && !SENTENCE_WORDS.has(w.toLowerCase()),
    );
    if (from < 0) continue;
    const start =
      m.index + (new RegExp(String.raw`^(?:\S+[ \t]+){${from}}`).exec(m[1] ?? "")?.[0].length ?? 0);
    const end = m.index + m[0].length;
    const house = houseBefore(text, start);
    const town = TOWN_AFTER.exec(text.slice(end));
    const townEnd = town?.[1] !== undefined && isPlace(town[1]) ? end + town[0].length : undefined;
    if (house === undefined && townEnd === undefined) continue;
    return text.slice(house ?? start, townEnd ?? end);
  }
  return undefined;
}

/**
 * A house named by what it is, then its town, with no street at all, as a village address is
 * written: "Rose Cottage, Ambridge", "The Old Vicarage, Ambridge", "Home Farm, Ashby de la Zouch".
 * The rule: one to three capitalised words ending in one of HOUSE_KINDS, a comma, a town (TOWN_AFTER:
 * capitalised words that end the line, no day, room or walk's place). A practice's name is none
 * ("Oak Tree Vets, Ambridge"), nor a house named alone ("Handed to Mrs Smith, Rose Cottage", "walked
 * past Home Farm": a place as much as an address), nor one before a day or a room ("Home Farm,
 * Monday", "Kennel Barn, Run 3").
 */
const HOUSE_KINDS =
  "Cottage|Cottages|Farm|Farmhouse|House|Barn|Lodge|Vicarage|Rectory|Manor|Grange|Bungalow|Villa|Mews";
const HOUSE_TOWN = new RegExp(
  String.raw`(?<![\p{L}\p{N}_'’\-])(?:${WORD}[ \t]+){1,3}(?:${HOUSE_KINDS})(?=\.?,)`,
  "gu",
);

function houseTownIn(text: string): string | undefined {
  for (const m of text.matchAll(HOUSE_TOWN)) {
    const start = houseBefore(`${m[0]},`, m[0].length + 1) ?? 0;
    const end = m.index + m[0].length;
    const town = TOWN_AFTER.exec(text.slice(end));
    if (town?.[1] !== undefined && isPlace(town[1])) return text.slice(m.index + start, end + town[0].length);
  }
  return undefined;
}

/**
 * A house named by its kind, then a street, in small letters ("rose cottage, church lane", "the old
 * vicarage, mill road, ambridge"): one to three words ending in a house's kind (HOUSE_KINDS), a comma,
 * one to three words of a street's name and its kind (a full word: PLAIN_KINDS) ending the line (or a
 * comma, stop or bracket after it), and the town after it when there is one. No little word in the
 * house's or the street's name ("the" opening the house's, never the whole of it: "in the barn, side
 * lane"), no walk's word in the street's, and no walk's word before the house ("walked past home
 * farm, back lane", "walk to home farm, mill lane" are walks). Without a house's kind,
 * a street in small letters with no number is none: "walks: mill road, church lane" and "church lane,
 * monday" read as walks as often as "the maltings, mill road" reads as an address.
 */
const SMALL_HOUSE_STREET = new RegExp(
  String.raw`(?<![\p{L}\p{N}_'’\-])((?:\p{L}[\p{L}'’\-]*[ \t]+){1,3})(?:${HOUSE_KINDS}),[ \t]*((?:\p{L}[\p{L}'’\-]*[ \t]+){1,3})(?:${[...PLAIN_KINDS].join("|")})(?=[ \t]*(?:$|[,.;:!?()\n]))`,
  "giu",
);
const SMALL_TOWN = /^,[ \t]*(\p{L}+(?:[ \t]+\p{L}+){0,2})(?=[ \t]*(?:$|[,.;:!?()\n]))/u;
/** Words before a house that make it a place on a walk, not an address. */
const WALK_BEFORE =
  /\b(?:past|round|around|along|via|towards?|near|by|(?:walk|walks|walked|walking)(?:[ \t]+(?:to|from|at|on))?)[ \t]+$/i;

function smallHouseStreetIn(text: string): string | undefined {
  const re = new RegExp(SMALL_HOUSE_STREET.source, SMALL_HOUSE_STREET.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    re.lastIndex = m.index + 1;
    const house = (m[1] ?? "")
      .trim()
      .split(/[ \t]+/)
      .filter(Boolean);
    const street = (m[2] ?? "").trim().split(/[ \t]+/);
    // "The" opens a house's name ("the old vicarage"), never the whole of it ("the barn").
    const the = house[0]?.toLowerCase() === "the" ? 1 : 0;
    if (house.length === the || house.slice(the).some((w) => NOT_NAMES.has(w.toLowerCase()))) continue;
    if (street.some((w) => NOT_NAMES.has(w.toLowerCase()) || SMALL_NOT_NAMES.has(w.toLowerCase()))) continue;
    if (WALK_BEFORE.test(text.slice(0, m.index))) continue;
    const end = m.index + m[0].length;
    const town = SMALL_TOWN.exec(text.slice(end));
    const last =
      town?.[1]
        ?.split(/[ \t]+/)
        .at(-1)
        ?.toLowerCase() ?? "";
    const townEnd = town && !NOT_PLACE_ENDS.has(last) && !NOT_NAMES.has(last) ? end + town[0].length : end;
    return text.slice(m.index, townEnd);
  }
  return undefined;
}

/** A street whose kind comes first, as abroad: "7 Rue de l'Église", "12 Avenue Foch", "3 Via Roma". */
const STREET_ABROAD =
  /(?<![\p{L}\p{N}_.,:/-])\d{1,4}[a-z]?,?[ \t]+(?:Rue|Avenue|Boulevard|Chemin|Allée|Impasse|Quai|Calle|Via|Viale|Straße|Strasse)[ \t]+\p{L}[\p{L}'’-]*(?:[ \t]+\p{L}[\p{L}'’-]*){0,3}/u;

function streetIn(text: string): string | undefined {
  const re = new RegExp(STREET.source, STREET.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (isStreet(m, text)) return m[0];
    re.lastIndex = m.index + 1;
  }
  const named = namedStreetIn(text) ?? houseTownIn(text) ?? smallHouseStreetIn(text);
  if (named) return named;
  const abroad = STREET_ABROAD.exec(text);
  return abroad && !ROOM_BEFORE.test(text.slice(0, abroad.index)) ? abroad[0] : undefined;
}

/** The first postal address in the words: a street line, else a postcode. */
export function addressIn(text: string): { kind: "address" | "postcode"; text: string } | undefined {
  const street = streetIn(text);
  if (street) return { kind: "address", text: street };
  const postcode = postcodeIn(text);
  return postcode === undefined ? undefined : { kind: "postcode", text: postcode };
}
