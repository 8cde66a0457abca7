import { describe, expect, it } from 'vitest';
import { lastReadOwnMessage } from './chat-thread';

const messages = [
  { id: 'q1', side: 'requester', at: '2026-11-29T10:00:00.000Z' },
  { id: 's1', side: 'system', at: '2026-11-29T10:00:05.000Z' },
  { id: 'a1', side: 'agent', at: '2026-11-29T10:00:10.000Z' },
  { id: 'q2', side: 'requester', at: '2026-11-29T10:00:20.000Z' },
] as const;

describe('« Lu » under a live chat’s messages', () => {
  it('goes under the reader’s last message read by the other side, never under the other side’s', () => {
    expect(lastReadOwnMessage(messages, 'requester', '2026-11-29T10:00:15.000Z')).toBe('q1');
    expect(lastReadOwnMessage(messages, 'requester', '2026-11-29T10:00:20.000Z')).toBe('q2');
    expect(lastReadOwnMessage(messages, 'agent', '2026-11-29T10:00:30.000Z')).toBe('a1');
  });

  it('is nowhere before the other side has read, or when it read before the reader wrote', () => {
    expect(lastReadOwnMessage(messages, 'requester', null)).toBeNull();
    expect(lastReadOwnMessage(messages, 'agent', '2026-11-29T10:00:09.000Z')).toBeNull();
  });
});
