/**
 * The one seam the server reads the time through (decision 025): business hours, response
 * timers, digests and insight windows ask the clock, so tests move time instead of sleeping.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
