/** Writes text to the clipboard; throws when the browser refuses (no permission, insecure origin). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}
