// The parent's side of push-receiver-process.ts: the local push service in a process of its own,
// so receiving and decrypting every push (RFC 8291) never shares an event loop with the server or
// the load, as a real push service runs on other machines.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StubSubscription } from '../test/push-service-stub.ts';

/** Requests to the receiver process, each answered by one message. */
export type ReceiverRequest = { kind: 'subscribe' } | { kind: 'report' };
/** One push as the receiver decrypted it: its lead and when it arrived (wall clock, ms). */
export type ReceivedLead = { notificationId: string; receivedAt: number };
export type ReceiverMessage =
  | { kind: 'started'; host: string; caFile: string }
  | { kind: 'subscribed'; subscription: StubSubscription['subscription'] }
  | { kind: 'report'; received: ReceivedLead[]; refused: number; undecryptable: number };

export async function startPushReceiver() {
  const child = fork(fileURLToPath(new URL('./push-receiver-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answers: Array<(message: ReceiverMessage) => void> = [];
  child.on('message', (message: ReceiverMessage) => answers.shift()?.(message));
  const next = () => new Promise<ReceiverMessage>((resolve) => answers.push(resolve));
  const ask = <K extends ReceiverMessage['kind']>(request: ReceiverRequest) => {
    const answer = next();
    child.send(request);
    return answer as Promise<Extract<ReceiverMessage, { kind: K }>>;
  };
  const started = (await next()) as Extract<ReceiverMessage, { kind: 'started' }>;
  return {
    /** host:port, for PUSH_SERVICE_HOSTS, and its certificate's file, for NODE_EXTRA_CA_CERTS. */
    host: started.host,
    caFile: started.caFile,
    pid: child.pid!,
    subscribe: async () => (await ask<'subscribed'>({ kind: 'subscribe' })).subscription,
    report: () => ask<'report'>({ kind: 'report' }),
    stop: () => {
      child.disconnect();
    },
  };
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
