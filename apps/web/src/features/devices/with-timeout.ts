import { PushSetupError } from './push-error-message.ts';

/** Resolves with `promise`, or rejects with a PushSetupError when it takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, reason: PushSetupError['reason']): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushSetupError(reason)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
