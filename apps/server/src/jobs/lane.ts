/**
 * Where a lane's work comes from: job_outbox's take, the deliveries due, pg-boss's queue. A fetch
 * asks the sources a wake-up named, in the lane's order, for as many units as the lane has room.
 */
export type LaneSource<Unit> = {
  name: string;
  /**
   * Free slots a lane with units in flight waits for before it asks this source: a backlog is
   * fetched many at a time rather than a unit each time one ends (issue 23). 0: asked at every
   * wake-up, even with no slot free (the outbox's take: it also moves leads a console reads).
   */
  refill: number;
  /** Up to `room` units (none when `room` is 0). A full answer means more may wait. */
  take: (room: number) => Promise<Unit[]>;
};

/** Slots several lanes draw from (the channels' lanes), and each lane's wake-up for when one frees. */
export type SharedSlots = { free: number; wakeUps: Set<() => void> };

/**
 * A lane's whole state. `idle`: waits for a wake-up or a freed slot; `fetching`: asks its sources
 * one after another; `stopped`: asks nothing more, while the units in flight end.
 */
export type LaneState = {
  phase: 'idle' | 'fetching' | 'stopped';
  inFlight: number;
  /** Sources that may have work: named by a wake-up, or whose last answer was full. */
  wanted: ReadonlySet<string>;
};

/** What happens to a lane; `laneTransition` says what its state becomes. */
export type LaneEvent =
  | { type: 'woken'; sources: readonly string[] }
  | { type: 'fetch-started' }
  | { type: 'asked'; source: string }
  | { type: 'answered'; source: string; room: number; units: number }
  | { type: 'fetch-ended' }
  | { type: 'unit-started' }
  | { type: 'unit-ended' }
  | { type: 'stopped' };

export const IDLE_LANE: LaneState = { phase: 'idle', inFlight: 0, wanted: new Set() };

function withWanted(state: LaneState, change: (wanted: Set<string>) => void): LaneState {
  const wanted = new Set(state.wanted);
  change(wanted);
  return { ...state, wanted };
}

/**
 * The lane's state machine. A wake-up during a fetch is kept in `wanted` and asked in the same
 * fetch's next round; a source is no longer wanted once asked, unless its answer filled the room
 * (more may wait). A stopped lane stays stopped: wake-ups and the end of a fetch leave it so.
 */
export function laneTransition(state: LaneState, event: LaneEvent): LaneState {
  switch (event.type) {
    case 'woken':
      return state.phase === 'stopped'
        ? state
        : withWanted(state, (wanted) => event.sources.forEach((name) => wanted.add(name)));
    case 'fetch-started':
      return state.phase === 'idle' ? { ...state, phase: 'fetching' } : state;
    case 'asked':
      return withWanted(state, (wanted) => wanted.delete(event.source));
    case 'answered':
      return event.room > 0 && event.units >= event.room
        ? withWanted(state, (wanted) => wanted.add(event.source))
        : state;
    case 'fetch-ended':
      return state.phase === 'fetching' ? { ...state, phase: 'idle' } : state;
    case 'unit-started':
      return { ...state, inFlight: state.inFlight + 1 };
    case 'unit-ended':
      return { ...state, inFlight: state.inFlight - 1 };
    case 'stopped':
      return { ...state, phase: 'stopped' };
  }
}

/**
 * The next source a fetch asks, and for how many units, or null when it waits: stopped, nothing
 * wanted, or too few free slots for every wanted source (see LaneSource.refill). Sources are asked
 * in order, oldest work first: a later source gets no room while an earlier one waits for its
 * refill.
 */
export function nextAsk<Unit>(
  state: LaneState,
  {
    sources,
    concurrency,
    sharedFree = Infinity,
  }: { sources: LaneSource<Unit>[]; concurrency: number; sharedFree?: number },
): { source: LaneSource<Unit>; room: number } | null {
  if (state.phase === 'stopped') return null;
  const room = Math.max(0, Math.min(concurrency - state.inFlight, sharedFree));
  let isBehindWaitingWork = false;
  for (const source of sources) {
    if (!state.wanted.has(source.name)) continue;
    // Work an earlier source holds waited longer than anything a later one would start (first in,
    // first out): behind it, a source asked at every wake-up still runs, with no room.
    if (source.refill === 0) return { source, room: isBehindWaitingWork ? 0 : room };
    const needed = state.inFlight > 0 ? source.refill : 1;
    if (room >= needed) return { source, room };
    isBehindWaitingWork = true;
  }
  return null;
}

/**
 * One lane of the delivery worker (decision 054): up to `concurrency` units running at once, fetched
 * from its sources when woken. Its state is a LaneState changed only by laneTransition; this
 * function does what the state asks for: takes from sources, runs units, holds shared slots.
 */
export function startLane<Unit>({
  sources,
  concurrency,
  shared,
  run,
  onError,
}: {
  sources: LaneSource<Unit>[];
  concurrency: number;
  /** Slots shared with other lanes, besides this lane's own `concurrency`. */
  shared?: SharedSlots;
  /** Runs one unit; errors are its own to handle (a rejection is reported and dropped). */
  run: (unit: Unit) => Promise<void>;
  onError: (error: unknown, source: string) => void;
}) {
  let state = IDLE_LANE;
  const on = (event: LaneEvent) => void (state = laneTransition(state, event));
  const idle = new Set<() => void>();

  function start(unit: Unit): void {
    on({ type: 'unit-started' });
    void run(unit)
      .catch((error: unknown) => onError(error, 'run'))
      .finally(() => {
        on({ type: 'unit-ended' });
        if (shared) {
          shared.free += 1;
          for (const wakeUp of shared.wakeUps) wakeUp();
        } else void fetch();
        if (state.inFlight === 0) for (const resolve of idle) resolve();
      });
  }

  async function fetch(): Promise<void> {
    if (state.phase !== 'idle') return;
    on({ type: 'fetch-started' });
    try {
      for (;;) {
        const ask = nextAsk(state, { sources, concurrency, sharedFree: shared?.free });
        if (!ask) break;
        const { source, room } = ask;
        on({ type: 'asked', source: source.name });
        // Shared slots are taken before the fetch, so two lanes fetching at once never take more.
        if (shared) shared.free -= room;
        let units: Unit[] = [];
        try {
          units = await source.take(room);
        } catch (error) {
          onError(error, source.name);
          // Asked again at the next wake-up (the poll comes every second).
          break;
        } finally {
          if (shared) shared.free += room - units.length;
        }
        on({ type: 'answered', source: source.name, room, units: units.length });
        for (const unit of units) start(unit);
        // Shared slots taken for the fetch and not used may be what another lane waits for.
        if (shared && units.length < room) for (const wakeUp of shared.wakeUps) wakeUp();
      }
    } finally {
      on({ type: 'fetch-ended' });
    }
  }
  shared?.wakeUps.add(() => void fetch());

  return {
    /** Asks these sources (every source by default) at the next fetch, which starts now if it can. */
    wake(names: readonly string[] = sources.map((source) => source.name)): void {
      if (state.phase === 'stopped') return;
      on({ type: 'woken', sources: names });
      void fetch();
    },
    state: (): LaneState => state,
    /** Fetches no more; waits up to `graceMs` for the units in flight. */
    async stop(graceMs: number): Promise<void> {
      on({ type: 'stopped' });
      if (state.inFlight === 0) return;
      await new Promise<void>((resolve) => {
        idle.add(resolve);
        setTimeout(resolve, graceMs).unref();
      });
    },
  };
}

export type Lane = ReturnType<typeof startLane>;
