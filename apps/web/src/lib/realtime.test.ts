import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRealtimeMessage } from '@farha/contracts/realtime';
import type * as Realtime from './realtime';

/** A stand-in for the browser's EventSource: the test plays the server's events and failures. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private handlers = new Map<string, ((event: { data?: string }) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: { withCredentials?: boolean },
  ) {
    FakeEventSource.made.push(this);
  }
  addEventListener(name: string, handler: (event: { data?: string }) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string, data?: unknown) {
    if (name === 'ready') this.readyState = FakeEventSource.OPEN;
    for (const h of this.handlers.get(name) ?? []) h({ data: data === undefined ? undefined : JSON.stringify(data) });
  }
}

const message = (seq: number, orderId: string): TRealtimeMessage => ({ seq, topic: 'order.payment', payload: { orderId, status: 'paid' }, at: '2026-11-29T08:00:00.000Z' });

let realtime: typeof Realtime;
beforeEach(async () => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.resetModules();
  realtime = await import('./realtime');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the tab’s stream (issue 36)', () => {
  it('opens one EventSource for every listener, hands each its topic, and closes after the last', () => {
    const payments: string[] = [];
    const notifications: number[] = [];
    const offA = realtime.subscribeRealtime({ topic: 'order.payment', on: (m) => payments.push((m.payload as { orderId: string }).orderId) });
    const offB = realtime.subscribeRealtime({ topic: 'partner.notification', on: (m) => notifications.push(m.seq) });
    expect(FakeEventSource.made).toHaveLength(1);
    const es = FakeEventSource.made[0]!;
    expect(es.url).toBe('/api/stream');
    expect(es.init).toEqual({ withCredentials: true });
    es.emit('ready', { resumed: false });
    expect(realtime.realtimeConnected()).toBe(true);
    es.emit('order.payment', message(7, 'o-1'));
    expect(payments).toEqual(['o-1']);
    expect(notifications).toEqual([]);
    offA();
    expect(es.readyState).not.toBe(FakeEventSource.CLOSED);
    offB();
    expect(es.readyState).toBe(FakeEventSource.CLOSED);
    expect(realtime.realtimeConnected()).toBe(false);
  });

  it('asks the page to read again on a fresh stream and on reset, not on a resume', () => {
    let reads = 0;
    const off = realtime.subscribeRealtime({ topic: 'ready', on: () => reads++ });
    const es = FakeEventSource.made[0]!;
    es.emit('ready', { resumed: false });
    es.emit('ready', { resumed: true });
    expect(reads).toBe(1);
    es.emit('reset', {});
    expect(reads).toBe(2);
    off();
  });

  it('counts as down while reconnecting, and after a refusal tries a new stream 30 s later', () => {
    const off = realtime.subscribeRealtime({ topic: 'order.payment', on: () => {} });
    const first = FakeEventSource.made[0]!;
    first.emit('ready', { resumed: false });
    first.readyState = FakeEventSource.CONNECTING;
    first.emit('error');
    expect(realtime.realtimeConnected()).toBe(false);
    expect(FakeEventSource.made).toHaveLength(1); // the browser reconnects by itself
    first.readyState = FakeEventSource.CLOSED; // a 401 or 429: the browser gives up
    first.emit('error');
    vi.advanceTimersByTime(29_000);
    expect(FakeEventSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.made).toHaveLength(2);
    off();
  });

  it('a passive listener never opens the stream (a visitor’s page), and hears it while another holds it open', () => {
    const heard: string[] = [];
    const offPassive = realtime.subscribeRealtime({ topic: 'order.payment', on: (m) => heard.push((m.payload as { orderId: string }).orderId) }, { passive: true });
    expect(FakeEventSource.made).toHaveLength(0);
    const offActive = realtime.subscribeRealtime({ topic: 'partner.notification', on: () => undefined });
    const es = FakeEventSource.made[0]!;
    es.emit('ready', { resumed: false });
    es.emit('order.payment', message(3, 'o-3'));
    expect(heard).toEqual(['o-3']);
    // The last active listener gone, the stream closes although the passive one is still there.
    offActive();
    expect(es.readyState).toBe(FakeEventSource.CLOSED);
    // Refused then: no new stream is tried for the passive listener alone.
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.made).toHaveLength(1);
    offPassive();
  });
});
