// The process behind startPushReceiver (push-receiver.ts): the test suite's push-service stub,
// which checks each push's VAPID token and decrypts its body as it arrives.
import { startPushServiceStub } from '../test/push-service-stub.ts';
import type { ReceiverMessage, ReceiverRequest } from './push-receiver.ts';

// BENCH_PUSH_SERVICE_IDLE_S: the push service closes a connection idle that long (by default never).
const stub = await startPushServiceStub({ idleTimeoutMs: Number(process.env.BENCH_PUSH_SERVICE_IDLE_S ?? 0) * 1000 });
const send = (message: ReceiverMessage) => process.send!(message);
process.on('message', (request: ReceiverRequest) => {
  if (request.kind === 'subscribe') send({ kind: 'subscribed', subscription: stub.createSubscription().subscription });
  else
    send({
      kind: 'report',
      received: stub.received.map((push) => ({
        notificationId: push.payload.notificationId as string,
        receivedAt: push.receivedAt,
      })),
      refused: stub.refused.filter((refusal) => !refusal.reason.startsWith('cannot decrypt')).length,
      undecryptable: stub.refused.filter((refusal) => refusal.reason.startsWith('cannot decrypt')).length,
    });
});
process.on('disconnect', () => void stub.close().then(() => process.exit(0)));
send({ kind: 'started', host: stub.host, caFile: stub.caFile });
