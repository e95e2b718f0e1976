import { describe, expect, it } from 'vitest';
import {
  IDLE_LANE,
  laneTransition,
  nextAsk,
  startLane,
  type LaneEvent,
  type LaneSource,
  type LaneState,
  type SharedSlots,
} from './lane.ts';

const source = (name: string, refill: number, take: (room: number) => Promise<number[]> = async () => []) =>
  ({ name, refill, take }) satisfies LaneSource<number>;

describe('lane › which source a fetch asks', () => {
  const sources = [source('due', 16), source('outbox', 0), source('jobs', 16)];

  it('asks nothing that no wake-up named', () => {
    expect(nextAsk({ inFlight: 0, phase: 'idle', wanted: new Set() }, { sources, concurrency: 32 })).toBeNull();
  });

  it('an idle lane asks the first wanted source for every slot', () => {
    const ask = nextAsk({ inFlight: 0, phase: 'idle', wanted: new Set(['jobs', 'due']) }, { sources, concurrency: 32 });
    expect(ask).toEqual({ source: sources[0], room: 32 });
  });

  it('a busy lane waits for `refill` free slots before it asks a backlog source again', () => {
    const wanted = new Set(['due']);
    expect(nextAsk({ inFlight: 17, phase: 'idle', wanted }, { sources, concurrency: 32 })).toBeNull();
    expect(nextAsk({ inFlight: 16, phase: 'idle', wanted }, { sources, concurrency: 32 })).toEqual({
      source: sources[0],
      room: 16,
    });
  });

  it('the outbox is asked at every wake-up, even with no slot free: its take also moves leads consoles read', () => {
    const ask = nextAsk(
      { inFlight: 32, phase: 'idle', wanted: new Set(['outbox', 'due']) },
      { sources, concurrency: 32 },
    );
    expect(ask).toEqual({ source: sources[1], room: 0 });
  });

  it('deliveries waiting for room go first: behind them the outbox takes its leads in but claims none', () => {
    // Claiming new leads' deliveries while older ones waited had a team's first seconds leave
    // deliveries unclaimed for up to 8 s (issue 45).
    const wanted = new Set(['outbox', 'due']);
    expect(nextAsk({ inFlight: 20, phase: 'idle', wanted }, { sources, concurrency: 32 })).toEqual({
      source: sources[1],
      room: 0,
    });
    expect(nextAsk({ inFlight: 10, phase: 'idle', wanted }, { sources, concurrency: 32 })).toEqual({
      source: sources[0],
      room: 22,
    });
    expect(nextAsk({ inFlight: 20, phase: 'idle', wanted: new Set(['outbox']) }, { sources, concurrency: 32 })).toEqual(
      { source: sources[1], room: 12 },
    );
  });

  it('shared slots bound the room of lanes that draw from them', () => {
    const ask = nextAsk(
      { inFlight: 0, phase: 'idle', wanted: new Set(['due']) },
      { sources, concurrency: 4, sharedFree: 2 },
    );
    expect(ask?.room).toBe(2);
  });

  it('a stopped lane asks nothing, whatever is wanted', () => {
    expect(
      nextAsk({ phase: 'stopped', inFlight: 0, wanted: new Set(['outbox']) }, { sources, concurrency: 32 }),
    ).toBeNull();
  });
});

const after = (events: LaneEvent[], from: LaneState = IDLE_LANE) => events.reduce(laneTransition, from);

describe('lane › its states', () => {
  it('a wake-up wants the sources it names; asking one makes it unwanted', () => {
    const woken = after([{ type: 'woken', sources: ['outbox', 'due'] }]);
    expect(woken).toEqual({ phase: 'idle', inFlight: 0, wanted: new Set(['outbox', 'due']) });
    expect(after([{ type: 'fetch-started' }, { type: 'asked', source: 'due' }], woken)).toEqual({
      phase: 'fetching',
      inFlight: 0,
      wanted: new Set(['outbox']),
    });
  });

  it('a source whose answer filled the room is wanted again; a shorter answer or an empty room is not', () => {
    const asked = after([
      { type: 'woken', sources: ['due'] },
      { type: 'fetch-started' },
      { type: 'asked', source: 'due' },
    ]);
    expect(after([{ type: 'answered', source: 'due', room: 4, units: 4 }], asked).wanted).toEqual(new Set(['due']));
    expect(after([{ type: 'answered', source: 'due', room: 4, units: 3 }], asked).wanted).toEqual(new Set());
    expect(after([{ type: 'answered', source: 'due', room: 0, units: 0 }], asked).wanted).toEqual(new Set());
  });

  it('a wake-up during a fetch is kept for the same fetch', () => {
    const state = after([
      { type: 'woken', sources: ['due'] },
      { type: 'fetch-started' },
      { type: 'asked', source: 'due' },
      { type: 'woken', sources: ['due'] },
    ]);
    expect(state).toEqual({ phase: 'fetching', inFlight: 0, wanted: new Set(['due']) });
  });

  it('units started and ended are counted in flight', () => {
    const state = after([{ type: 'unit-started' }, { type: 'unit-started' }, { type: 'unit-ended' }]);
    expect(state.inFlight).toBe(1);
  });

  it('a fetch that ends leaves the lane idle, and a second start while fetching changes nothing', () => {
    const fetching = after([{ type: 'fetch-started' }]);
    expect(after([{ type: 'fetch-started' }], fetching)).toBe(fetching);
    expect(after([{ type: 'fetch-ended' }], fetching).phase).toBe('idle');
  });

  it('a stopped lane stays stopped: the end of its fetch and later wake-ups leave it so', () => {
    const stopped = after([{ type: 'fetch-started' }, { type: 'stopped' }, { type: 'fetch-ended' }]);
    expect(stopped.phase).toBe('stopped');
    expect(after([{ type: 'woken', sources: ['due'] }], stopped)).toBe(stopped);
    expect(after([{ type: 'fetch-started' }], stopped)).toBe(stopped);
  });

  it('units still in flight when it stops are counted down as they end', () => {
    const state = after([{ type: 'unit-started' }, { type: 'stopped' }, { type: 'unit-ended' }]);
    expect(state).toMatchObject({ phase: 'stopped', inFlight: 0 });
  });
});

