/** Thrown by method handlers; becomes HTTP 200 `{ ok: false, error, ...extra }`. */
export class SlackApiError extends Error {
  constructor(
    readonly error: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(error);
  }
}

export function fail(error: string, extra?: Record<string, unknown>): never {
  throw new SlackApiError(error, extra);
}

export function invalidArguments(message: string): never {
  fail('invalid_arguments', { response_metadata: { messages: [`[ERROR] ${message}`] } });
}
