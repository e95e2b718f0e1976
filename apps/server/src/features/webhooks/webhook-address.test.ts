import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from './webhook-address.ts';

describe('webhook addresses', () => {
  it('calls only plain unicast addresses public', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '2002:a00:1::',
      '64:ff9b::a00:1',
      '::7f00:1',
      '::a00:1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('asks for https and a public literal unless private networks are allowed', () => {
    const strict = { allowPrivateNetworks: false };
    expect(webhookUrlProblem('https://hooks.example.com/x', strict)).toBeNull();
    expect(webhookUrlProblem('https://93.184.216.34/x', strict)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/x', strict)).toMatch(/https/);
    expect(webhookUrlProblem('https://[::1]/x', strict)).toMatch(/public internet/);
    expect(webhookUrlProblem('https://[::ffff:a00:1]/x', strict)).toMatch(/public internet/);
    expect(webhookUrlProblem('https://localhost:8443/x', strict)).toMatch(/localhost/);
    expect(webhookUrlProblem('http://127.0.0.1:9/x', { allowPrivateNetworks: true })).toBeNull();
  });

  it('names the setting that lifts the rule on a self-hosted server, and where it is explained', () => {
    for (const url of ['http://127.0.0.1:9/x', 'https://10.0.0.5/x', 'https://localhost/x'])
      expect(webhookUrlProblem(url, { allowPrivateNetworks: false }), url).toContain(
        'WEBHOOK_ALLOW_PRIVATE_NETWORKS=true allows these (docs/operations.md, “Outgoing webhooks”)',
      );
  });
});
