import type { DomainEvent } from '@depot/contracts';
import { MAX_EVENT_BYTES, packEvents, unpackEvents } from './postgres-event-bus';

const created = (n: number, extra = ''): DomainEvent => ({
  type: 'parcel.created',
  payload: {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    clientId: '00000000-0000-4000-8000-000000000000',
    internalNumber: `AB${n}${extra}`,
    status: 'new',
    updatedAt: '2026-11-29T04:00:00.000Z',
  },
});
const payloadOf = (e: DomainEvent) => {
  const json = JSON.stringify(e);
  return { json, bytes: Buffer.byteLength(json) };
};
const roundTrip = (events: DomainEvent[]) => packEvents(events.map(payloadOf)).flatMap(unpackEvents);

describe('packEvents / unpackEvents', () => {
  it('packs nothing into no notification', () => {
    expect(packEvents([])).toEqual([]);
  });

  it('keeps a lone event as the event itself', () => {
    const e = created(1);
    expect(packEvents([payloadOf(e)])).toEqual([JSON.stringify(e)]);
    expect(unpackEvents(JSON.stringify(e))).toEqual([e]);
  });

  it('packs many small events into few notifications, in order, none over the limit', () => {
    const events = Array.from({ length: 1000 }, (_, i) => created(i));
    const packed = packEvents(events.map(payloadOf));
    expect(packed.length).toBeLessThan(40);
    for (const p of packed) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    expect(packed.flatMap(unpackEvents)).toEqual(events);
  });

  it('counts bytes, not characters (Polish text is two bytes a letter)', () => {
    const events = Array.from({ length: 300 }, (_, i) => created(i, 'ąęłńóśźż'.repeat(20)));
    const packed = packEvents(events.map(payloadOf));
    for (const p of packed) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    expect(packed.flatMap(unpackEvents)).toEqual(events);
  });

  it('sends an event as large as the limit alone, between packed neighbours', () => {
    const big = created(2, 'x'.repeat(MAX_EVENT_BYTES - payloadOf(created(2)).bytes));
    expect(payloadOf(big).bytes).toBe(MAX_EVENT_BYTES);
    const events = [created(1), big, created(3), created(4)];
    const packed = packEvents(events.map(payloadOf));
    expect(packed).toHaveLength(3);
    expect(packed[1]).toBe(JSON.stringify(big));
    for (const p of packed) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    expect(roundTrip(events)).toEqual(events);
  });

  it('fills a notification up to exactly the limit and starts the next one after', () => {
    const base = payloadOf(created(1)).bytes;
    // Two events whose array `[a,b]` is exactly MAX_EVENT_BYTES, then a third.
    const padding = Math.floor((MAX_EVENT_BYTES - 3) / 2) - base;
    const a = created(1, 'y'.repeat(padding));
    const rest = MAX_EVENT_BYTES - 3 - payloadOf(a).bytes;
    const b = created(2, 'z'.repeat(rest - base));
    expect(Buffer.byteLength(`[${JSON.stringify(a)},${JSON.stringify(b)}]`)).toBe(MAX_EVENT_BYTES);
    const packed = packEvents([a, b, created(3)].map(payloadOf));
    expect(packed).toHaveLength(2);
    expect(Buffer.byteLength(packed[0]!)).toBe(MAX_EVENT_BYTES);
    expect(packed[1]).toBe(JSON.stringify(created(3)));
  });

  it('refuses a payload that is not JSON', () => {
    expect(() => unpackEvents('{"type":')).toThrow();
  });
});
