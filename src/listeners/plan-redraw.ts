/**
 * After a person saves or confirms a plan (issues 34, 44), both posts of its round are drawn again
 * from the record, whichever button the form was opened from: the round post's message holding the
 * pet (its plan's words and buttons now: src/answers/sheet-plans.ts), and the plans post's message
 * holding it with the post's first message (its counts over every pet it listed, as kept:
 * src/answers/plans-post.ts). The message the form came from is known from the tap; the other post
 * is found in the rounds channel (its own scheduled post of the day). Redraws of one message run one
 * after the other, each reading the store when it starts, so the last is current. A pet whose plan
 * cannot be read leaves a plans post message as it is (never drawn without it).
 */
import type { webApi } from "@slack/bolt";
import { currentPlan } from "../answers/plans.ts";
import { type KeptPlansPost, plansPostsHolding, plansPostViews } from "../answers/plans-post.ts";
import { keptSheets, loadSheet, petOf } from "../answers/sheets.ts";
import { type PlansPostRef, plansPostMessage, plansPostRefsOf } from "../blocks/plan.ts";
import { type AlertPlace, postMessages, redrawRoundPost } from "../digest/dose-alert-slack.ts";
import type { DigestSlack } from "../digest/slack.ts";
import type { Round } from "../domain/care.ts";
import type { PlanView } from "../present/plan.ts";
import { plansHeading } from "../present/plans-post.ts";
import { localDate } from "../time.ts";
import type { BotDeps } from "./bot-deps.ts";
import { MessageRedraw, replaceMessage } from "./message-redraw.ts";
import type { SheetRedraw } from "./record-round.ts";

type WebClient = webApi.WebClient;

/** Where a plan's form was opened: a plans post's message, a round post's (its kept sheet), or neither. */
export interface PlanOpenedFrom {
  channel?: string | undefined;
  plans?: PlansPostRef | undefined;
  round?: { s: number; t: string; h?: string | undefined } | undefined;
}

export class PlanPosts {
  readonly #deps: BotDeps;
  readonly #sheets: SheetRedraw;
  /** The scheduled posts' Slack (to find the other post of the round); none: only the message tapped. */
  readonly #slack: DigestSlack | undefined;
  /** One redraw at a time per message, each after the one before (none shared). */
  readonly #messages: MessageRedraw;

  constructor(deps: BotDeps, sheets: SheetRedraw, slack?: DigestSlack) {
    this.#deps = deps;
    this.#sheets = sheets;
    this.#slack = slack;
    this.#messages = new MessageRedraw(deps, { join: false });
  }

  /** Both posts of the pet's round drawn again after its plan changed (each failure logged, never thrown). */
  async changed(client: WebClient, pet: { bookingId: number; petId: number }, from: PlanOpenedFrom) {
    const today = localDate(this.#deps.clock.now(), this.#deps.config.timezone);
    const kept = from.round ? await loadSheet(this.#deps, from.round.s) : undefined;
    const date = kept?.date ?? today;
    const post = (await plansPostsHolding(this.#deps, date, pet.bookingId, pet.petId, kept?.round))[0];
    const round = kept?.round ?? post?.round;
    // The day's rounds listing the pet, read once for its other posts and its replies.
    const listing = this.#roundsListing(pet, date);
    listing.catch(() => undefined); // each use below says its own failure
    await Promise.all([
      this.#roundPost(client, pet, from, date, round).catch((e: unknown) => this.#failed(e, "round post")),
      this.#plansPost(client, pet, from, post).catch((e: unknown) => this.#failed(e, "plans post")),
      this.#otherRounds(client, pet, date, round, listing).catch((e: unknown) =>
        this.#failed(e, "round post"),
      ),
      this.#replies(date, listing).catch((e: unknown) => this.#failed(e, "late or missed reply")),
    ]);
  }

  /** The rounds of the day whose kept sheet lists the pet. */
  async #roundsListing(pet: { bookingId: number; petId: number }, date: string): Promise<Set<Round>> {
    const sheets = await keptSheets(this.#deps, { date });
    return new Set(sheets.filter((s) => petOf(s, pet.bookingId, pet.petId)).map((s) => s.round));
  }

  /**
   * The day's late and missed replies drawn again from the record, for each round listing the pet: a
   * dose a round asked that the plan confirmed now puts at another round says so beside it there.
   */
  async #replies(date: string, listing: Promise<Set<Round>>): Promise<void> {
    const check = this.#deps.roundCheck;
    if (!check) return;
    for (const round of await listing) await check.changed(date, round);
  }

  /**
   * The day's other round posts listing the pet, drawn again too: a plan confirmed from the midday
   * post would leave the morning post saying "📋 plan not confirmed" (what each round asked stays as
   * it was kept; only the plan's own line is the plan's now). Found in the rounds channel.
   */
  async #otherRounds(
    client: WebClient,
    pet: { bookingId: number; petId: number },
    date: string,
    done: Round | undefined,
    listing: Promise<Set<Round>>,
  ): Promise<void> {
    for (const other of await listing) {
      if (other === done) continue;
      const place = this.#place(date, other);
      if (!place) return;
      await redrawRoundPost(place, this.#deps, (sheet, index, ref) => {
        const on = petOf(sheet, pet.bookingId, pet.petId);
        return on?.message === index ? this.#sheets.redraw(client, sheet, index, ref) : Promise.resolve();
      });
    }
  }

