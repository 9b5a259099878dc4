import { describe, expect, it } from "vitest";
import { ConfigError, hostTimeZone, isLoopbackHost, loadConfig, requireKennel } from "../src/config.ts";

const valid = { KENNEL_API_KEY: "key-123456", KENNEL_API_BASE_URL: "https://api.example.com/api/v1" };

function problems(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected the settings to be refused");
}

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
    expect(config.kennel?.rawResponses).toBe(true);
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
