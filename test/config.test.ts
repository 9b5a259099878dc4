import { describe, expect, it } from "vitest";
import {
  ConfigError,
  hostTimeZone,
  isLoopbackHost,
  isValidTimeZone,
  loadConfig,
  requireKennel,
  secretValues,
  timezoneNotice,
} from "../src/config.ts";
import { problems } from "./helpers/config.ts";

const valid = { KENNEL_API_KEY: "key-123456", KENNEL_API_BASE_URL: "https://api.example.com/api/v1" };

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config.kennel).toBeUndefined();
    expect(config.rawResponses).toBe(false);
    expect(config.timezone).toBe(hostTimeZone());
    expect(config.logLevel).toBe("info");
  });

  it("reads a complete configuration", () => {
    const config = loadConfig({
      ...valid,
      KENNEL_API_BASE_URL: "https://api.example.com/api/v1/",
      KENNEL_API_TIMEOUT_MS: "5000",
      KENNEL_RAW_RESPONSES: "1",
      KENNEL_DEBUG: "1",
      KENNEL_TIMEZONE: "Europe/London",
      LOG_LEVEL: "debug",
    });
    expect(config.kennel?.apiKey).toBe("key-123456");
    expect(config.kennel?.baseUrl.href).toBe("https://api.example.com/api/v1");
    expect(config.kennel?.timeoutMs).toBe(5000);
    expect(config.rawResponses).toBe(true);
    expect(config.kennel?.debug).toBe(true);
    expect(config.timezone).toBe("Europe/London");
    expect(config.logLevel).toBe("debug");
  });

  it.each([" key-123456", "key-123456 ", "key-123456\n", "\tkey-123456"])(
    "refuses a padded key %j",
    (key) => {
      const [p] = problems({ ...valid, KENNEL_API_KEY: key });
      expect(p?.variable).toBe("KENNEL_API_KEY");
      expect(p?.problem).toMatch(/spaces or line breaks before or after/);
      expect(p?.fix).toMatch(/Remove the whitespace/);
      // The key itself is never echoed.
      expect(JSON.stringify(p)).not.toContain("key-123456");
    },
  );

  it.each([
    "http://api.example.com/api/v1",
    "http://10.0.0.5/api/v1",
    "http://128.0.0.1/api/v1",
    "http://localhost.example.com/api/v1",
  ])("refuses plain HTTP to a non-loopback address %s", (url) => {
    const [p] = problems({ ...valid, KENNEL_API_BASE_URL: url });
    expect(p?.variable).toBe("KENNEL_API_BASE_URL");
    expect(p?.problem).toMatch(/plain http:\/\/ is refused/);
  });

  it.each([
    "http://127.0.0.1:4010/api/v1",
    "http://127.9.8.7/api/v1",
    "http://localhost:4010/api/v1",
    "http://[::1]:4010/api/v1",
  ])("allows plain HTTP to loopback %s", (url) => {
    expect(loadConfig({ ...valid, KENNEL_API_BASE_URL: url }).kennel?.baseUrl.protocol).toBe("http:");
  });

  it("refuses an address without the /api/v1 prefix, with credentials, or that is not a URL", () => {
    expect(problems({ ...valid, KENNEL_API_BASE_URL: "https://api.example.com" })[0]?.problem).toMatch(
      /\/api\/v1/,
    );
    expect(
      problems({ ...valid, KENNEL_API_BASE_URL: "https://u:p@api.example.com/api/v1" })[0]?.problem,
    ).toMatch(/user name or password/);
    expect(problems({ ...valid, KENNEL_API_BASE_URL: "api.example.com/api/v1" })[0]?.problem).toMatch(
      /not a web address/,
    );
    expect(problems({ ...valid, KENNEL_API_BASE_URL: "ftp://api.example.com/api/v1" })[0]?.problem).toMatch(
      /not HTTP/,
    );
  });

  it("requires the base URL whenever a key is set", () => {
    const [p] = problems({ KENNEL_API_KEY: "key-123456" });
    expect(p?.variable).toBe("KENNEL_API_BASE_URL");
    expect(p?.problem).toMatch(/required when KENNEL_API_KEY is set/);
  });

  it("refuses an unknown time zone", () => {
    const [p] = problems({ KENNEL_TIMEZONE: "Mars/Olympus_Mons" });
    expect(p?.variable).toBe("KENNEL_TIMEZONE");
    expect(p?.fix).toMatch(/Europe\/London/);
  });

  it("lists every problem at once", () => {
    const list = problems({
      KENNEL_API_KEY: " k ",
      KENNEL_API_BASE_URL: "http://example.com/api/v1",
      KENNEL_API_TIMEOUT_MS: "soon",
      KENNEL_DEBUG: "maybe",
      KENNEL_RAW_RESPONSES: "2",
      KENNEL_TIMEZONE: "Nowhere/Town",
      LOG_LEVEL: "loud",
    });
    expect(list.map((p) => p.variable).sort()).toEqual(
      [
        "KENNEL_API_BASE_URL",
        "KENNEL_API_KEY",
        "KENNEL_API_TIMEOUT_MS",
        "KENNEL_DEBUG",
        "KENNEL_RAW_RESPONSES",
        "KENNEL_TIMEZONE",
        "LOG_LEVEL",
      ].sort(),
    );
    const message = new ConfigError(list).message;
    expect(message).toMatch(/7 problems/);
  });

  it("DIGEST_SCHEDULE: on by default, off leaves the posts to an external scheduler (read in one place)", () => {
    expect(loadConfig({ ...valid, DIGEST_CHANNEL: "C0123ABCD" }).scheduledPosts).toBe(true);
    const off = loadConfig({ ...valid, DIGEST_CHANNEL: "C0123ABCD", DIGEST_SCHEDULE: "off" });
    expect(off.scheduledPosts).toBe(false);
    expect(off.digest).toEqual({ channel: "C0123ABCD", time: "07:00", kinds: ["departures"] });
  });

  it("requireKennel names what to set", () => {
    const config = loadConfig({});
    expect(() => requireKennel(config, {})).toThrow(
      /KENNEL_API_KEY: is not set[\s\S]*KENNEL_API_BASE_URL: is not set/,
    );
  });
});

