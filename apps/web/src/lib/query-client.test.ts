import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

/** The inbox's query, observed, with its first load under way: `answers` settles each load. */
async function inboxLoading() {
  const client = createQueryClient();
  const answers: Array<(value: string) => void> = [];
  const observer = new QueryObserver(client, {
    queryKey: ['leads'],
    queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => {});
  await expect.poll(() => answers.length).toBe(1);
  return {
    client,
    answers,
    close: () => {
      unsubscribe();
      client.clear();
    },
  };
}

describe('the console query client', () => {
  it('an invalidation during a first load reads afresh: the answer under way may predate what caused it', async () => {
    const { client, answers, close } = await inboxLoading();
    // A live lead arrives while the inbox still loads.
    void client.invalidateQueries({ queryKey: ['leads'] });
    await expect.poll(() => answers.length).toBe(2);
    answers[0]!('before the lead');
    answers[1]!('with the lead');
    await expect.poll(() => client.getQueryData(['leads'])).toBe('with the lead');
    close();
  });

  it('an invalidation that starts nothing again leaves a first load to finish', async () => {
    const { client, answers, close } = await inboxLoading();
    await client.invalidateQueries({ queryKey: ['leads'], refetchType: 'none' });
    answers[0]!('the first load');
    await expect.poll(() => client.getQueryData(['leads'])).toBe('the first load');
    expect(answers).toHaveLength(1);
    close();
  });
});
