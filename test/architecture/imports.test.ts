/**
 * The tree reads simply from its imports: they point down (surfaces → answers → domain → kennel),
 * renderers never import each other, and no import goes round in a circle; the domain reads no
 * settings, renderers take only types from the answers, serializers take their values from the
 * documents (src/present/), and surfaces fetch only through the answers. Read from src/**\/*.ts with
 * regular expressions (graph.ts); the synthetic graphs below show the checks can fail.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type Area,
  findCycles,
  forbiddenImports,
  type Graph,
  importSpecifiers,
  importsOutside,
  inArea,
  type Rule,
  reachable,
  readGraph,
  staticImportSpecifiers,
  tsFiles,
  valueImportSpecifiers,
} from "./graph.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

// An area is a folder ("src/mcp/") or a module that may later become a folder ("src/cli": cli.ts, cli/…).
const SURFACES: Area[] = [
  "src/listeners/",
  "src/cli",
  "src/mcp/",
  "src/digest/",
  "src/preview/",
  "src/app",
  "src/main",
  "src/bot-main",
  "src/preview-main",
];
const RENDERERS: Area[] = ["src/blocks/", "src/text/"];

/** The forbidden edges: modules in `from` never import any of `never`. */
const RULES: Rule[] = [
  {
    from: "src/kennel/",
    never: ["src/domain/", "src/answers/", ...RENDERERS, ...SURFACES, "src/sandbox/"],
    why: "the kennel API client is the bottom layer: it knows no rule, answer, renderer or surface",
  },
  {
    from: "src/record/",
    never: ["src/answers/", ...RENDERERS, ...SURFACES, "src/kennel/", "src/sandbox/"],
    why: "the care record's store is a bottom layer beside the kennel client: it knows no answer, renderer or surface",
  },
  {
    from: "src/domain/",
    never: ["src/answers/", "src/config", ...RENDERERS, ...SURFACES],
    why: "the kennel's rules are plain data and functions: no Slack, no terminal, no surface, no settings (passed in)",
  },
  {
    from: "src/answers/",
    never: [...RENDERERS, ...SURFACES],
    why: "answers are typed data; the renderers turn them into Block Kit or text",
  },
  {
    from: "src/blocks/",
    never: ["src/text/", ...SURFACES],
    why: "Block Kit is one renderer of the answers: it imports the domain, never another renderer",
  },
  {
    from: "src/text/",
    never: ["src/blocks/", ...SURFACES],
    why: "plain text is one renderer of the answers: it imports the domain, never another renderer",
  },
  {
    from: "src/present/",
    never: [...RENDERERS, ...SURFACES, "src/kennel/client", "src/record/sqlite", "src/record/postgres"],
    why: "an answer's document is built once from its data, for every serializer: it knows neither Block Kit nor text, nor any surface",
  },
  {
    from: "src/words/",
    never: ["src/answers/", "src/present/", ...RENDERERS, ...SURFACES],
    why: "the shared wording is plain text from the domain's data: every renderer uses it, it uses none",
  },
  {
    from: "src/cli",
    never: ["src/blocks/", "src/listeners/", "src/app"],
    why: "the terminal prints the text renderer's output; it never reads Block Kit nor loads the Slack app",
  },
  {
    from: "src/mcp/",
    never: ["src/blocks/", "src/listeners/", "src/cli", "src/digest/", "src/preview/", "src/app", "src/main"],
    // Slack's assistant draws the Block Kit a tool returns (issue 33, item 6): the connector gives it
    // the same document's card, through the one door made for it (src/blocks/card.ts: the document
    // serializer without buttons, within one message). It never builds its text from Block Kit, nor
    // reaches a Slack message with the app's buttons, which only the bot's listeners can answer.
    allow: ["src/blocks/card"],
    why: "the connector renders with the text renderer and JSON; its cards only through src/blocks/card.ts, never Slack's messages",
  },
];

