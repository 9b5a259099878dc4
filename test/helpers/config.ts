/** The settings refused, for tests of src/config.ts: what loadConfig says is wrong with `env`. */
import { expect } from "vitest";
import { ConfigError, type ConfigProblem, loadConfig } from "../../src/config.ts";

/** Every problem loadConfig finds in `env` (it must refuse them, with a ConfigError). */
export function problems(env: Record<string, string>): ConfigProblem[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected the settings to be refused");
}
