/** The parsed body, or undefined when it is not JSON (a proxy's error page, an empty answer). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
