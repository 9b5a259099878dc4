/**
 * A bounded wait: what a promise gives within a time, else nothing (a form's look-ups before Slack's
 * deadline: the booking's times, a giver never seen). The timer is cleared as soon as the promise
 * settles, so a wait that ended leaves nothing running behind it.
 */

/** What `p` gives within `ms`, or undefined past it (or when it fails). */
export async function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([p.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
