/**
 * The kennel's orders without the locale library (src/words/order.ts, issue 48) give the order the
 * collation gave before: checked against `Intl.Collator` with the same options on names, owners,
 * rooms and items of the kinds a kennel has, pair by pair and sorted. And the house list's sorters
 * load and sort with the collation, `localeCompare`, number formats and `toLocaleString` all gone.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  codeOrder,
  nameOrder,
  nameOrderBase,
  naturalOrder,
  naturalOrderBase,
} from "../../src/words/order.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The corpus, "|" between names (a name may hold spaces). */
const PETS = [
  "Biscuit|biscuit|Bella|Bella-Rose|Bella Rose|BellaRose|Max|max|Maxi|Mäx|Zoë|Zoe|zoe|ZOE|Zoë-Mae",
  "Zoe Mae|Chloé|Chloe|chloe|chloé|Chloë|Æsop|Aesop|aesop|Aeson|Afa|Øyvind|Oyvind|oyvind|Otto|Ørjan",
  "Łatka|Latka|Lady|Straße|Strasse|Strass|Stras|Renée|René|Rene|Renee|René-Paul|José|Jose|Josè|Björn",
  "Bjørn|Bjorn|Noël|Noel|Ñandú|Nandu|Çelik|Celik|François|Francois|Søren|Soren|Sören|D'Arcy|d'Arcy",
  "Darcy|D’Arcy|St. Bernard|St Bernard|Mr. Whiskers|Mr Whiskers|Mr-Whiskers|Pip|pip|Pippin|Pip 2|Pip 10",
  "Pip II|Rex|Rex Jr|Rex jr.|K9|K-9|Dog 1|Dog 01|Dog 10|Dog 2|Élise|Elise|elise|Éclair|Eclair|Ðoro|Doro",
  "Þór|Thor|Tor|Ian|Iona|Ina|Œdipus|Oedipus|Ådne|Adne|Ängel|Angel|Ångel",
]
  .join("|")
  .split("|");

const OWNERS = [
  "O'Brien|O’Brien|OBrien|Obrien|O'Neil|Oneil|Mary-Jane Smith|Mary Jane Smith|Maryjane Smith",
  "Mary-Jane smith|van der Berg|Van der Berg|Van Der Berg|Vanderberg|MacDonald|Macdonald|McDonald",
  "Mc Donald|Smith-Jones|Smith Jones|Smith|Smithers|smith|Nuñez|Núñez|Nunez|Müller|Mueller|Muller",
  "Ångström|Angstrom|Łukasz Nowak|Lukasz Nowak|Zoë Brown|Zoe Brown|Dr. Patel|Dr Patel|Patel",
  "Ms. Ó Súilleabháin|Ms O Suilleabhain|Jean-Luc Picard|Jean Luc Picard|Åsa Öberg|Asa Oberg",
  "Chloé Dubois|Chloe Dubois|chloe dubois|Siobhán Ní Bhriain|Siobhan Ni Bhriain|José García|Jose Garcia",
  "Anne-Marie|Annemarie|Anne Marie|  | |Lee|lee|Lée|Li|Ll",
]
  .join("|")
  .split("|");

const ROOMS = [
  "Run 1|Run 2|run 2|Run 02|Run 3|run 3|Run 10|Run 11|Run 12|Run 20|Run 100|Run 2A|Run 2a|Run 2B",
  "Run 10a|Kennel A1|Kennel A2|Kennel A10|Kennel a3|Kennel B1|Kennel 1|Kennel 10|Kennel 9|Cattery 1",
  "Cattery 10|Cattery 2|Suite 3B|Suite 3a|Suite 3|Block 2 Run 10|Block 10 Run 2|Block 2 Run 9",
  "Block 2-Run 9|Barn|barn|Barn 0|Barn 00|Isolation|Isolation 1|Paddock-North|Paddock North|Paddock",
  "Cabin 7|Cabin 7½|Cabin 70|Chalet Élan|Chalet Elan|Room 1.5|Room 1.10|Room 1-5|Room 15|R1|R10|R2",
  "Kennel 2b",
]
  .join("|")
  .split("|");