/** A source of numbered units that answers what `waiting` holds, and records each room it was asked for. */
function backlog(name: string, refill: number, waiting: number[]) {
  const asked: number[] = [];
  return {
    asked,
    source: source(name, refill, async (room) => {
      asked.push(room);
      return waiting.splice(0, room);
    }),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lane › running', () => {
  it('runs what a wake-up finds, at most `concurrency` at once, and fetches the rest as slots free', async () => {
    const due = backlog('due', 2, [1, 2, 3, 4, 5, 6]);
    const releases: Array<() => void> = [];
    const ran: number[] = [];
    const lane = startLane({
      sources: [due.source],
      concurrency: 4,
      run: (unit) => new Promise<void>((resolve) => releases.push(() => (ran.push(unit), resolve()))),
      onError: () => {},
    });
    lane.wake();
    await settle();
    expect(releases).toHaveLength(4);
    releases.shift()!();
    await settle();
    // One slot free of four: a busy lane waits for two (refill).
    expect(releases).toHaveLength(3);
    releases.shift()!();
    await settle();
    expect(releases).toHaveLength(4);
    while (releases.length > 0) {
      releases.shift()!();
      await settle();
    }
    expect(ran.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(due.asked).toEqual([4, 2, 2]);
  });

  it('a wake-up during a fetch is asked again after it', async () => {
    let answer!: (units: number[]) => void;
    const asked: number[] = [];
    const lane = startLane({
      sources: [
        source('due', 1, (room) => {
          asked.push(room);
          return new Promise((resolve) => (answer = resolve));
        }),
      ],
      concurrency: 8,
      run: async () => {},
      onError: () => {},
    });
    lane.wake();
    await settle();
    lane.wake();
    answer([]);
    await settle();
    expect(asked).toEqual([8, 8]);
  });

  it('a source that fails is asked again at the next wake-up, and the lane goes on', async () => {
    const errors: string[] = [];
    let fails = true;
    const ran: number[] = [];
    const lane = startLane({
      sources: [
        source('due', 1, async () => {
          if (fails) throw new Error('database away');
          return [7];
        }),
      ],
      concurrency: 2,
      run: async (unit) => void ran.push(unit),
      onError: (_, from) => void errors.push(from),
    });
    lane.wake();
    await settle();
    expect(errors).toEqual(['due']);
    fails = false;
    lane.wake();
    await settle();
    expect(ran).toContain(7);
  });

  it('lanes sharing slots never run more than the shared slots together', async () => {
    const shared: SharedSlots = { free: 3, wakeUps: new Set() };
    const releases: Array<() => void> = [];
    const hold = () => new Promise<void>((resolve) => releases.push(resolve));
    const lanes = ['telegram', 'sms'].map(() =>
      startLane({
        sources: [backlog('due', 1, [1, 2, 3, 4]).source],
        concurrency: 4,
        shared,
        run: hold,
        onError: () => {},
      }),
    );
    for (const lane of lanes) lane.wake();
    await settle();
    expect(releases).toHaveLength(3);
    releases.shift()!();
    await settle();
    expect(releases).toHaveLength(3);
    expect(lanes.reduce((sum, lane) => sum + lane.state().inFlight, 0)).toBe(3);
    for (const release of releases.splice(0)) release();
  });

  it('stops fetching once stopped, and waits for the units in flight', async () => {
    const due = backlog('due', 1, [1, 2, 3]);
    let release!: () => void;
    const lane = startLane({
      sources: [due.source],
      concurrency: 1,
      run: () => new Promise<void>((resolve) => (release = resolve)),
      onError: () => {},
    });
    lane.wake();
    await settle();
    const stopped = lane.stop(5_000);
    release();
    await stopped;
    lane.wake();
    await settle();
    expect(due.asked).toEqual([1]);
  });
});
