/**
 * How long Socket Mode waits between failed connection attempts: 1 s, 2 s, 4 s, 8 s, 16 s, then
 * every 30 s, each ±20 % so many bots do not come back at the same instant.
 */
export const BACKOFF_STEPS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

export function defaultBackoff(attempt: number, random: () => number = Math.random): number {
  const step = BACKOFF_STEPS_MS[Math.min(attempt, BACKOFF_STEPS_MS.length - 1)] as number;
  return Math.round(step * (0.8 + 0.4 * random()));
}
