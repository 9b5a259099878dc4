/** The policy for errors nobody caught: an exception stops the process (exit 1), a rejection is logged. */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { installProcessGuards } from "../../src/process/guards.ts";
import { captureLogger } from "../helpers/log.ts";

describe("installProcessGuards", () => {
  it("an uncaught exception is logged as fatal with where it came from, then exit 1", () => {
    const proc = new EventEmitter();
    const { log, records } = captureLogger();
    const exits: number[] = [];
    installProcessGuards(proc as never, log, (code) => exits.push(code));
    proc.emit("uncaughtException", new Error("boom"), "uncaughtException");
    expect(exits).toEqual([1]);
    expect(records()[0]).toMatchObject({
      level: "fatal",
      origin: "uncaughtException",
      err: { message: "boom" },
    });
  });

  it("an unhandled rejection is logged as an error and the process keeps serving", () => {
    const proc = new EventEmitter();
    const { log, records } = captureLogger();
    const exits: number[] = [];
    const remove = installProcessGuards(proc as never, log, (code) => exits.push(code));
    proc.emit("unhandledRejection", new Error("lost ack"));
    expect(exits).toEqual([]);
    expect(records()[0]).toMatchObject({ level: "error", err: { message: "lost ack" } });
    remove();
    expect(proc.listenerCount("unhandledRejection")).toBe(0);
  });
});
