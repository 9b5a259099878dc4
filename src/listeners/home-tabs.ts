/**
 * Whose Home tab Kennel Desk has drawn, and when: what lets a change Home shows after the tab was
 * drawn reach those who have it (a giver Slack named only after the commit: the tab drawn meanwhile
 * says "someone not yet named (U…)" until it is drawn again). Home is drawn on open
 * (src/listeners/events/app-home.ts), which serves the drawing here; `redraw` draws again, once
 * each, the tabs drawn since a moment, at most REDRAW_MAX of them (the latest), one after another;
 * names arriving together are one pass more, not one each.
 */
import type { webApi } from "@slack/bolt";

/** The most Home tabs one change draws again (the latest drawn): never a storm of publishes. */
export const REDRAW_MAX = 50;
/** How many people's tabs are remembered (the oldest forgotten first). */
const KEPT = 5_000;

type Publish = (client: webApi.WebClient, user: string) => Promise<void>;

export class HomeTabs {
  /** When each person's tab was last drawn (the injected clock's ms), oldest first. */
  readonly #drawn = new Map<string, number>();
  #publish: Publish | undefined;
  /** The pass drawing tabs now, and the one asked for meanwhile (from the earliest moment asked). */
  #running: Promise<unknown> | undefined;
  #waiting: { since: number; done: Promise<number> } | undefined;

  /** How a tab is drawn (the Home listener's build and publish). */
  serve(publish: Publish): void {
    this.#publish = publish;
  }

  /** `user`'s tab drawn with what the record said at `at`. */
  drawn(user: string, at: number): void {
    this.#drawn.delete(user);
    this.#drawn.set(user, at);
    if (this.#drawn.size > KEPT) this.#drawn.delete(this.#drawn.keys().next().value as string);
  }

  /**
   * Each tab drawn at `since` or after drawn again, once each (the latest REDRAW_MAX); never throws.
   * Names come together (several forms naming one giver): a pass asked while one runs joins the one
   * waiting behind it, from the earliest moment asked, so they are one more pass, not one each.
   */
  redraw(client: webApi.WebClient, since: number): Promise<number> {
    const waiting = this.#waiting;
    if (waiting) {
      waiting.since = Math.min(waiting.since, since);
      return waiting.done;
    }
    const next = { since, done: Promise.resolve(0) };
    next.done = (async () => {
      await this.#running;
      this.#waiting = undefined;
      const run = this.#pass(client, next.since);
      this.#running = run.finally(() => {
        if (this.#running === run) this.#running = undefined;
      });
      return await run;
    })();
    this.#waiting = next;
    return next.done;
  }

  async #pass(client: webApi.WebClient, since: number): Promise<number> {
    const publish = this.#publish;
    if (!publish) return 0;
    const users = [...this.#drawn]
      .filter(([, at]) => at >= since)
      .map(([user]) => user)
      .slice(-REDRAW_MAX);
    for (const user of users) await publish(client, user).catch(() => undefined);
    return users.length;
  }
}
