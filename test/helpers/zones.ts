/**
 * Zones whose clocks test the time code's edges: summer time north and south (London, New York,
 * Santiago), a half-hour change (Lord Howe), a quarter-hour offset (Chatham), a half-hour offset with
 * no change (Kolkata), a change within Ramadan (Casablanca), and none at all (UTC).
 */
export const AWKWARD_ZONES = [
  "Europe/London",
  "America/New_York",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "Asia/Kolkata",
  "America/Santiago",
  "Africa/Casablanca",
  "UTC",
] as const;