describe("isLoopbackHost", () => {
  it("knows loopback from the rest", () => {
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("127.255.255.255")).toBe(true);
    expect(isLoopbackHost("[::1]")).toBe(true);
    expect(isLoopbackHost("LOCALHOST")).toBe(true);
    expect(isLoopbackHost("127.0.0.256")).toBe(false);
    expect(isLoopbackHost("127.0.0.1.nip.io")).toBe(false);
    expect(isLoopbackHost("192.168.1.1")).toBe(false);
  });
});

describe("quotes and inline comments in values", () => {
  const secrets: Record<string, string> = {
    KENNEL_API_KEY: "key-9a8b7c6d5e",
    SLACK_BOT_TOKEN: "xoxb-1111-2222-abcdef",
    SLACK_APP_TOKEN: "xapp-1-A111-2222-abcdef",
    SLACK_SIGNING_SECRET: "0123456789abcdef0123",
  };

  it.each(Object.keys(secrets))("refuses a quoted %s without ever printing it", (variable) => {
    const value = secrets[variable] as string;
    for (const quoted of [`"${value}"`, `'${value}'`, `"${value}`]) {
      const list = problems({ ...valid, [variable]: quoted });
      const p = list.find((x) => x.variable === variable);
      expect(p?.problem).toMatch(/wrapped in quotes/);
      expect(p?.fix).toMatch(/Remove the quotes/);
      expect(JSON.stringify(list)).not.toContain(value);
      expect(new ConfigError(list).message).not.toContain(value);
    }
  });

  it.each(Object.keys(secrets))(
    "refuses %s followed by an inline # comment without printing it",
    (variable) => {
      const value = secrets[variable] as string;
      const list = problems({ ...valid, [variable]: `${value} # from the admin page` });
      const p = list.find((x) => x.variable === variable);
      expect(p?.problem).toMatch(/inline comment/);
      expect(p?.fix).toMatch(/line of its own/);
      expect(JSON.stringify(list)).not.toContain(value);
    },
  );

  it.each([
    ["KENNEL_API_BASE_URL", '"https://api.example.com/api/v1"'],
    ["KENNEL_TIMEZONE", "'Europe/London'"],
    ["DIGEST_TIME", '"07:00"'],
    ["KENNEL_DEBUG", "1 # on for now"],
    ["PORT", "3000 # the default"],
    ["ROUNDS_TIMES", '"07:30,12:00,18:00"'],
  ])("refuses quotes or a comment in every other setting too: %s=%s", (variable, value) => {
    const [p] = problems({ ...valid, [variable]: value });
    expect(p?.variable).toBe(variable);
    expect(p?.problem).toMatch(/wrapped in quotes|inline comment/);
  });
});

