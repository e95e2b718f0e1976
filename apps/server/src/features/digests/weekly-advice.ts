/** When a missed lead (unanswered, or claimed after its target) arrived, in the entity's zone. */
export type MissedLead = { localHour: number; localWeekday: number; flowName: string };

/**
 * One sentence of what to change, from when last week's missed leads arrived: the biggest pattern
 * among evenings (from 18:00), early mornings (before 09:00), weekends and flows, when it covers
 * at least half of them.
 */
export function weeklyAdvice(missed: MissedLead[]): string {
  if (missed.length === 0) return 'Every lead was answered within its target. Keep it up.';
  const of = (count: number) => `${count} of ${missed.length} missed leads`;
  const patterns = [
    {
      count: missed.filter((lead) => lead.localHour >= 18).length,
      say: (count: number) =>
        `${of(count)} arrived after 6 pm: share the evenings with a teammate, or set business hours so they wait for the morning with a summary.`,
    },
    {
      count: missed.filter((lead) => lead.localHour < 9).length,
      say: (count: number) =>
        `${of(count)} arrived before 9 am: turn on notifications on the phone you have with you first thing.`,
    },
    {
      count: missed.filter((lead) => lead.localWeekday === 0 || lead.localWeekday === 6).length,
      say: (count: number) => `${of(count)} arrived at the weekend: invite someone who can answer then.`,
    },
  ];
  const byFlow = new Map<string, number>();
  for (const lead of missed) byFlow.set(lead.flowName, (byFlow.get(lead.flowName) ?? 0) + 1);
  const [flowName, flowCount] = [...byFlow].sort((a, b) => b[1] - a[1])[0]!;
  patterns.push({
    count: byFlow.size > 1 ? flowCount : 0,
    say: (count) =>
      `${of(count)} came through ${flowName}: give that flow a longer response target, or its own person.`,
  });
  const biggest = patterns.sort((a, b) => b.count - a.count)[0]!;
  return biggest.count * 2 >= missed.length
    ? biggest.say(biggest.count)
    : `${of(missed.length)} were spread over the week: turning on notifications on every teammate’s phone helps most.`;
}
