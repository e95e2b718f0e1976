import type { SetupStatus } from '@leadbell/shared/setup';
import { describe, expect, it } from 'vitest';
import { progressLabel, setupProgress } from './setup-steps.ts';

function status(done: { device?: boolean; test?: boolean; connect?: boolean; firstLead?: boolean }): SetupStatus {
  const all = Boolean(done.device && done.test && done.connect && done.firstLead);
  return {
    steps: {
      device: { isDone: Boolean(done.device), deviceCount: done.device ? 1 : 0 },
      test: {
        isDone: Boolean(done.test),
        confirmedAt: done.test ? '2026-11-23T10:00:00.000Z' : null,
        channel: done.test ? 'push' : null,
      },
      connect: { isDone: Boolean(done.connect), flowId: null },
      firstLead: { isDone: Boolean(done.firstLead), at: null, flowId: null },
    },
    isComplete: all,
    alerting: { channels: ['email'], deviceCount: 0, workingDeviceCount: 0, emailCopies: true },
  };
}

describe('setup progress', () => {
  it('a new owner starts on the first step with nothing done', () => {
    const progress = setupProgress(status({}), true);
    expect(progress).toMatchObject({ doneCount: 0, total: 4, current: 'device' });
    expect(progressLabel(progress)).toBe('0 of 4');
  });

  it('the current step is the first one not done, even when a later one is done already', () => {
    const progress = setupProgress(status({ device: true, connect: true }), true);
    expect(progress.current).toBe('test');
    expect(progress.doneCount).toBe(2);
    expect(progress.isDone).toEqual({ device: true, test: false, connect: true, firstLead: false });
    expect(progressLabel(progress)).toBe('2 of 4');
  });

  it('has no current step once every step is done', () => {
    const progress = setupProgress(status({ device: true, test: true, connect: true, firstLead: true }), true);
    expect(progress.current).toBeNull();
    expect(progress.isComplete).toBe(true);
    expect(progressLabel(progress)).toBe('4 of 4');
  });

  it('a member has only their own steps: done once their device rings, whatever the website does', () => {
    const fresh = setupProgress(status({}), false);
    expect(fresh).toMatchObject({ steps: ['device', 'test'], total: 2, current: 'device', isComplete: false });
    const ringing = setupProgress(status({ device: true, test: true }), false);
    expect(ringing).toMatchObject({ doneCount: 2, current: null, isComplete: true });
    expect(progressLabel(ringing)).toBe('2 of 2');
  });
});
