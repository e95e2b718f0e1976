import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { Braces, Code, FileCode, Hexagon, Terminal, Webhook, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useRowCopy } from '../../../lib/use-row-copy.ts';
import type { ConnectKey } from '../hooks/use-connect-key.ts';
import {
  curlSnippet,
  fetchSnippet,
  htmlFormSnippet,
  nodeSnippet,
  phpSnippet,
  SDK_INSTALL_COMMAND,
  wordpressSnippet,
  type SnippetInput,
} from '../snippets.ts';
import { CodeBlock } from './code-block.tsx';
import { BrowserKeyAdvice, ServerKeyAdvice } from './key-advice.tsx';
import { WebhookPanel } from './webhook-panel.tsx';

type CodeTab = {
  id: string;
  label: string;
  icon: LucideIcon;
  /** Where the key ends up: in page HTML anyone can read, or on a server. */
  keyLives: 'page' | 'server';
  build: (input: SnippetInput) => string;
  intro: ReactNode;
};

const CODE_TABS: CodeTab[] = [
  {
    id: 'html',
    label: 'HTML form',
    icon: Code,
    keyLives: 'page',
    build: htmlFormSnippet,
    intro: (
      <>
        Paste the form into your page, or add its hidden fields and its small script to your own form and point its{' '}
        <code className="font-mono text-xs">action</code> at Leadbell. Every other field becomes the lead’s data.
      </>
    ),
  },
  {
    id: 'fetch',
    label: 'JavaScript',
    icon: Braces,
    keyLives: 'page',
    build: fetchSnippet,
    intro: 'For a form you already have: this script sends its fields as JSON when a visitor submits it.',
  },
  {
    id: 'curl',
    label: 'curl',
    icon: Terminal,
    keyLives: 'server',
    build: curlSnippet,
    intro: (
      <>
        One request from a terminal or a server script, with sample data. It’s marked as a test: take{' '}
        <code className="font-mono text-xs">&quot;test&quot;:true</code> out for real leads.
      </>
    ),
  },
  {
    id: 'php',
    label: 'PHP',
    icon: FileCode,
    keyLives: 'server',
    build: phpSnippet,
    intro: 'With cURL: call leadbell_notify() where your form is handled, after validating it.',
  },
  {
    id: 'wordpress',
    label: 'WordPress',
    icon: FileCode,
    keyLives: 'server',
    build: wordpressSnippet,
    intro: (
      <>
        For Contact Form 7 or WPForms: paste into your theme’s <code className="font-mono text-xs">functions.php</code>{' '}
        (or a code snippets plugin). Every field of the form is sent.
      </>
    ),
  },
  {
    id: 'node',
    label: 'Node.js',
    icon: Hexagon,
    keyLives: 'server',
    build: nodeSnippet,
    intro: 'With the Leadbell SDK, which retries on errors without ever sending a lead twice.',
  },
];

type ConnectCodeProps = {
  input: SnippetInput;
  connectKey: ConnectKey;
  flowId: string;
};

/** The ready-to-paste code, one tab per way of sending, with the key advice that fits each. */
export function ConnectCode({ input, connectKey, flowId }: ConnectCodeProps) {
  const { copiedId, pendingId, copyFailed, copy } = useRowCopy();
  const apiKey: ApiKeySummary | null = connectKey.key;

  // Copy always carries the real key, fetched when it was not revealed; the page keeps showing it masked.
  function copySnippet(id: string, build: (input: SnippetInput) => string) {
    void copy(id, async () => build({ ...input, apiKey: await connectKey.secret() }));
  }

  return (
    <Tabs defaultValue="html" className="min-w-0">
      <TabsList aria-label="How your website sends leads">
        {CODE_TABS.map(({ id, label, icon: Icon }) => (
          <TabsTrigger key={id} value={id}>
            <Icon aria-hidden="true" />
            {label}
          </TabsTrigger>
        ))}
        <TabsTrigger value="webhook">
          <Webhook aria-hidden="true" />
          Webhook
        </TabsTrigger>
      </TabsList>
      {copyFailed ? (
        <Alert tone="error" className="mt-4">
          Copying failed. Select the code and copy it by hand.
        </Alert>
      ) : null}
      {CODE_TABS.map((tab) => (
        <TabsContent key={tab.id} value={tab.id} className="grid gap-4">
          <p className="text-sm text-slate-600">{tab.intro}</p>
          {tab.keyLives === 'page' ? (
            <BrowserKeyAdvice apiKey={apiKey} />
          ) : (
            <ServerKeyAdvice apiKey={apiKey} onKeyCreated={connectKey.select} />
          )}
          {tab.id === 'node' ? (
            <CodeBlock
              label="Install"
              code={SDK_INSTALL_COMMAND}
              isCopied={copiedId === 'node-install'}
              onCopy={() => void copy('node-install', () => SDK_INSTALL_COMMAND)}
            />
          ) : null}
          <CodeBlock
            label={tab.label}
            code={tab.build(input)}
            isCopied={copiedId === tab.id}
            isCopying={pendingId === tab.id}
            onCopy={() => copySnippet(tab.id, tab.build)}
          />
        </TabsContent>
      ))}
      <TabsContent value="webhook">
        <WebhookPanel flowId={flowId} />
      </TabsContent>
    </Tabs>
  );
}
