/**
 * The App Home "Today": the day at a glance for staff, refreshed on open, through the one guard
 * (src/listeners/guard.ts) like every listener; guests see the refusal and no kennel data. When the kennel API is down, the figures it could not load show as
 * "?" with the problem in words.
 *
 * Throttled: each person's tab is rebuilt at most once per HOME_REBUILD_MS (an open within that
 * time keeps the tab Slack already shows), an open while that person's tab is being built shares
 * the build, and the day's figures are fetched once for everyone opening at the same moment. So
 * 60 opens in 3 s are one build and one views.publish, not 480 API calls and 162 publishes.
 * A tab drawn with the day's figures is noted (src/listeners/home-tabs.ts): a change it shows that
 * comes after (a giver Slack named late) draws it again, past the throttle, once.
 */
import type { App, webApi } from "@slack/bolt";
import { type TodayOverview, todayOverview } from "../../answers/today.ts";
import { homeBlocks, homeRefusalBlocks } from "../../blocks/home.ts";
import type { Block } from "../../blocks/types.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admit } from "../guard.ts";

/** The least time between two builds of one person's Home tab. */
const HOME_REBUILD_MS = 10_000;

export function registerAppHome(app: App, deps: BotDeps): void {
  /** When each person's tab was last built (by the injected clock). */
  const built = new Map<string, number>();
  /** Each person's build in flight. */
  const building = new Map<string, Promise<void>>();
  /** The day's figures in flight, shared by everyone opening at once. */
  let overview: Promise<TodayOverview> | undefined;
  const sharedOverview = () => {
    overview ??= todayOverview(deps).finally(() => {
      overview = undefined;
    });
    return overview;
  };

  /** `user`'s tab built now and published (a build in flight for them shared). */
  const build = (client: webApi.WebClient, user: string): Promise<void> => {
    const inFlight = building.get(user);
    if (inFlight) return inFlight;
    const now = deps.clock.now().getTime();
    built.delete(user);
    built.set(user, now);
    if (built.size > 5_000) built.delete(built.keys().next().value as string);
    const run = publish(deps, client, user, sharedOverview, now).finally(() => building.delete(user));
    building.set(user, run);
    return run;
  };
  // A change Home shows, come after a tab was drawn, draws it again (src/listeners/home-tabs.ts):
  // after any build in flight, which may have read the record before it.
  deps.home?.serve(async (client, user) => {
    await building.get(user);
    await build(client, user);
  });

  app.event("app_home_opened", async ({ event, client }) => {
    if (event.tab !== "home") return;
    const user = event.user;
    const inFlight = building.get(user);
    if (inFlight) return inFlight;
    const now = deps.clock.now().getTime();
    const last = built.get(user);
    if (last !== undefined && now >= last && now - last < HOME_REBUILD_MS) {
      deps.log.debug({ user }, "Home tab opened again within moments: the tab already shown stands");
      return;
    }
    await build(client, user);
  });
}

/** `user`'s tab built (the guard first: a guest sees the refusal) and published; its drawing noted (`at`). */
async function publish(
  deps: BotDeps,
  client: webApi.WebClient,
  user: string,
  overview: () => Promise<TodayOverview>,
  at: number,
): Promise<void> {
  let blocks: Block[];
  /** Drawn with the day's figures (not a refusal): drawn again when they change after. */
  let figures = false;
  try {
    // The one guard: a bot that is stopping leaves the tab Slack shows; a guest sees the refusal.
    const admitted = await admit(deps, client, { id: user }, undefined, { home: true });
    if (!admitted.ok && admitted.stopping) return;
    blocks = admitted.ok
      ? homeBlocks(await overview(), deps.config.timezone, deps.config.dateOrder)
      : homeRefusalBlocks(admitted.why);
    figures = admitted.ok;
  } catch (error) {
    deps.log.warn({ err: String((error as Error)?.message ?? error) }, "could not build the App Home");
    blocks = homeRefusalBlocks(
      "Kennel Desk could not load today's figures just now. Open the tab again in a minute.",
    );
  }
  try {
    await client.views.publish({ user_id: user, view: { type: "home", blocks } });
    if (figures) deps.home?.drawn(user, at);
  } catch (error) {
    deps.log.warn({ err: String((error as Error)?.message ?? error) }, "could not publish the App Home");
  }
}
