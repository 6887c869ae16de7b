// The SDK copies these from HTTP headers into the body; they are not part of Slack's JSON answer.
const SDK_KEYS = ['scopes', 'acceptedScopes', 'retryAfter'];

/** Slack's body as Slack sent it: without the response_metadata keys the SDK adds from headers. */
export function stripSdkMetadata<T>(body: T): T {
  const meta = (body as { response_metadata?: Record<string, unknown> })?.response_metadata;
  if (!meta || typeof meta !== 'object') return body;
  const kept = Object.fromEntries(Object.entries(meta).filter(([k]) => !SDK_KEYS.includes(k)));
  const { response_metadata: _dropped, ...rest } = body as Record<string, unknown>;
  return (Object.keys(kept).length > 0 ? { ...rest, response_metadata: kept } : rest) as T;
}
