/** The App Home's own words (src/blocks/home.ts): its lists, and what it says when a tab cannot hold the day. */

/** Under the day's figures. */
export const HOME_LISTS = "Lists open in a message only you can see. Refreshed each time you open this tab.";

/** In place of the commands' list, when the day takes the tab's room. */
export const HOME_HELP_ELSEWHERE = "📖 What you can ask: /kennel help.";

/** The day's parts a tab has no room for (Slack holds 100 blocks): how many, and where each is whole. */
export const homeMoreWords = (n: number): string =>
  `⚠️ And ${n} more of today's parts not shown here (a Home tab holds 100 blocks): the round's post (/rounds) has each pet's care whole, and /arrivals, /departures and /inhouse their lists.`;
