import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { copyText } from '../../../lib/clipboard.ts';

/**
 * The signing secret, shown once after an endpoint is added or its secret rotated: the server
 * never answers it again. Focus moves here so a keyboard or screen reader user finds it.
 */
export function WebhookSecretPanel({
  secret,
  url,
  isRotation,
  onDone,
}: {
  secret: string;
  url: string;
  isRotation: boolean;
  onDone: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section
      aria-labelledby="webhook-secret-heading"
      className="grid gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
    >
      <h3
        id="webhook-secret-heading"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-semibold outline-none"
      >
        <KeyRound aria-hidden="true" className="size-4" />
        {isRotation ? 'New signing secret' : 'Endpoint added: copy its signing secret'}
      </h3>
      <p className="break-all text-emerald-800">{url}</p>
      <div className="flex min-w-0 items-center gap-2 rounded-lg border border-emerald-200 bg-white p-2">
        <code className="min-w-0 flex-1 font-mono text-xs break-all text-slate-900" data-testid="webhook-secret">
          {secret}
        </code>
        <CopyButton
          subject="signing secret"
          isCopied={copy === 'copied'}
          onCopy={() => {
            copyText(secret).then(
              () => setCopy('copied'),
              () => setCopy('failed'),
            );
          }}
        />
      </div>
      <p role="status">
        {copy === 'failed'
          ? 'Your browser did not allow copying: select the secret and copy it by hand.'
          : isRotation
            ? 'Events are signed with both the old and the new secret for 24 hours: update your receiver within a day.'
            : 'Your receiver verifies each event’s signature with it. It is shown only now.'}
      </p>
      <div>
        <Button variant="secondary" size="sm" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </section>
  );
}