describe("time zones: IANA Area/Location names and UTC only", () => {
  it.each([
    ["BST", /^BST is not a zone; for the UK use Europe\/London/],
    ["bst", /for the UK use Europe\/London/],
    ["IST", /Europe\/Dublin.*Asia\/Kolkata.*Asia\/Jerusalem/],
    ["EST", /America\/New_York/],
    ["CET", /Europe\/Paris/],
    ["PST", /America\/Los_Angeles/],
    ["GMT", /Europe\/London/],
  ])("refuses %s and names what it likely meant", (zone, meant) => {
    const [p] = problems({ KENNEL_TIMEZONE: zone });
    expect(p?.variable).toBe("KENNEL_TIMEZONE");
    expect(p?.problem).toMatch(meant);
  });

  it.each(["EST5EDT", "GB", "Etc/Unknown-Zone", "+01:00", "UTC+1"])("refuses %s", (zone) => {
    expect(problems({ KENNEL_TIMEZONE: zone })[0]?.variable).toBe("KENNEL_TIMEZONE");
    expect(isValidTimeZone(zone)).toBe(false);
  });

  it.each(["UTC", "Europe/London", "America/Argentina/Buenos_Aires", "Etc/GMT+5"])("accepts %s", (zone) => {
    expect(loadConfig({ KENNEL_TIMEZONE: zone }).timezone).toBe(zone);
    expect(isValidTimeZone(zone)).toBe(true);
  });

  it("says at start which zone is used when KENNEL_TIMEZONE is not set, and that Docker defaults to UTC", () => {
    const unset = loadConfig({});
    expect(unset.timezoneFromHost).toBe(true);
    expect(timezoneNotice(unset)).toMatch(new RegExp(`time zone, ${unset.timezone}\\.`));
    expect(timezoneNotice(unset)).toMatch(/In Docker that is UTC/);
    const set = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
    expect(set.timezoneFromHost).toBe(false);
    expect(timezoneNotice(set)).toBeUndefined();
  });
});

