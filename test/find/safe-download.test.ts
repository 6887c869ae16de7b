import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DownloadPolicy, downloadFile, downloadPolicy } from '../../src/slack-client/download-file.js';

let server: Server;
let origin: string;
const seen: Array<{ path: string; auth?: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', auth: req.headers.authorization });
    if (req.url === '/file') res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    else if (req.url === '/big') res.writeHead(200).end(Buffer.alloc(5000, 'a'));
    else if (req.url === '/here') res.writeHead(302, { location: '/file' }).end();
    else if (req.url === '/away') res.writeHead(302, { location: 'https://evil.example/x' }).end();
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end('late'), 2000);
    else res.writeHead(403).end('no');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const policy = (over: Partial<DownloadPolicy> = {}): DownloadPolicy => ({
  ...downloadPolicy(`${origin}/api/`),
  ...over,
});
const soon = () => Date.now() + 5000;

describe('downloadFile', () => {
  it('allows only Slack’s file host, and the overridden API URL’s origin', () => {
    expect(downloadPolicy('https://slack.com/api/').origins).toEqual(['https://files.slack.com']);
    expect(downloadPolicy(`${origin}/api/`).origins).toEqual(['https://files.slack.com', origin]);
  });

  it('downloads with the caller’s token from an allowed origin', async () => {
    seen.length = 0;
    expect(await downloadFile(`${origin}/file`, 'xoxp-1', policy(), soon())).toEqual({
      ok: true,
      bytes: Buffer.from('hello'),
      contentType: 'text/plain',
      truncated: false,
    });
    expect(seen).toEqual([{ path: '/file', auth: 'Bearer xoxp-1' }]);
  });

  it('refuses another host, plain HTTP to files.slack.com and credentials in the URL, without a request', async () => {
    seen.length = 0;
    expect(await downloadFile('https://evil.example/f', 't', policy(), soon())).toEqual({
      ok: false,
      reason: `its download URL is on evil.example, not Slack's file host (files.slack.com or ${new URL(origin).host})`,
    });
    expect((await downloadFile('http://files.slack.com/f', 't', policy(), soon())).ok).toBe(false);
    const withUser = `${origin.replace('http://', 'http://u:p@')}/file`;
    expect(await downloadFile(withUser, 't', policy(), soon())).toEqual({
      ok: false,
      reason: 'its download URL carries credentials',
    });
    expect(seen).toEqual([]);
  });

  it('follows a redirect within the allowed origins, never one off them', async () => {
    expect(await downloadFile(`${origin}/here`, 't', policy(), soon())).toMatchObject({
      ok: true,
      bytes: Buffer.from('hello'),
    });
    seen.length = 0;
    expect(await downloadFile(`${origin}/away`, 't', policy(), soon())).toEqual({
      ok: false,
      reason: `it redirects elsewhere: its download URL is on evil.example, not Slack's file host (files.slack.com or ${new URL(origin).host})`,
    });
    expect(seen.map((s) => s.path)).toEqual(['/away']);
  });

  it('reads at most maxBytes, says it cut, and bounds the wait', async () => {
    const big = await downloadFile(`${origin}/big`, 't', policy({ maxBytes: 1000 }), soon());
    expect(big).toMatchObject({ ok: true, truncated: true });
    expect(big.ok && big.bytes.length).toBe(1000);
    const started = Date.now();
    expect(await downloadFile(`${origin}/slow`, 't', policy({ timeoutMs: 200 }), soon())).toEqual({
      ok: false,
      reason: 'the download timed out',
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await downloadFile(`${origin}/nope`, 't', policy(), soon())).toEqual({
      ok: false,
      reason: `${new URL(origin).host} answered HTTP 403`,
    });
  });
});