const ITEMS = ["med:1", "med:2", "med:3", "med:4", "med:5", "meal", "med:10", "med-2", "med 2"];

/** As the API may send them: a no-break space, an accent as a combining mark, a trailing space. */
const ODD = ["Run\u00a02", "Zoe\u0308", "Chloe\u0301 ", "Chloé ", "Bella\u00a0Rose"];

const CORPUS = ["", ...PETS, ...OWNERS, ...ROOMS, ...ITEMS, ...ODD];

const COLLATIONS = [
  { name: "nameOrder", mine: nameOrder, icu: new Intl.Collator("en") },
  { name: "nameOrderBase", mine: nameOrderBase, icu: new Intl.Collator("en", { sensitivity: "base" }) },
  { name: "naturalOrder", mine: naturalOrder, icu: new Intl.Collator("en", { numeric: true }) },
  {
    name: "naturalOrderBase",
    mine: naturalOrderBase,
    icu: new Intl.Collator("en", { numeric: true, sensitivity: "base" }),
  },
];

describe("the kennel's orders", () => {
  it("the corpus is of the size asked, without repeats", () => {
    expect(CORPUS.length).toBeGreaterThan(200);
    expect(new Set(CORPUS).size).toBe(CORPUS.length);
  });

  for (const { name, mine, icu } of COLLATIONS) {
    it(`${name} compares every pair of the corpus as the collation does`, () => {
      const differ: string[] = [];
      for (const a of CORPUS)
        for (const b of CORPUS)
          if (Math.sign(mine(a, b)) !== Math.sign(icu.compare(a, b)))
            differ.push(
              `${JSON.stringify(a)} vs ${JSON.stringify(b)}: ${mine(a, b)}, not ${icu.compare(a, b)}`,
            );
      expect(differ.slice(0, 20)).toEqual([]);
    });

    it(`${name} sorts the corpus as the collation does, forwards and backwards`, () => {
      for (const list of [CORPUS, [...CORPUS].reverse()])
        expect([...list].sort(mine)).toEqual([...list].sort(icu.compare));
    });
  }

  it("the natural orders read digits as numbers, the others as characters", () => {
    const rooms = ["Run 10", "Run 2", "run 3", "Run 1"];
    expect([...rooms].sort(naturalOrderBase)).toEqual(["Run 1", "Run 2", "run 3", "Run 10"]);
    expect([...rooms].sort(nameOrder)).toEqual(["Run 1", "Run 10", "Run 2", "run 3"]);
    expect(naturalOrderBase("Run 02", "run 2")).toBe(0);
    expect(naturalOrder("run 2", "Run 2")).toBeLessThan(0);
  });

  it("accents and case decide only between names otherwise alike", () => {
    expect(["Zoë", "zoe", "Zoe", "Zoey"].sort(nameOrder)).toEqual(["zoe", "Zoe", "Zoë", "Zoey"]);
    expect(["Øyvind", "Oyvind", "Ozzy"].sort(nameOrder)).toEqual(["Oyvind", "Øyvind", "Ozzy"]);
    expect(nameOrderBase("Chloé", "chloe")).toBe(0);
    expect(nameOrder("Chloé", "chloe")).toBeGreaterThan(0);
  });

  it("ISO dates, instants, times and padded keys in their characters' order, as localeCompare gave them", () => {
    const kinds = [
      ["2026-11-30", "2026-11-03", "2026-01-30", "2025-12-31", "2026-12-01", "2027-01-01"],
      [
        "2026-11-30T07:00:00.000Z",
        "2026-11-30T06:59:59.999Z",
        "2026-11-30T17:00:00.000Z",
        "2026-03-29T01:00:00.000Z",
      ],
      ["07:00", "17:30", "00:00", "23:59", "12:00", "07:30"],
      ["000120", "500000", "999999", "000000", "100000"],
      [
        "2026-03-29|0",
        "2026-03-29|2",
        "2026-03-28|1",
        "2026-11-30|0|0000000000000012",
        "2026-11-30|0|0000000000000002",
      ],
    ];
    for (const list of kinds)
      expect([...list].sort(codeOrder)).toEqual([...list].sort((a, b) => a.localeCompare(b)));
    expect(codeOrder("07:00", "07:00")).toBe(0);
  });
});

