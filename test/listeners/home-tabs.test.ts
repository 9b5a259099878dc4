/**
 * Home tabs drawn again after a change they show (src/listeners/home-tabs.ts): only those drawn
 * since the change's moment, each once, the latest REDRAW_MAX at most, a failed publish skipped;
 * nothing before the Home listener serves the drawing.
 */
import type { webApi } from "@slack/bolt";
import { describe, expect, it } from "vitest";
import { HomeTabs, REDRAW_MAX } from "../../src/listeners/home-tabs.ts";

const client = {} as webApi.WebClient;

describe("HomeTabs", () => {
  it("draws again, once each, the tabs drawn since the moment given", async () => {
    const tabs = new HomeTabs();
    const drawn: string[] = [];
    tabs.serve(async (_c, user) => {
      drawn.push(user);
    });
    tabs.drawn("U1", 1_000);
    tabs.drawn("U2", 5_000);
    tabs.drawn("U3", 6_000);
    tabs.drawn("U2", 7_000);
    expect(await tabs.redraw(client, 5_000)).toBe(2);
    expect(drawn).toEqual(["U3", "U2"]);
  });

  it("never more than REDRAW_MAX (the latest), a publish that fails skipped", async () => {
    const tabs = new HomeTabs();
    const drawn: string[] = [];
    tabs.serve(async (_c, user) => {
      if (user === `U${REDRAW_MAX + 5}`) throw new Error("ratelimited");
      drawn.push(user);
    });
    for (let i = 0; i < REDRAW_MAX + 10; i++) tabs.drawn(`U${i}`, i);
    expect(await tabs.redraw(client, 0)).toBe(REDRAW_MAX);
    expect(drawn).toHaveLength(REDRAW_MAX - 1);
    expect(drawn[0]).toBe("U10");
  });

  it("draws nothing until the Home listener serves the drawing", async () => {
    const tabs = new HomeTabs();
    tabs.drawn("U1", 1);
    expect(await tabs.redraw(client, 0)).toBe(0);
  });
});

describe("HomeTabs, names arriving together", () => {
  it("a pass asked while one runs joins the next: each tab drawn twice at most, not once a name", async () => {
    const tabs = new HomeTabs();
    const drawn: string[] = [];
    let open = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    let began = () => {};
    const started = new Promise<void>((r) => {
      began = r;
    });
    tabs.serve(async (_c, user) => {
      began();
      await gate;
      drawn.push(user);
    });
    tabs.drawn("U1", 10);
    tabs.drawn("U2", 20);
    const first = tabs.redraw(client, 15);
    await started;
    const more = [tabs.redraw(client, 15), tabs.redraw(client, 5), tabs.redraw(client, 15)];
    open();
    expect(await first).toBe(1);
    // The three asked meanwhile are one pass, from the earliest moment asked.
    expect(await Promise.all(more)).toEqual([2, 2, 2]);
    expect(drawn).toEqual(["U2", "U1", "U2"]);
  });
});
