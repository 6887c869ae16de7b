const DAY = 86_400;
const FIRST_MONDAY = Date.UTC(2026, 2, 2) / 1000;
export const DEMO_WEEKDAYS = 15;

/** Unix seconds at 00:00 UTC of the n-th weekday from Mon 2026-03-02. */
export const weekdayStart = (day: number): number =>
  FIRST_MONDAY + (Math.floor(day / 5) * 7 + (day % 5)) * DAY;
