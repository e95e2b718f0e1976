const SERVICES: [suffix: string, name: string][] = [
  ['googleapis.com', 'Google (Chrome, Android)'],
  ['push.apple.com', 'Apple (Safari, iPhone)'],
  ['mozilla.com', 'Mozilla (Firefox)'],
  ['notify.windows.com', 'Microsoft (Edge, Windows)'],
];

/** The platform behind a device, from its push service's host (`fcm.googleapis.com` → Google). */
export function pushServiceName(host: string): string {
  const normalised = host.toLowerCase();
  const match = SERVICES.find(([suffix]) => normalised === suffix || normalised.endsWith(`.${suffix}`));
  return match?.[1] ?? normalised;
}
