import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { canonicalHostRedirect } from '../../src/lib/http.ts';

const request = (host: string, url = '/coffrets', method = 'GET', headers: Record<string, string> = {}) =>
  ({ method, url, headers: { host, ...headers } }) as unknown as FastifyRequest;
const local = { publicUrl: 'http://localhost:3000', port: 3000, trustProxy: false as const };

describe('canonicalHostRedirect', () => {
  it('moves loopback names of the server to a loopback PUBLIC_URL, keeping path and query', () => {
    expect(canonicalHostRedirect(request('127.0.0.1:3000', '/coffrets?ville=oran'), local)).toBe('http://localhost:3000/coffrets?ville=oran');
    expect(canonicalHostRedirect(request('[::1]:3000'), local)).toBe('http://localhost:3000/coffrets');
    expect(canonicalHostRedirect(request('LOCALHOST:3000'), local)).toBeNull();
  });

  it('moves any name of the server to a PUBLIC_URL on its own port, never to a host the client chose', () => {
    const lan = { ...local, publicUrl: 'http://192.168.1.20:3000' };
    expect(canonicalHostRedirect(request('localhost:3000'), lan)).toBe('http://192.168.1.20:3000/coffrets');
    expect(canonicalHostRedirect(request('evil.example:3000', '//evil.example/x'), lan)).toBe('http://192.168.1.20:3000//evil.example/x');
  });

  it('leaves alone what is not a page load straight to this server', () => {
    expect(canonicalHostRedirect(request('127.0.0.1:3000', '/api/health'), local)).toBeNull();
    expect(canonicalHostRedirect(request('127.0.0.1:3000', '/api/payments/webhooks/sandbox', 'POST'), local)).toBeNull();
    expect(canonicalHostRedirect(request('127.0.0.1:3000', '/pay/sandbox/x', 'POST'), local)).toBeNull();
    expect(canonicalHostRedirect(request('127.0.0.1:3000', '/metrics'), local)).toBeNull();
    // A LAN visitor is not sent to its own loopback address.
    expect(canonicalHostRedirect(request('192.168.1.20:3000'), local)).toBeNull();
    // Another port, or PUBLIC_URL on another port than ours: something else fronts the server.
    expect(canonicalHostRedirect(request('127.0.0.1:8080'), local)).toBeNull();
    expect(canonicalHostRedirect(request('127.0.0.1:3000'), { ...local, publicUrl: 'https://farha.example.dz' })).toBeNull();
    // Behind a proxy: configured, or announced by its headers.
    for (const trustProxy of [true, 1, ['10.0.0.0/8']]) expect(canonicalHostRedirect(request('127.0.0.1:3000'), { ...local, trustProxy })).toBeNull();
    expect(canonicalHostRedirect(request('127.0.0.1:3000', '/', 'GET', { 'x-forwarded-for': '203.0.113.9' }), local)).toBeNull();
    expect(canonicalHostRedirect(request('127.0.0.1:3000', '/', 'GET', { forwarded: 'for=203.0.113.9' }), local)).toBeNull();
    expect(canonicalHostRedirect(request(''), local)).toBeNull();
  });
});
