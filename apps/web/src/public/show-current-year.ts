/** The footer's copyright year, from the visitor's clock: a page pre-rendered last year stays right. */
export function showCurrentYear(root: ParentNode, now = new Date()): void {
  for (const element of root.querySelectorAll('[data-current-year]')) element.textContent = String(now.getFullYear());
}
