/** Makes text safe inside HTML text and quoted attributes: every character that could start markup is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
