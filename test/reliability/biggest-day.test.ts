/**
 * The biggest day, whole (issue 47): over the sandbox's biggest house (its 150-pet day, with the
 * awkward cases) and a house of 300 pets with every care field filled (`& < >` and mentions in the
 * text: test/helpers/full-care.ts), every surface that shows a pet shows each of its drugs, allergies,
 * notes that carry danger and fasting lines whole, as the API gave them: the round posts and their
 * threads, the plans post, /arrivals, /departures, /inhouse and their pages, Home and its lists,
 * /pet, /booking, the welfare post, the late and missed replies. No text ends inside a word, every
 * message keeps Block Kit's limits, and every capped list says how many it left and where they are.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { houseReport } from "../../src/answers/house.ts";
import { roundDoses } from "../../src/answers/obligations.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { loadSheet } from "../../src/answers/sheets.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import type { Message } from "../../src/blocks/types.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { composePost } from "../../src/digest/compose.ts";
import { alertMessages } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert } from "../../src/digest/dose-alert-records.ts";
import type { PostKind } from "../../src/digest/posts.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import type { Round } from "../../src/domain/care.ts";
import { alertsAt } from "../../src/domain/dose-alerts.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import {
  asNeededList,
  bookingCard,
  dayMessages,
  houseBoard,
  offFoodList,
  petCardById,
  tomorrowList,
} from "../../src/listeners/replies.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import type { SandboxData } from "../../src/sandbox/types.ts";
import { localDate } from "../../src/time.ts";
import { fullCareHouse } from "../helpers/full-care.ts";
import { scratchRecord } from "../helpers/record.ts";
import {
  broken,
  cutMidWord,
  houseWords,
  missing,
  normal,
  type PetFacts,
  petFacts,
  type Shows,
  seen,
  texts,
} from "../helpers/whole-care.ts";

const TZ = "Europe/London";
const TODAY = "2026-11-22";
const ROUNDS: Round[] = ["morning", "midday", "evening"];
/**
 * Words of the bot's own that end before a "…" (a button that opens a form: "✏️ Record each…", "💊 Give
 * if needed…", "📋 Confirm…", "📋 Answer 2 questions…").
 */
const OWN = new Set(["each", "needed", "plan", "edit", "items", "confirm", "question", "questions", "paper"]);

interface House {
  name: string;
  data: () => SandboxData;
  /** The day to look at: the house's biggest. */
  day: (data: SandboxData) => string;
}

const HOUSES: House[] = [
  {
    name: "the sandbox's biggest house (its 150-pet day, the awkward cases)",
    data: () => {
      throw new Error("made by the sandbox");
    },
    day: (d) => d.fullHouseDay,
  },
  {
    name: "300 pets, every care field filled",
    data: () => fullCareHouse({ today: TODAY, timezone: TZ }),
    day: () => TODAY,
  },
];

/** A surface: what it answered, and which pets it shows with which facts. */
interface Surface {
  messages: Message[];
  pets: PetFacts[];
  shows: Shows;
}

