/**
 * Slack's pace for chat.postMessage: one message a second per channel, with "short bursts of more
 * than 1 allowed" (Slack's words; how many it does not say, so the bot takes three). Each post to a
 * channel waits its turn, in the order asked: a long round's parts (a 500-pet round is dozens of
 * messages) go out in order without meeting "rate limited" answers. A 429 that comes anyway is
 * waited out as its Retry-After says (src/digest/slack.ts, and Bolt's WebClient). The clock and the
 * waiting are injected, so tests run on a fake clock.
 */

/** One message a second per channel, after a burst of three. */
const POST_GAP_MS = 1_000;
const POST_BURST = 3;

export interface Pacer {
  /** Resolves when a message may be posted to the channel: posts wait in the order they asked. */
  turn(channel: string): Promise<void>;
}

export function channelPacer(
  o: { gapMs?: number; burst?: number; now?: () => number; sleep?: (ms: number) => Promise<unknown> } = {},
): Pacer {
  const gap = o.gapMs ?? POST_GAP_MS;
  const burst = o.burst ?? POST_BURST;
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  /** Each channel's last turn (its queue's tail), and its posts in hand (a token bucket) as of when. */
  const tails = new Map<string, Promise<void>>();
  const buckets = new Map<string, { tokens: number; at: number }>();
  const take = async (channel: string) => {
    const was = buckets.get(channel) ?? { tokens: burst, at: now() };
    let tokens = Math.min(burst, was.tokens + (now() - was.at) / gap);
    if (tokens < 1) {
      await sleep(Math.ceil((1 - tokens) * gap));
      tokens = Math.min(burst, was.tokens + (now() - was.at) / gap);
    }
    buckets.set(channel, { tokens: Math.max(0, tokens - 1), at: now() });
  };
  return {
    turn(channel) {
      const mine = (tails.get(channel) ?? Promise.resolve()).then(() => take(channel));
      tails.set(channel, mine);
      void mine.then(() => {
        if (tails.get(channel) === mine) tails.delete(channel);
      });
      return mine;
    },
  };
}
