import type { Weekday } from '@leadbell/shared/business-hours';

/** The week as people read it, Monday first; the schedule keys stay as the shared schema has them. */
export const DAYS: { day: Weekday; label: string }[] = [
  { day: 'mon', label: 'Monday' },
  { day: 'tue', label: 'Tuesday' },
  { day: 'wed', label: 'Wednesday' },
  { day: 'thu', label: 'Thursday' },
  { day: 'fri', label: 'Friday' },
  { day: 'sat', label: 'Saturday' },
  { day: 'sun', label: 'Sunday' },
];
