/**
 * When the rounds are when ROUNDS_TIMES is not set. No imports: the settings read it (src/config.ts)
 * without loading the rest of the domain.
 */
export const DEFAULT_ROUND_TIMES: { morning: string; midday: string; evening: string } = {
  morning: "07:30",
  midday: "12:00",
  evening: "18:00",
};
