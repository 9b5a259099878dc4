/**
 * A postal address typed into free text (src/domain/contact-text.ts reads it with the phone numbers
 * and emails): a UK postcode ("SW1A 1AA", "M1 1AE", "DN55 1PT") or a street line, a house number
 * before a street's name and its kind ("12 Acacia Avenue", "Flat 3, 45 High Street"). Only clear
 * address shapes: what a kennel writes is none ("Kennel 12", "Run B3", "room 4A", "2 tablets",
 * "1.5 ml", "08:30", "7am", "B12 5 mg", "give 1 with food", "walk around the block", a booking's
 * reference, a microchip), nor a street named without a number ("lives on Main Street farm").
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
  if (/^[a-z]+$/i.test(kind) && kind.length <= 3 && !KINDS.split("|").includes(kind.toLowerCase())) {
    // A short form is a street's only as written ("St", "Rd"), with no name after it ("Dr Patel", "St Bernard").
    if (!SHORT.has(kind) || !named) return false;
    if (/^\.?[ \t]+\p{Lu}/u.test(text.slice(m.index + m[0].length))) return false;
  }
  return true;
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