describe.each(HOUSES)("the biggest day, whole: $name", (house) => {
  let sandbox: Sandbox;
  let store: CareRecordStore;
  let deps: Deps;
  let day: string;
  let now = Date.now();
  let words: Set<string>;
  const facts = new Map<number, PetFacts>();
  const of = (ids: Iterable<number | undefined>) =>
    [...new Set(ids)].flatMap((id) => (id !== undefined && facts.has(id) ? [facts.get(id) as PetFacts] : []));
  const surfaces = new Map<string, Surface>();
  /** Each round's post: the sheet it kept (none when it could not be kept) and its pets with something due. */
  const kept = new Map<
    Round,
    { sheet: number | undefined; pets: string[]; post: { parent: Message; replies: Message[] } }
  >();
  const add = (name: string, messages: Message[], pets: PetFacts[], shows: Shows) =>
    surfaces.set(name, { messages, pets, shows });
  const at = (time: string) => {
    now = Date.parse(`${day}T${time}:00Z`);
  };

  beforeAll(async () => {
    sandbox = await startSandbox(
      house.name.startsWith("300")
        ? { data: house.data() }
        : { seed: 21, customers: 150, today: TODAY, timezone: TZ, awkward: true },
    );
    day = house.day(sandbox.data);
    at("09:00");
    const config = loadConfig({
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: sandbox.url,
      KENNEL_TIMEZONE: TZ,
      KENNEL_API_TIMEOUT_MS: "20000",
    });
    const log = silentLogger();
    const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
      log,
      retryDelay: () => 5,
    });
    const clock = { now: () => new Date(now) };
    store = scratchRecord(clock);
    deps = { kennel, log, config, clock, record: store };
    for (const raw of sandbox.main.pets) {
      const f = petFacts(raw);
      facts.set(f.petId, f);
    }
    words = houseWords(sandbox.main);

    // The round posts and their threads, and the plans post after each.
    for (const round of ROUNDS) {
      const r = await roundReport(deps, round, day);
      const post = await prepareRoundPost(deps, round, day);
      const sheet = post.payload?.sheet as number | undefined;
      const pets = sheet ? ((await loadSheet(deps, sheet))?.pets ?? []) : [];
      // Its pets with a dose or meal due (one printed only to give if needed has that button instead).
      const due = pets.filter((p) => p.due.length > 0);
      kept.set(round, { sheet, pets: due.map((p) => `${p.bookingId}-${p.petId}`), post });
      add(
        `the ${round} round post`,
        [post.parent, ...post.replies],
        of(r.pets.map((p) => p.pet?.pet.petId)),
        round,
      );
      const plans = await composePost(deps, `plans:${round}` as PostKind, day);
      add(`the ${round} plans post`, [plans.parent, ...plans.replies], [], "name");
    }
    // /arrivals and /departures, every page.
    for (const kind of ["arrivals", "departures"] as const) {
      const whole = await dayReport(deps, kind, day, { wholeDay: true });
      const pages = (await dayReport(deps, kind, day)).pages;
      const messages: Message[] = [];
      for (let p = 1; p <= pages; p++)
        messages.push(...((await dayMessages(deps, kind, day, p)) as Message[]));
      const pets = of(whole.entries.flatMap((e) => e.care?.pets.map((c) => c.pet.petId) ?? []));
      add(`/${kind}`, messages, pets, kind === "arrivals" ? "list" : "going-home");
    }
    // /inhouse, every page; /pet and /booking for everyone in house.
    const inHouse = await houseReport(deps, day, { wholeDay: true });
    const board: Message[] = [];
    for (let p = 1; p <= (await houseReport(deps, day)).pages; p++)
      board.push(...((await houseBoard(deps, day, p)) as Message[]));
    const housed = of(inHouse.entries.flatMap((e) => e.care?.pets.map((c) => c.pet.petId) ?? []));
    add("/inhouse", board, housed, "list");
    const cards: Message[] = [];
    for (const p of housed) cards.push(...(await petCardById(deps, p.petId)));
    add("/pet", cards, housed, "card");
    const bookings: Message[] = [];
    for (const e of inHouse.entries)
      if (e.booking.reference) bookings.push(...(await bookingCard(deps, e.booking.reference)));
    add("/booking", bookings, housed, "card");
    // The welfare post.
    at("18:30");
    const welfare = await composePost(deps, "welfare:evening", day);
    const evening = await roundReport(deps, "evening", day);
    add(
      "the welfare post",
      [welfare.parent, ...welfare.replies],
      of(evening.pets.map((p) => p.pet?.pet.petId)),
      "name",
    );
    // The late and missed replies: the evening round late at 19:00, every round missed by 21:00.
    for (const time of ["19:00", "21:00"]) {
      at(time);
      for (const round of ROUNDS) {
        const doses = await roundDoses(deps, round, day);
        const alerts = alertsAt(day, round, doses, new Date(now).toISOString(), {
          today: day,
          localDate: (iso) => localDate(iso, TZ),
        });
        for (const a of alerts.filter((x) => x.kind !== "nudge")) {
          const { claim } = await claimAlert(store, a, 1, new Date(now).toISOString());
          const messages = alertMessages(deps, claim, day, []);
          // The pets it names (meals past its room counted: "and N more pets with a meal not recorded").
          const view = seen(messages);
          const named = a.doses.filter((d) =>
            view.includes(normal(`• ${d.petName}${d.room ? ` (${d.room})` : ""}:`)),
          );
          add(`the ${a.kind} reply, ${round} at ${time}`, messages, of(named.map((d) => d.petId)), "name");
          const left = new Set(a.doses.map((d) => d.petId)).size - new Set(named.map((d) => d.petId)).size;
          if (left > 0) expect(view).toMatch(/and \d+ more pets? with a meal not recorded: /);
          // Never a dose behind "and N more": every pet with a dose is named, whatever the count.
          const dosed = a.doses.filter((d) => d.due.item !== "meal");
          expect(dosed.filter((d) => !named.includes(d)).map((d) => d.petName)).toEqual([]);
          // Each pet named has each of its items whole: a drug with its strength and amount.
          const cut = named.filter((d) => d.due.item !== "meal" && !view.includes(normal(d.due.text)));
          add(
            `the ${a.kind} reply's items, ${round} at ${time}`,
            [],
            cut.map((d) => ({ ...(facts.get(d.petId) as PetFacts), name: d.due.text })),
            "name",
          );
        }
      }
    }
    // Home and its lists, in the morning.
    at("09:00");
    const overview = await todayOverview(deps);
    const home = homeBlocks(overview, TZ);
    // A view of up to 100 blocks: each block within its limits, its buttons' ids unique in it.
    expect(home.length).toBeLessThanOrEqual(100);
    // Every high-alert dose late or missed named on Home, whole, never behind "and N more".
    const urgent = (overview.record?.doses?.named ?? []).filter(
      (o) => o.highAlert && (o.state === "late" || o.state === "missed"),
    );
    expect(urgent.length).toBeGreaterThan(0);
    const homeView = seen([{ blocks: home }]);
    const hidden = urgent.filter(
      (o) => !homeView.includes(normal(`${o.petName}${o.room ? ` (${o.room})` : ""} 💉 ${o.label}`)),
    );
    expect(hidden.map((o) => `${o.petName}: ${o.label}`)).toEqual([]);
    add(
      "Home",
      home.map((b) => ({ text: "Home", blocks: [b] })),
      [],
      "name",
    );
    add("Home's tomorrow list", [(await tomorrowList(deps)).parent], [], "name");
    add("Home's off-food list", await offFoodList(deps, day), [], "name");
    add("Home's give-if-needed list", await asNeededList(deps), [], "name");
  }, 600_000);

  afterAll(async () => {
    await store?.close();
    await sandbox?.close();
  });

  it("every drug, allergy, danger note and fast appears whole on every surface that shows the pet", () => {
    const gaps = [...surfaces].flatMap(([name, s]) =>
      name.includes("reply's items")
        ? s.pets.map((p) => `${name}: ${p.name.slice(0, 120)}`)
        : missing(seen(s.messages), s.pets, s.shows).map((m) => `${name}: ${m}`),
    );
    expect(gaps.slice(0, 20)).toEqual([]);
    // The check has something to check: every pet in house on each list, each round with its pets.
    expect(surfaces.get("/inhouse")?.pets.length).toBeGreaterThan(140);
    expect(surfaces.get("the morning round post")?.pets.length).toBeGreaterThan(140);
  });

  it("every round is kept and posted with its buttons: a sheet longer than one record is kept in parts", async () => {
    // The 300-pet house's sheets are each longer than one record (1.1–1.6 million characters).
    if (house.name.startsWith("300"))
      expect((await store.log({ kind: "sheet_part", date: day })).length).toBeGreaterThanOrEqual(3);
    for (const [round, k] of kept) {
      expect(k.sheet, `the ${round} round's sheet kept`).toEqual(expect.any(Number));
      const shown = JSON.stringify([k.post.parent, ...k.post.replies]);
      expect(shown).not.toContain("could not be used");
      // Every pet of the kept sheet with something due has its "Record each" button.
      const buttons = new Set([...shown.matchAll(/"action_id":"rec_each:([^"]+)"/g)].map((m) => m[1]));
      expect(k.pets.length).toBeGreaterThan(0);
      expect(k.pets.filter((p) => !buttons.has(p))).toEqual([]);
    }
  });

  it("no text ends inside a word", () => {
    const cut = [...surfaces].flatMap(([name, s]) =>
      cutMidWord(texts(s.messages), words, OWN).map((t) => `${name}: ${t}`),
    );
    expect(cut.slice(0, 20)).toEqual([]);
  });

  it("every message within Block Kit's limits", () => {
    const bad = [...surfaces].flatMap(([name, s]) => broken(s.messages).map((b) => `${name}: ${b}`));
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it("Home's fasting list names each fasting pet whole, or says how many more and where", async () => {
    const t = await todayOverview(deps);
    const fasting = t.fasting ?? [];
    expect(fasting.length).toBeGreaterThan(0);
    const view = seen(surfaces.get("Home")?.messages ?? []);
    const shown = fasting.filter((f) => view.includes(normal(f)));
    expect(shown.length).toBeGreaterThan(0);
    if (shown.length < fasting.length)
      expect(view).toContain(`and ${fasting.length - shown.length} more fasting pet`);
    expect(view).not.toMatch(/\d+ mores\b/);
  });
});