describe("the cache, concurrency, body size, rounds and tomorrow settings", () => {
  it("have their documented defaults", () => {
    const config = loadConfig(valid);
    expect(config.kennel).toMatchObject({
      cacheTtlSeconds: 300,
      concurrency: 6,
      maxResponseBytes: 20 * 1024 * 1024,
    });
    expect(config.rounds).toEqual({
      channel: undefined,
      times: { morning: "07:30", midday: "12:00", evening: "18:00" },
      houseMeals: { rounds: ["morning", "evening"] },
    });
    expect(config.tomorrowTime).toBeUndefined();
  });

  it("are read when set", () => {
    const config = loadConfig({
      ...valid,
      KENNEL_CACHE_TTL_S: "0",
      KENNEL_API_CONCURRENCY: "12",
      KENNEL_MAX_RESPONSE_MB: "5",
      ROUNDS_CHANNEL: "C0ROUNDS1",
      ROUNDS_TIMES: "7:00, 13:30,19:15",
      KENNEL_HOUSE_MEALS: "lunch, dinner",
      TOMORROW_TIME: "17:45",
      DIGEST_CHANNEL: "C0123ABCD",
    });
    expect(config.kennel).toMatchObject({
      cacheTtlSeconds: 0,
      concurrency: 12,
      maxResponseBytes: 5 * 1024 * 1024,
    });
    expect(config.rounds).toEqual({
      channel: "C0ROUNDS1",
      times: { morning: "07:00", midday: "13:30", evening: "19:15" },
      houseMeals: { rounds: ["midday", "evening"] },
    });
    expect(config.tomorrowTime).toBe("17:45");
    expect(loadConfig({ TOMORROW_TIME: "off" }).tomorrowTime).toBeUndefined();
  });

  it.each([
    ["KENNEL_CACHE_TTL_S", "-1"],
    ["KENNEL_CACHE_TTL_S", "five minutes"],
    ["KENNEL_API_CONCURRENCY", "0"],
    ["KENNEL_MAX_RESPONSE_MB", "2.5"],
    ["ROUNDS_CHANNEL", "#rounds"],
    ["ROUNDS_TIMES", "07:30,12:00"],
    ["ROUNDS_TIMES", "12:00,07:30,18:00"],
    ["ROUNDS_TIMES", "07:30,12:00,12:00"],
    ["ROUNDS_TIMES", "07:30,noon,18:00"],
    ["TOMORROW_TIME", "25:00"],
  ])("refuses %s=%s with what to write", (variable, value) => {
    const [p] = problems({ ...valid, [variable]: value });
    expect(p?.variable).toBe(variable);
    expect(p?.problem.length).toBeGreaterThan(0);
    expect(p?.fix.length).toBeGreaterThan(0);
  });
});

describe("the care record's settings: KENNEL_DATA_DIR and DATABASE_URL", () => {
  it("keeps the record in SQLite in ./data by default, in KENNEL_DATA_DIR when set, in PostgreSQL when DATABASE_URL is", () => {
    expect(loadConfig({}).record).toEqual({ engine: "sqlite", dataDir: "./data" });
    expect(loadConfig({ KENNEL_DATA_DIR: "/var/lib/kennel-desk" }).record).toEqual({
      engine: "sqlite",
      dataDir: "/var/lib/kennel-desk",
    });
    const record = loadConfig({ DATABASE_URL: "postgres://kd:s3cret-pw@db.internal:5433/kennel" }).record;
    expect(record.engine).toBe("postgres");
    expect(record.engine === "postgres" && record.url.host).toBe("db.internal:5433");
    expect(loadConfig({ DATABASE_URL: "postgresql://kd@localhost/kennel" }).record.engine).toBe("postgres");
  });

  it.each([
    ["mysql://kd:pw@db/kennel", "PostgreSQL"],
    ["postgres://kd:pw@db.internal:5432/", "names no database"],
    ["db.internal:5432/kennel", "not a PostgreSQL address"],
    ["localhost-kennel", "not an address"],
  ])("refuses DATABASE_URL=%s without ever showing it (it holds a password)", (value, words) => {
    const [p] = problems({ DATABASE_URL: value });
    expect(p?.variable).toBe("DATABASE_URL");
    expect(p?.problem).toContain(words);
    expect(`${p?.problem} ${p?.fix}`).not.toContain(value);
  });

  it("refuses a data folder with a control character, and scrubs DATABASE_URL and its password from the log", () => {
    expect(problems({ KENNEL_DATA_DIR: "data\u0007" })[0]?.variable).toBe("KENNEL_DATA_DIR");
    const env = { DATABASE_URL: "postgres://kd:s3cret%21pw@db/kennel" };
    expect(secretValues(env)).toEqual(expect.arrayContaining([env.DATABASE_URL, "s3cret!pw"]));
  });
});
