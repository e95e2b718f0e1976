import type { Clock } from '../../lib/clock.ts';

/**
 * Bounds what one channel endpoint that stopped answering costs the delivery worker (issue 27: a
 * dead endpoint must not slow pushes). An attempt holds one of the worker's job slots until the
 * endpoint answers or the sender's timeout passes, so unbounded, a dead endpoint at 100 leads a
 * second would hold every slot and pushes would wait behind it. Per process:
 * - at most `inFlightPerEndpoint` attempts at one endpoint run at once; while they are young a job
 *   beyond them waits (runs again shortly, no attempt counted); once the oldest has waited
 *   `slowAfterSeconds` the endpoint counts as not answering and the job fails at once;
 * - at most `inFlightPerProcess` attempts run at once in all; a job beyond them waits;
 * - after `failuresToOpen` failures in a row an endpoint's attempts fail at once, without
 *   connecting, for `openSeconds`; then one attempt probes it (the others still fail at once) and
 *   a success closes the circuit.
 * A failure at once counts as a failed attempt and follows the retry schedule. A retry's delay
 * (30 s and more) outlasts the open circuit, so an endpoint that recovers is tried again.
 */
export const WEBHOOK_CIRCUIT = {
  failuresToOpen: 3,
  openSeconds: 30,
  slowAfterSeconds: 2,
  inFlightPerEndpoint: 4,
  inFlightPerProcess: 8,
} as const;

/** An attempt allowed to send: `settle` gives its place back and tells the circuit how it went. */
export type CircuitTicket = { settle: (outcome: { isSuccess: boolean }) => void };

/** A ticket to send; `wait`: run the job again shortly; `fail_fast`: record a failure without sending. */
export type CircuitDecision = CircuitTicket | 'wait' | 'fail_fast';

export type WebhookCircuit = { admit: (endpointId: string) => CircuitDecision };

/** `inFlight`: when each attempt still running started, by ticket. */
type EndpointState = { inFlight: Map<number, number>; failures: number; openedAt: number | null };

export function createWebhookCircuit(clock: Clock, limits = WEBHOOK_CIRCUIT): WebhookCircuit {
  const endpoints = new Map<string, EndpointState>();
  let inFlight = 0;
  let lastTicket = 0;

  function decide(state: EndpointState, now: number): 'send' | 'wait' | 'fail_fast' {
    if (state.openedAt !== null) {
      if (now - state.openedAt < limits.openSeconds * 1000) return 'fail_fast';
      // Open long enough: one attempt probes it.
      if (state.inFlight.size > 0) return 'fail_fast';
    }
    if (state.inFlight.size >= limits.inFlightPerEndpoint) {
      const oldest = Math.min(...state.inFlight.values());
      return now - oldest >= limits.slowAfterSeconds * 1000 ? 'fail_fast' : 'wait';
    }
    return inFlight >= limits.inFlightPerProcess ? 'wait' : 'send';
  }

  return {
    admit(endpointId) {
      const state = endpoints.get(endpointId) ?? { inFlight: new Map(), failures: 0, openedAt: null };
      const now = clock.now().getTime();
      const decision = decide(state, now);
      if (decision !== 'send') return decision;
      lastTicket += 1;
      const ticket = lastTicket;
      state.inFlight.set(ticket, now);
      inFlight += 1;
      endpoints.set(endpointId, state);
      let settled = false;
      return {
        settle({ isSuccess }) {
          if (settled) return;
          settled = true;
          state.inFlight.delete(ticket);
          inFlight -= 1;
          if (isSuccess) {
            state.failures = 0;
            state.openedAt = null;
          } else {
            state.failures += 1;
            if (state.failures >= limits.failuresToOpen) state.openedAt = clock.now().getTime();
          }
          if (state.inFlight.size === 0 && state.failures === 0) endpoints.delete(endpointId);
        },
      };
    },
  };
}
