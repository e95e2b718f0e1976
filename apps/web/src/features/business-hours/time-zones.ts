/**
 * The IANA zones this browser knows, for the time zone select. `Intl.supportedValuesOf` leaves
 * out UTC and may not list a zone saved elsewhere (an alias such as `Asia/Calcutta`), so both
 * are added: the select always shows the saved value.
 */
export function timeZoneOptions(current: string): string[] {
  const zones = new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** `Europe/London` → `Europe/London (GMT+0)`: the offset today helps tell neighbouring zones apart. */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  try {
    const offset = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return offset ? `${timeZone.replaceAll('_', ' ')} (${offset})` : timeZone;
  } catch {
    return timeZone;
  }
}
