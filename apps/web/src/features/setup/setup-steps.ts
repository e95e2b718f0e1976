import type { SetupStatus } from '@leadbell/shared/setup';

export const SETUP_STEP_IDS = ['device', 'test', 'connect', 'firstLead'] as const;
export type SetupStepId = (typeof SETUP_STEP_IDS)[number];

/**
 * A member's own steps: their devices. Connecting the website (and so the first lead) is an
 * admin's to do (spec section 6), so a member is never asked to (issue 25).
 */
const MEMBER_STEP_IDS: readonly SetupStepId[] = ['device', 'test'];

/** The steps this person may do, in order. */
export function setupStepsFor(isAdmin: boolean): readonly SetupStepId[] {
  return isAdmin ? SETUP_STEP_IDS : MEMBER_STEP_IDS;
}

export const SETUP_STEP_TITLES: Record<SetupStepId, string> = {
  device: 'Choose how you’re alerted',
  test: 'Send a test notification',
  connect: 'Connect your website',
  firstLead: 'Your first real lead arrived',
};

export type SetupProgress = {
  steps: readonly SetupStepId[];
  doneCount: number;
  total: number;
  isComplete: boolean;
  /** The first step not done yet, shown open; null once every step is done. */
  current: SetupStepId | null;
  isDone: Record<SetupStepId, boolean>;
};

/**
 * Where this person's checklist stands, from the server's step states only (never from a flag the
 * browser keeps).
 */
export function setupProgress(status: SetupStatus, isAdmin: boolean): SetupProgress {
  const steps = setupStepsFor(isAdmin);
  const isDone = Object.fromEntries(SETUP_STEP_IDS.map((id) => [id, status.steps[id].isDone])) as Record<
    SetupStepId,
    boolean
  >;
  const doneCount = steps.filter((id) => isDone[id]).length;
  return {
    steps,
    doneCount,
    total: steps.length,
    isComplete: doneCount === steps.length,
    current: steps.find((id) => !isDone[id]) ?? null,
    isDone,
  };
}

/** `2 of 4`: the nav badge and the checklist's count. */
export function progressLabel(progress: Pick<SetupProgress, 'doneCount' | 'total'>): string {
  return `${progress.doneCount} of ${progress.total}`;
}
