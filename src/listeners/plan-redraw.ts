/**
 * A plans post's message ("Care plans to confirm · …") drawn again after a person saves or confirms
 * a plan from it (issue 34): each of its pets read from the care record afresh (their current plan)
 * and put in place with chat.update, so the post shows each pet's state now. Redraws of one message
 * run one after the other, each reading the store when it starts, so the last is current. A pet
 * whose plan cannot be read leaves the message as it is (never drawn without it).
 */
import type { webApi } from "@slack/bolt";
import { currentPlan } from "../answers/plans.ts";
import { type PlansPostRef, plansPostMessage } from "../blocks/plan.ts";
import type { PlanView } from "../present/plan.ts";
import type { BotDeps } from "./bot-deps.ts";
import { MessageRedraw, replaceMessage } from "./message-redraw.ts";

type WebClient = webApi.WebClient;

export class PlansPostRedraw {
  readonly #deps: BotDeps;
  /** One redraw at a time per message, each after the one before (none shared). */
  readonly #messages: MessageRedraw;

  constructor(deps: BotDeps) {
    this.#deps = deps;
    this.#messages = new MessageRedraw(deps, { join: false });
  }

  /** Draws the message from the record and puts it in place; false when it could not be. */
  redraw(client: WebClient, channel: string, post: PlansPostRef): Promise<boolean> {
    return this.#messages.redraw({ channel, ts: post.t }, "the care plans post", () =>
      this.#redrawNow(client, channel, post),
    );
  }

  async #redrawNow(client: WebClient, channel: string, post: PlansPostRef): Promise<boolean> {
    const views: PlanView[] = [];
    for (const [bookingId, petId] of post.p) {
      const v = await currentPlan(this.#deps, bookingId, petId);
      if (!v) {
        this.#deps.log.warn({ bookingId, petId }, "a care plan on the plans post was not found: not redrawn");
        return false;
      }
      views.push({ versionId: v.id, plan: v.plan, changed: v.changed, petName: v.petName, room: v.room });
    }
    const message = plansPostMessage(post, views, this.#deps.config.timezone);
    return replaceMessage(this.#deps, client, { channel, ts: post.t }, message, "update the care plans post");
  }
}