describe("the house list's order without the locale library", () => {
  it("loads and sorts the day's bookings with the collation, localeCompare and toLocaleString gone", () => {
    const script = `
      const gone = (what) => function () { throw new Error(what + " was used"); };
      Intl.Collator = gone("Intl.Collator");
      Intl.NumberFormat = gone("Intl.NumberFormat");
      String.prototype.localeCompare = gone("localeCompare");
      Number.prototype.toLocaleString = gone("toLocaleString");
      const { sortByRoom } = await import("./src/domain/house.ts");
      const { sortForDay } = await import("./src/domain/day.ts");
      const { nameOrder } = await import("./src/words/order.ts");
      const { thousands } = await import("./src/words/numbers.ts");
      const b = (bookingId, roomName, customerName, checkInDate) => ({ bookingId, roomName, customerName, checkInDate });
      const bookings = [
        b(1, "Run 10", "Zoë Brown", "2026-11-30T09:00:00Z"), b(2, "run 2", "O'Brien", "2026-11-30T08:00:00Z"),
        b(3, "Run 2", "Ångström", "2026-11-30T08:00:00Z"), b(4, undefined, "Chloé", "2026-11-30T10:00:00Z"),
        b(5, "Run 1", "chloe", "2026-11-30T08:00:00Z"),
      ];
      console.log(JSON.stringify({
        rooms: sortByRoom(bookings).map((x) => x.bookingId),
        arrivals: sortForDay("arrivals", bookings).map((x) => x.bookingId),
        names: ["Zoë", "zoe", "Æsop", "Aesop", "Adam"].sort(nameOrder),
        count: thousands(1500),
      }));
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.stderr).not.toContain("was used");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      rooms: [5, 3, 2, 1, 4],
      arrivals: [3, 5, 2, 1, 4],
      names: ["Adam", "Aesop", "Æsop", "zoe", "Zoë"],
      count: "1,500",
    });
  });
});

/**
 * Where the bot's code may still call the locale library's ordering or number words: a path rarely
 * taken (a raw answer cut short, shown only with KENNEL_RAW_RESPONSES=1). The preview's page scripts
 * (src/preview/assets/) run in the browser.
 */
const LOCALE_CALLS_KNOWN = ["src/blocks/raw.ts"];

describe("the locale library's ordering and number words in src/", () => {
  const LOCALE_CALL =
    /\.localeCompare\(|Intl\.Collator|Intl\.NumberFormat|\.toLocale(?:String|LowerCase|UpperCase)\(/;
  const code = (file: string) =>
    readFileSync(`${ROOT}${file}`, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");

  it("are called nowhere but on the known rare paths", () => {
    const files = readdirSync(`${ROOT}src`, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts"))
      .map((f) => `src/${f}`);
    expect(files.length).toBeGreaterThan(100);
    const calling = files.filter((f) => LOCALE_CALL.test(code(f)));
    expect(calling).toEqual(LOCALE_CALLS_KNOWN);
  });

  it("are found however the call is written, and not in comments", () => {
    const found = [
      "a.localeCompare(b)",
      "new Intl.Collator()",
      "n.toLocaleString('en-GB')",
      "s.toLocaleLowerCase()",
    ];
    expect(found.every((line) => LOCALE_CALL.test(line))).toBe(true);
    expect(LOCALE_CALL.test("a < b ? -1 : a > b ? 1 : 0; s.toLowerCase()")).toBe(false);
  });
});