/** Rules on value imports only (`import type` is fine): what a module may run, not the types it names. */
const VALUE_RULES: Rule[] = [
  ...["src/blocks/", "src/text/", "src/words/", "src/present/"].map((from) => ({
    from,
    never: ["src/answers/"],
    why: "renderers are pure functions of an answer's data: they take its types, never run an answer's code",
  })),
];

/**
 * Where a source calls the kennel API client (`deps.kennel.getBooking(…)`, `kennel.checkStatus()`):
 * the method names. Not `config.kennel` (the settings) nor `createKennelClient(…)`.
 */
function apiClientCalls(source: string): string[] {
  return [...source.matchAll(/(?<![\w$]|config\.|settings\.)kennel\s*\??\.\s*(\w+)\s*\(/g)].map(
    (m) => m[1] as string,
  );
}

/**
 * Edges that break a rule on today's tree and are being removed (issue 11 moves the rules out of
 * src/blocks/ and makes the answers data). Each must still occur: once the last such import is gone
 * the test says so, and the line is deleted, so the list only shrinks.
 */
const KNOWN_TODAY: { from: Area; to: Area }[] = [];

/** The serializers: they take documents (src/present/) and draw them; the values they run are a document's. */
const SERIALIZERS: Area[] = ["src/blocks/", "src/text/"];

/**
 * Values the serializers still take from outside src/present/ (issue 33: "blocks/ and text/ take
 * values only from present/"; types from anywhere are fine). Each with why it is still there; each
 * must still occur (the test says when one is gone, and its line is deleted), so the list only shrinks.
 */
const KNOWN_SERIALIZER_VALUES: { edge: string; why: string }[] = [
  {
    edge: "src/text/record.ts → src/domain/text.ts",
    why: "the CSV and JSON exports are file formats of the entries, not documents: cleaned with the one rule",
  },
  {
    edge: "src/blocks/buttons.ts → src/time.ts",
    why: "a button's value is checked (a real calendar date) where it is decoded, at Slack's boundary",
  },
  {
    edge: "src/blocks/buttons.ts → src/record/items.ts",
    why: "a button's value is checked (an item the record knows: a plan item's ✏️ Edit…) where it is decoded, at Slack's boundary",
  },
  ...["src/blocks/day-list.ts", "src/text/day.ts", "src/blocks/digest.ts"].map((from) => ({
    edge: `${from} → src/words/day.ts`,
    why: "the raw JSON answer (KENNEL_RAW_RESPONSES=1) and the 07:00 post's parts are titled here, not by a document",
  })),
  {
    edge: "src/blocks/digest.ts → src/words/dates.ts",
    why: "the 07:00 post's headings are still made in blocks/ (the post is several documents and its thread)",
  },
  {
    edge: "src/text/day.ts → src/domain/day.ts",
    why: "a reference cut to the day list's cap (referenceOf) for the customer's bookings in the terminal",
  },
  ...["src/domain/plan/state.ts", "src/domain/text.ts", "src/words/plan.ts"].map((to) => ({
    edge: `src/text/plan-record.ts → ${to}`,
    why: "the CSV and JSON exports' care plan rows are a file format of the records, not a document (as src/text/record.ts)",
  })),
  ...["src/domain/text.ts", "src/domain/welfare.ts", "src/words/welfare.ts"].map((to) => ({
    edge: `src/text/welfare-record.ts → ${to}`,
    why: "the CSV and JSON exports' welfare rows are a file format of the records, not a document (as src/text/record.ts)",
  })),
];

const { graph, unresolved } = readGraph(ROOT, tsFiles(ROOT, "src"));
const values = readGraph(ROOT, tsFiles(ROOT, "src"), valueImportSpecifiers).graph;

function isKnownBy(edge: string, known: { from: Area; to: Area }): boolean {
  const [from, to] = edge.split(" → ") as [string, string];
  return inArea(from, known.from) && inArea(to, known.to);
}

describe("imports in src/", () => {
  it("are all read: every relative import names a file", () => {
    expect(graph.size).toBeGreaterThan(40);
    expect(unresolved).toEqual([]);
  });

  it("never go round in a circle", () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it("point down and never from one renderer into another", () => {
    const broken = forbiddenImports(graph, RULES).filter(
      (edge) => !KNOWN_TODAY.some((k) => isKnownBy(edge, k)),
    );
    const why = broken.map((edge) => {
      const rule = RULES.find((r) => inArea(edge.split(" → ")[0] as string, r.from));
      return `${edge}: ${rule?.why}`;
    });
    expect(why).toEqual([]);
  });

  it("renderers take only types from the answers (no answer's code runs in a renderer)", () => {
    const broken = forbiddenImports(values, VALUE_RULES);
    expect(broken.map((edge) => `${edge}: ${VALUE_RULES[0]?.why}`)).toEqual([]);
  });

  it("serializers take values only from src/present/ (types from anywhere): the known exceptions and no more", () => {
    const known = new Set(KNOWN_SERIALIZER_VALUES.map((k) => k.edge));
    const outside = importsOutside(values, SERIALIZERS, ["src/present/"]);
    expect(outside.filter((edge) => !known.has(edge))).toEqual([]);
    // The list only shrinks: each exception still occurs (delete its line once it is gone).
    expect([...known].filter((edge) => !outside.includes(edge))).toEqual([]);
    expect(KNOWN_SERIALIZER_VALUES.every((k) => k.why.length > 20)).toBe(true);
  });

  it("surfaces never call the kennel API client: they fetch through the answers", () => {
    const calls = [...graph.keys()]
      .filter((file) => SURFACES.some((area) => inArea(file, area)))
      .flatMap((file) =>
        apiClientCalls(readFileSync(`${ROOT}${file}`, "utf8")).map((method) => `${file}: kennel.${method}()`),
      );
    expect(calls).toEqual([]);
  });

  it("the known exceptions still occur (delete each one as soon as it is gone)", () => {
    const all = forbiddenImports(graph, RULES);
    const stale = KNOWN_TODAY.filter((k) => !all.some((edge) => isKnownBy(edge, k)));
    expect(stale).toEqual([]);
  });
});

describe("what the bot loads when it starts", () => {
  // The bot's own start (src/main.ts loads src/bot-main.ts once the Node version is checked): the
  // modules loaded with it, static imports only (an `import()` loads at the point of use).
  const loaded = reachable(
    readGraph(ROOT, tsFiles(ROOT, "src"), staticImportSpecifiers).graph,
    "src/bot-main.ts",
  );

  it("is the bot alone: no preview, sandbox, connector or command line, and no PostgreSQL engine on SQLite", () => {
    expect(loaded.has("src/app.ts")).toBe(true);
    const never = ["src/preview/", "src/sandbox/", "src/mcp/", "src/cli", "src/record/postgres"];
    expect([...loaded].filter((m) => never.some((area) => inArea(m, area))).sort()).toEqual([]);
  });

  it("leaves the rarer taps and forms to their first event (src/listeners/actions/rare.ts): the chart, paper, custody, plans, as-needed doses, the review, welfare", () => {
    expect(loaded.has("src/listeners/actions/index.ts")).toBe(true);
    const rare = [
      "src/listeners/actions/rare.ts",
      "src/listeners/actions/chart.ts",
      "src/listeners/actions/paper.ts",
      "src/listeners/actions/custody.ts",
      "src/listeners/actions/custody-forms.ts",
      "src/listeners/actions/plan.ts",
      "src/listeners/actions/prn-give.ts",
      "src/listeners/actions/review.ts",
      "src/listeners/actions/welfare-tap.ts",
      "src/text/chart-html.ts",
    ];
    expect(rare.filter((m) => loaded.has(m))).toEqual([]);
  });

  it("loads neither the MCP SDK nor pg: each only where it is used", () => {
    const packages = [...loaded].flatMap((m) =>
      staticImportSpecifiers(readFileSync(`${ROOT}${m}`, "utf8"))
        .filter((spec) => /^(pg|@modelcontextprotocol\/.*)$/.test(spec))
        .map((spec) => `${m} → ${spec}`),
    );
    expect(packages).toEqual([]);
  });
});

/** The most lines a source file has (docs/development.md, the brief): past it, split it by concern. */
const MAX_LINES = 350;
/** Files still over it, each with why; each must still be over (the list only shrinks). */
const KNOWN_LONG: { file: string; why: string }[] = [
  {
    file: "src/preview/assets/setup.js",
    why: "the setup page's one script (no modules in the page); the setup page is being reworked now",
  },
];

describe("source files", () => {
  const sources = readdirSync(`${ROOT}src`, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|js)$/.test(e.name))
    .map((e) => `${e.parentPath.slice(ROOT.length)}/${e.name}`);
  const lines = (file: string) => readFileSync(`${ROOT}${file}`, "utf8").split("\n").length - 1;

  it(`stay within ${MAX_LINES} lines, but for the known exceptions, which are still over it`, () => {
    expect(sources.length).toBeGreaterThan(100);
    const known = new Set(KNOWN_LONG.map((k) => k.file));
    const long = sources.filter((f) => lines(f) > MAX_LINES);
    expect(long.filter((f) => !known.has(f)).map((f) => `${f}: ${lines(f)} lines`)).toEqual([]);
    expect([...known].filter((f) => !long.includes(f))).toEqual([]);
  });
});

describe("the checks themselves, on synthetic graphs", () => {
  const g = (edges: Record<string, string[]>): Graph =>
    new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

  it("find a cycle of three, a module importing itself, and none in a tree", () => {
    expect(findCycles(g({ "a.ts": ["b.ts"], "b.ts": ["c.ts"], "c.ts": ["a.ts"], "d.ts": ["a.ts"] }))).toEqual(
      [["a.ts", "b.ts", "c.ts", "a.ts"]],
    );
    expect(findCycles(g({ "a.ts": ["a.ts"] }))).toEqual([["a.ts", "a.ts"]]);
    expect(findCycles(g({ "a.ts": ["b.ts", "c.ts"], "b.ts": ["c.ts"], "c.ts": [] }))).toEqual([]);
  });

  it("find two separate cycles, each once", () => {
    const cycles = findCycles(
      g({ "a.ts": ["b.ts"], "b.ts": ["a.ts"], "x.ts": ["y.ts"], "y.ts": ["x.ts", "a.ts"] }),
    );
    expect(cycles).toEqual([
      ["a.ts", "b.ts", "a.ts"],
      ["x.ts", "y.ts", "x.ts"],
    ]);
  });

  it("flag src/domain/ importing a surface or a renderer, and a renderer importing another", () => {
    const tree = g({
      "src/domain/day.ts": ["src/kennel/schemas.ts", "src/blocks/care.ts", "src/cli.ts", "src/cli/status.ts"],
      "src/text/day.ts": ["src/domain/day.ts", "src/blocks/types.ts"],
      "src/blocks/day.ts": ["src/domain/day.ts"],
      "src/mcp/tools/day.ts": ["src/text/day.ts", "src/domain/day.ts"],
      "src/client.ts": [],
    });
    expect(forbiddenImports(tree, RULES)).toEqual([
      "src/domain/day.ts → src/blocks/care.ts",
      "src/domain/day.ts → src/cli.ts",
      "src/domain/day.ts → src/cli/status.ts",
      "src/text/day.ts → src/blocks/types.ts",
    ]);
  });

  it("flag src/domain/ reading the settings, and a renderer running an answer's code (not its types)", () => {
    expect(
      forbiddenImports(
        g({ "src/domain/rounds.ts": ["src/config/parsers.ts", "src/config.ts", "src/domain/care.ts"] }),
        RULES,
      ),
    ).toEqual(["src/domain/rounds.ts → src/config.ts", "src/domain/rounds.ts → src/config/parsers.ts"]);
    expect(
      forbiddenImports(
        g({ "src/text/pet.ts": ["src/answers/records.ts"], "src/mcp/x.ts": ["src/answers/a.ts"] }),
        VALUE_RULES,
      ),
    ).toEqual(["src/text/pet.ts → src/answers/records.ts"]);
    const source = [
      'import type { PetView } from "../answers/records.ts";',
      'import { type BookingView, type PetSearch } from "../answers/kennel.ts";',
      'import { customerName, type CustomerView } from "../answers/customers.ts";',
      'import help, { type Help } from "../answers/help.ts";',
      'export type { DayReport } from "../answers/day.ts";',
      'export { dayReport } from "../answers/days.ts";',
    ].join("\n");
    expect(valueImportSpecifiers(source)).toEqual([
      "../answers/customers.ts",
      "../answers/help.ts",
      "../answers/days.ts",
    ]);
  });

  it("let the connector through its one door to Block Kit, and no other", () => {
    const tree = g({ "src/mcp/tool.ts": ["src/blocks/card.ts", "src/blocks/booking.ts", "src/text/doc.ts"] });
    expect(forbiddenImports(tree, RULES)).toEqual(["src/mcp/tool.ts → src/blocks/booking.ts"]);
  });

  it("find a serializer's value taken from outside the documents, not from its own folder nor present/", () => {
    const tree = g({
      "src/text/pet.ts": [
        "src/present/doc.ts",
        "src/text/style.ts",
        "src/words/care.ts",
        "src/domain/text.ts",
      ],
      "src/blocks/pet.ts": ["src/blocks/doc.ts", "src/text/doc.ts"],
      "src/present/pet.ts": ["src/words/care.ts"],
    });
    expect(importsOutside(tree, SERIALIZERS, ["src/present/"])).toEqual([
      "src/blocks/pet.ts → src/text/doc.ts",
      "src/text/pet.ts → src/domain/text.ts",
      "src/text/pet.ts → src/words/care.ts",
    ]);
  });

  it("find a surface's calls of the API client, not the settings' kennel nor making a client", () => {
    const source = [
      "const b = (await deps.kennel.getBooking(s.b)).data;",
      "void kennel.checkStatus().then(() => 1);",
      "for await (const p of deps.kennel?.iterateCustomerBookings(id)) {}",
      "const url = config.kennel?.baseUrl.href;",
      "const s = requireKennel(ctx.config, env); settings.kennel.timeoutMs;",
      "const k = createKennelClient(settings, { log });",
      "const answer = await bookingAnswer(deps, ref);",
    ].join("\n");
    expect(apiClientCalls(source)).toEqual(["getBooking", "checkStatus", "iterateCustomerBookings"]);
  });

  it("areas: a module and its folder, but not a longer name", () => {
    expect(inArea("src/cli.ts", "src/cli")).toBe(true);
    expect(inArea("src/cli/index.ts", "src/cli")).toBe(true);
    expect(inArea("src/client.ts", "src/cli")).toBe(false);
    expect(inArea("src/mcp/server.ts", "src/mcp/")).toBe(true);
    expect(inArea("src/mcp.ts", "src/mcp/")).toBe(false);
  });

  it("read every form of import, and not one shown in a comment", () => {
    const source = [
      "/**",
      ' * import { shown } from "./in-a-comment.ts";',
      " */",
      'import { a } from "./a.ts";',
      'import type { B } from "../b.ts";',
      "import {",
      "  c,",
      "  type C,",
      '} from "./c.ts";',
      'import * as d from "./d.ts";',
      'import e, { f } from "./e.ts";',
      'export { g } from "./g.ts";',
      'export * from "./h.ts";',
      'export type { I } from "./i.ts";',
      'import "./side-effect.ts";',
      'const lazy = await import("./lazy.ts");',
      'const text = "imports from \\"./not-a-module.ts\\"";',
      "export const from = 1;",
      'import { z } from "zod";',
    ].join("\n");
    expect(importSpecifiers(source).sort()).toEqual(
      [
        "./a.ts",
        "../b.ts",
        "./c.ts",
        "./d.ts",
        "./e.ts",
        "./g.ts",
        "./h.ts",
        "./i.ts",
        "./side-effect.ts",
        "./lazy.ts",
        "zod",
      ].sort(),
    );
  });
});
