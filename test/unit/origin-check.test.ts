import { describe, expect, it } from 'vitest';
import { originPolicy, refusal } from '../../src/http/origin-check.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

describe('originPolicy', () => {
  it('pins Host to loopback names only when bound to a loopback address and no names are listed', () => {
    const hostsFor = (bind: string, listed?: string) => originPolicy(undefined, listed, bind).hosts;
    for (const bind of ['127.0.0.1', 'localhost', '::1', '[::1]'])
      expect(hostsFor(bind), bind).toEqual(LOOPBACK);
    for (const bind of ['0.0.0.0', '::', '10.0.0.7']) expect(hostsFor(bind), bind).toBeUndefined();
    expect(hostsFor('127.0.0.1', 'Search.Example.com, localhost')).toEqual(
      new Set(['search.example.com', 'localhost']),
    );
  });

  it('normalises listed origins as browsers send them (lower case, no default port)', () => {
    expect(
      originPolicy('HTTPS://App.Example.com:443/, http://b.example.com:8080', undefined, '0.0.0.0'),
    ).toEqual({
      origins: new Set(['https://app.example.com', 'http://b.example.com:8080']),
      hosts: undefined,
    });
  });
});

describe('refusal', () => {
  const open = originPolicy('https://app.example.com', undefined, '0.0.0.0');
  const pinned = originPolicy(undefined, 'search.example.com', '0.0.0.0');

  it('names the header to refuse, Host first, and passes requests without Origin', () => {
    expect(refusal(open, undefined, 'anything:1')).toBeUndefined();
    expect(refusal(open, 'https://app.example.com', undefined)).toBeUndefined();
    expect(refusal(open, 'chrome-extension://localhost', 'x')).toEqual({
      header: 'origin',
      value: 'chrome-extension://localhost',
    });
    expect(refusal(open, 'not a url', 'x')).toEqual({ header: 'origin', value: 'not a url' });
    expect(refusal(pinned, 'http://evil.example.com', 'evil.example.com')).toEqual({
      header: 'host',
      value: 'evil.example.com',
    });
    expect(refusal(pinned, undefined, undefined)).toEqual({ header: 'host', value: '' });
    expect(refusal(pinned, undefined, 'search.example.com:8443')).toBeUndefined();
  });
});
