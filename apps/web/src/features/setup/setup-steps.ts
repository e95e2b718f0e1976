import type { SetupStatus } from '@leadbell/shared/setup';

export const SETUP_STEP_IDS = ['device', 'test', 'connect', 'firstLead'] as const;
export type SetupStepId = (typeof SETUP_STEP_IDS)[number];

export const SETUP_STEP_TITLES: Record<SetupStepId, string> = {
  device: 'Turn on notifications on this device',
  test: 'Send a test notification',
  connect: 'Connect your website',
  firstLead: 'Your first real lead arrived',
};

export type SetupProgress = {
  doneCount: number;
  total: number;
  /** The first step not done yet, shown open; null once every step is done. */
  current: SetupStepId | null;
  isDone: Record<SetupStepId, boolean>;
};

/** Where the checklist stands, from the server's step states only (never from a flag the browser keeps). */
export function setupProgress(status: SetupStatus): SetupProgress {
  const isDone = Object.fromEntries(SETUP_STEP_IDS.map((id) => [id, status.steps[id].isDone])) as Record<
    SetupStepId,
    boolean
  >;
  const doneCount = SETUP_STEP_IDS.filter((id) => isDone[id]).length;
  return {
    doneCount,
    total: SETUP_STEP_IDS.length,
    current: SETUP_STEP_IDS.find((id) => !isDone[id]) ?? null,
    isDone,
  };
}

/** `2 of 4`: the nav badge and the checklist's count. */
export function progressLabel(progress: Pick<SetupProgress, 'doneCount' | 'total'>): string {
  return `${progress.doneCount} of ${progress.total}`;
}
