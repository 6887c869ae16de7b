import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN, buildHarness, errorBody, type Harness } from '../helper.js';
import { waitFor } from '../support/wait-for.js';

// Real sockets against app.listen: what inject cannot show (timeouts, keep-alive reuse, resets).
let h: Harness;
let port: number;

beforeAll(async () => {
  h = await buildHarness({ config: { REQUEST_TIMEOUT_MS: 1000 } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
});
afterAll(() => h.close());

const openSockets = () =>
  new Promise<number>((resolve, reject) =>
    h.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
  );

interface RawExchange {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

function raw(head: string): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (d) => {
      data += d.toString('latin1');
    });
    socket.on('error', () => {});
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.once('connect', () => {
      socket.write(head, 'latin1');
      resolve({ socket, received: () => data, closed });
    });
    socket.once('error', reject);
  });
}

const parse = (response: string) => {
  const [head, body] = response.split('\r\n\r\n');
  const lines = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(lines[0].split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined };
};

/** What a socket received: status, Connection header and body, to compare with closing(…). */
const answerOf = (x: RawExchange) => {
  const res = parse(x.received());
  return [res.status, res.headers.connection, res.body];
};
const closing = (status: number, code: string, message: string) => [
  status,
  'close',
  errorBody(status, code, message),
];

const slowPost = (auth: string) =>
  `POST /catalog/search HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`;

describe('slow bodies', () => {
  it('are cut off: a 401 before the body, a 408 past REQUEST_TIMEOUT_MS, and every socket closed', async () => {
    const unauthenticated = await Promise.all(Array.from({ length: 10 }, () => raw(slowPost(''))));
    const authenticated = await Promise.all(
      Array.from({ length: 10 }, () => raw(slowPost(`Authorization: Bearer ${API_TOKEN}\r\n`))),
    );
    const all = [...unauthenticated, ...authenticated];
    // Keep trickling a byte every 200 ms, as an attacker would, until the server closes the socket.
    const trickle = setInterval(() => {
      for (const x of all) if (!x.socket.destroyed) x.socket.write(' ');
    }, 200);
    try {
      await Promise.all(all.map((x) => x.closed));
    } finally {
      clearInterval(trickle);
    }
    for (const x of unauthenticated) {
      expect(answerOf(x)).toEqual(
        closing(
          401,
          'AS_ERR_UNAUTHORIZED',
          'Missing Authorization header: send Authorization: Bearer <token>',
        ),
      );
    }
    for (const x of authenticated) {
      expect(answerOf(x)).toEqual(
        closing(
          408,
          'AS_ERR_REQUEST_TIMEOUT',
          'The request was not received in time: send the whole request, body included, within REQUEST_TIMEOUT_MS',
        ),
      );
    }
    await waitFor(async () => (await openSockets()) === 0, 'every socket to close');
  });
});

describe('keep-alive clients', () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  afterAll(() => agent.destroy());

  const send = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; connection?: string; body: unknown }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        let data = '';
        res.on('data', (d) => {
          data += d;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: JSON.parse(data),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  it('get a 431 in our shape with Connection: close, and their next request succeeds', async () => {
    expect((await send('/healthz')).status).toBe(200);
    const big = await send('/healthz', { 'x-filler': 'a'.repeat(20_000) });
    expect(big).toEqual({
      status: 431,
      connection: 'close',
      body: errorBody(
        431,
        'AS_ERR_HEADERS_TOO_LARGE',
        'The request headers are too large (at most 16 KiB in all)',
      ),
    });
    expect(await send('/healthz')).toEqual({ status: 200, connection: 'keep-alive', body: { status: 'ok' } });
  });

  it('get a 400 with Connection: close, and their next request succeeds', async () => {
    const bad = await send('/search/messages', { authorization: `Bearer ${API_TOKEN}` });
    expect(bad).toEqual({
      status: 400,
      connection: 'close',
      body: errorBody(400, 'AS_ERR_BAD_REQUEST', 'querystring/query is required unless to_me is set'),
    });
    expect(await send('/healthz')).toEqual({ status: 200, connection: 'keep-alive', body: { status: 'ok' } });
  });
});

describe('requests Node cannot parse', () => {
  it('get our error shape with Connection: close (a raw non-ASCII URL)', async () => {
    const x = await raw('GET /caf\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n');
    await x.closed;
    expect(answerOf(x)).toEqual(
      closing(
        400,
        'AS_ERR_BAD_HTTP',
        'The request is not valid HTTP/1.1 (HPE_INVALID_URL); check the request line and headers',
      ),
    );
  });
});

describe('a 30 MB body', () => {
  it('gets a readable 413, not a connection reset', async () => {
    const x = await raw(
      `POST /catalog/search HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${30 * 1024 * 1024}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    while (sent < 30 * 1024 * 1024 && !x.received() && !x.socket.destroyed) {
      if (!x.socket.write(chunk)) await new Promise((r) => setTimeout(r, 5));
      sent += chunk.length;
    }
    await waitFor(() => x.received().includes('}'), 'the 413 body');
    x.socket.destroy();
    expect(answerOf(x)).toEqual(closing(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'));
  });
});
