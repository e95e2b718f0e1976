import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/test-clock.ts';
import { createWebhookCircuit, WEBHOOK_CIRCUIT, type CircuitDecision, type CircuitTicket } from './webhook-circuit.ts';

const START = new Date('2026-11-26T08:00:00Z');
const later = (seconds: number) => new Date(START.getTime() + seconds * 1000);

function ticketOf(decision: CircuitDecision): CircuitTicket {
  if (typeof decision === 'string') throw new Error(`expected a ticket, got ${decision}`);
  return decision;
}

describe('webhook circuit', () => {
  it('lets a few attempts at one endpoint run at once; the next waits while they are young, fails once they are slow', () => {
    const clock = createTestClock(START);
    const circuit = createWebhookCircuit(clock);
    const tickets = Array.from({ length: WEBHOOK_CIRCUIT.inFlightPerEndpoint }, () => ticketOf(circuit.admit('slow')));
    expect(circuit.admit('slow')).toBe('wait');
    clock.set(later(WEBHOOK_CIRCUIT.slowAfterSeconds));
    expect(circuit.admit('slow')).toBe('fail_fast');
    tickets[0]!.settle({ isSuccess: true });
    expect(typeof circuit.admit('slow')).toBe('object');
  });

  it('bounds the attempts in flight across endpoints', () => {
    const circuit = createWebhookCircuit(createTestClock(START));
    for (let index = 0; index < WEBHOOK_CIRCUIT.inFlightPerProcess; index += 1)
      ticketOf(circuit.admit(`endpoint-${index}`));
    expect(circuit.admit('one-more')).toBe('wait');
  });

  it('fails at once after failures in a row, lets one attempt probe once open long enough, and closes on success', () => {
    const clock = createTestClock(START);
    const circuit = createWebhookCircuit(clock);
    for (let index = 0; index < WEBHOOK_CIRCUIT.failuresToOpen; index += 1)
      ticketOf(circuit.admit('dead')).settle({ isSuccess: false });
    expect(circuit.admit('dead')).toBe('fail_fast');
    clock.set(later(WEBHOOK_CIRCUIT.openSeconds));
    const probe = ticketOf(circuit.admit('dead'));
    expect(circuit.admit('dead')).toBe('fail_fast');
    probe.settle({ isSuccess: false });
    expect(circuit.admit('dead')).toBe('fail_fast');
    clock.set(later(2 * WEBHOOK_CIRCUIT.openSeconds));
    ticketOf(circuit.admit('dead')).settle({ isSuccess: true });
    ticketOf(circuit.admit('dead'));
    ticketOf(circuit.admit('dead'));
  });

  it('an endpoint that fails now and then never opens, and a ticket settles once', () => {
    const circuit = createWebhookCircuit(createTestClock(START));
    for (let index = 0; index < 10; index += 1) {
      const ticket = ticketOf(circuit.admit('flaky'));
      ticket.settle({ isSuccess: index % 2 === 0 });
      ticket.settle({ isSuccess: false });
    }
    ticketOf(circuit.admit('flaky'));
  });
});