  #failed(error: unknown, what: string) {
    this.#deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      `the ${what} was not drawn again`,
    );
  }

  /** Where the rounds channel's posts of a day and round are (none without the channel or Slack). */
  #place(date: string, round: Round): AlertPlace | undefined {
    const channel = this.#deps.config.rounds.channel;
    if (!this.#slack || !channel) return undefined;
    const { timezone } = this.#deps.config;
    return { slack: this.#slack, channel, date, round, timezone, now: this.#deps.clock.now() };
  }

  async #roundPost(
    client: WebClient,
    pet: { bookingId: number; petId: number },
    from: PlanOpenedFrom,
    date: string,
    round: Round | undefined,
  ): Promise<void> {
    if (from.round && from.channel) {
      const sheet = await loadSheet(this.#deps, from.round.s);
      const on = sheet && petOf(sheet, pet.bookingId, pet.petId);
      if (sheet && on)
        await this.#sheets.redraw(client, sheet, on.message, {
          channel: from.channel,
          ts: from.round.t,
          threadTs: from.round.h,
        });
      return;
    }
    const place = round ? this.#place(date, round) : undefined;
    if (!place) return;
    await redrawRoundPost(place, this.#deps, (sheet, index, ref) => {
      const on = petOf(sheet, pet.bookingId, pet.petId);
      return on?.message === index ? this.#sheets.redraw(client, sheet, index, ref) : Promise.resolve();
    });
  }

  async #plansPost(
    client: WebClient,
    pet: { bookingId: number; petId: number },
    from: PlanOpenedFrom,
    post: KeptPlansPost | undefined,
  ): Promise<void> {
    if (!post) {
      // A post kept before its pets were (or none kept): the message tapped, its own pets counted.
      if (from.plans && from.channel) await this.#draw(client, from.channel, from.plans, undefined);
      return;
    }
    const refs = plansPostRefsOf(plansHeading(post.round, post.date), post.messages);
    const index = post.messages.findIndex((m) => m.some(([b, p]) => b === pet.bookingId && p === pet.petId));
    const where = await this.#located(post, from);
    if (!where) return;
    const all = await plansPostViews(this.#deps, post.messages.flat());
    for (const i of new Set([index, 0])) {
      const ts = where.parts.get(i + 1);
      const ref = refs[i];
      if (ts && ref) await this.#draw(client, where.channel, { ...ref, t: ts }, all);
    }
  }

  /** The plans post's messages in Slack: from the tapped message when it is one, else found in the channel. */
  async #located(
    post: KeptPlansPost,
    from: PlanOpenedFrom,
  ): Promise<{ channel: string; parts: Map<number, string> } | undefined> {
    const tapped = from.plans;
    if (tapped && from.channel) {
      const same = (m: Array<[number, number]>) =>
        m.length === tapped.p.length &&
        m.every(([b, p], i) => tapped.p[i]?.[0] === b && tapped.p[i]?.[1] === p);
      const at = post.messages.findIndex(same);
      const parent = tapped.h !== undefined ? tapped.t : tapped.th;
      const parts = new Map<number, string>();
      if (at >= 0) parts.set(at + 1, tapped.t);
      if (parent) parts.set(1, parent);
      return { channel: from.channel, parts };
    }
    const place = this.#place(post.date, post.round);
    const found = place ? await postMessages(place, `plans:${post.round}`) : undefined;
    return found && place ? { channel: place.channel, parts: found.parts } : undefined;
  }

  /** One message of the post drawn from the record (`all`: every pet of the post now, for its counts). */
  #draw(
    client: WebClient,
    channel: string,
    ref: PlansPostRef,
    all: PlanView[] | undefined,
  ): Promise<boolean> {
    return this.#messages.redraw({ channel, ts: ref.t }, "the care plans post", async () => {
      const views: PlanView[] = [];
      for (const [bookingId, petId] of ref.p) {
        const v = await currentPlan(this.#deps, bookingId, petId);
        if (!v) {
          this.#deps.log.warn(
            { bookingId, petId },
            "a care plan on the plans post was not found: not redrawn",
          );
          return false;
        }
        views.push({ versionId: v.id, plan: v.plan, changed: v.changed, petName: v.petName, room: v.room });
      }
      const message = plansPostMessage(ref, views, this.#deps.config.timezone, all);
      return replaceMessage(
        this.#deps,
        client,
        { channel, ts: ref.t },
        message,
        "update the care plans post",
      );
    });
  }
}
