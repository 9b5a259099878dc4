/**
 * Words Slack would read as a channel ping, a mention and a link, and as Kennel Desk must show them in
 * mrkdwn: escaped once (`&`, `<`, `>`), so they ping no one and never read "&amp;lt;".
 */
export const HOSTILE = "<!channel> <@U123> & <https://x|y>";
export const HOSTILE_SHOWN = "&lt;!channel&gt; &lt;@U123&gt; &amp; &lt;https://x|y&gt;";

/**
 * Every pet of a sandbox business renamed in the kennel system with HOSTILE after its name, its
 * customer's bookings naming it so (its care still matched). Returns what puts the names back.
 */
export function hostilePetNames(business: { pets: unknown[]; bookings: unknown[] }): () => void {
  const pets = business.pets as Array<Record<string, unknown>>;
  const bookings = business.bookings as Array<Record<string, unknown>>;
  const was = [...pets, ...bookings].map((r) => [r, r.name, r.petNames] as const);
  for (const pet of pets) {
    const name = typeof pet.name === "string" ? pet.name : "";
    if (!name) continue;
    pet.name = `${name} ${HOSTILE}`;
    for (const b of bookings)
      if (b.customerId === pet.customerId && typeof b.petNames === "string")
        b.petNames = b.petNames.replace(name, `${name} ${HOSTILE}`);
  }
  return () => {
    for (const [r, name, petNames] of was) Object.assign(r, { name, petNames });
  };
}
