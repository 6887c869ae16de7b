/** Unix seconds as ISO 8601 without milliseconds; '' when unknown. */
export const isoOf = (seconds: number | undefined) =>
  seconds === undefined ? '' : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** `1.2 MB`, `41 KB`, `512 B`. */
export function readableSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 10 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
