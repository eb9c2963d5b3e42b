import { MESSAGES } from '../messages';
import {
  createWebhookSchema,
  staffCreateWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryListRequestSchema,
  webhookUrlShapeProblem,
} from './schemas';

const v = MESSAGES.validation;
const CLIENT = 'cccccccc-0000-4000-8000-000000000001';
const URL_OK = 'https://shop.example.com/hooks/depot';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('webhook URL shape', () => {
  it.each([URL_OK, 'http://127.0.0.1:4000/hook?x=1', 'https://[::1]/x', 'https://xn--zazl-7ta.example/żółw'])(
    'takes %s',
    (url) => {
      expect(webhookUrlShapeProblem(url)).toBeUndefined();
    },
  );

  it.each([
    'shop.example.com/hook',
    '/hook',
    'ftp://example.com/x',
    'javascript:alert(1)',
    'mailto:a@example.com',
    'https://user:pass@example.com/x',
    'https://user@example.com/x',
    'https://example.com/x#frag',
    'https://example.com/x#',
    'https://exa mple.com/x',
    'https://example.com/a\u0000b',
    'https://example.com/\n',
    'https://',
    `https://example.com/${'a'.repeat(2000)}`,
  ])('refuses %j', (url) => {
    expect(webhookUrlShapeProblem(url)).toBe(v.webhookUrlInvalid);
  });
});

describe('createWebhookSchema', () => {
  it('takes a trimmed URL and events (each once, in the list order); active by default', () => {
    expect(
      createWebhookSchema.parse({
        url: `  ${URL_OK} `,
        events: ['label.ready', 'parcel.created', 'label.ready'],
      }),
    ).toEqual({ url: URL_OK, events: ['parcel.created', 'label.ready'], active: true });
  });

  it.each([
    [{ events: ['parcel.created'] }, v.webhookUrlRequired],
    [{ url: '  ', events: ['parcel.created'] }, v.webhookUrlRequired],
    [{ url: 7, events: ['parcel.created'] }, v.webhookUrlRequired],
    [{ url: 'not a url', events: ['parcel.created'] }, v.webhookUrlInvalid],
    [{ url: 'x'.repeat(100_000), events: ['parcel.created'] }, v.webhookUrlInvalid],
    [{ url: URL_OK }, v.webhookEventsRequired],
    [{ url: URL_OK, events: [] }, v.webhookEventsRequired],
    [{ url: URL_OK, events: 'parcel.created' }, v.webhookEventsRequired],
    [{ url: URL_OK, events: ['parcel.deleted'] }, v.webhookEventInvalid],
    [{ url: URL_OK, events: ['webhook.test'] }, v.webhookEventInvalid],
    [{ url: URL_OK, events: Array(7).fill('parcel.created') }, v.webhookEventsRequired],
    [{ url: URL_OK, events: ['parcel.created'], clientId: 'x' }, v.clientRequired],
  ])('refuses %j with %s', (body, message) => {
    expect(firstMessage(createWebhookSchema.safeParse(body))).toBe(message);
  });

  it('refuses fields it does not know (e.g. a secret chosen by the caller)', () => {
    expect(
      createWebhookSchema.safeParse({ url: URL_OK, events: ['parcel.created'], secret: 'x' }).success,
    ).toBe(false);
  });

  it('staff must name the client', () => {
    expect(firstMessage(staffCreateWebhookSchema.safeParse({ url: URL_OK, events: ['label.ready'] }))).toBe(
      v.clientRequired,
    );
    expect(
      staffCreateWebhookSchema.parse({ url: URL_OK, events: ['label.ready'], clientId: CLIENT }).clientId,
    ).toBe(CLIENT);
  });
});

describe('updateWebhookSchema', () => {
  it('takes any subset of URL, events and active', () => {
    expect(updateWebhookSchema.parse({})).toEqual({});
    expect(updateWebhookSchema.parse({ active: false })).toEqual({ active: false });
    expect(updateWebhookSchema.parse({ events: ['parcel.status_changed'] })).toEqual({
      events: ['parcel.status_changed'],
    });
  });

  it('refuses a bad URL, no events and other fields', () => {
    expect(firstMessage(updateWebhookSchema.safeParse({ url: 'nope' }))).toBe(v.webhookUrlInvalid);
    expect(firstMessage(updateWebhookSchema.safeParse({ events: [] }))).toBe(v.webhookEventsRequired);
    expect(updateWebhookSchema.safeParse({ clientId: CLIENT }).success).toBe(false);
    expect(updateWebhookSchema.safeParse({ secretPrefix: 'whsec_x' }).success).toBe(false);
  });
});

describe('webhookDeliveryListRequestSchema', () => {
  it('filters by state and event only', () => {
    expect(webhookDeliveryListRequestSchema.parse({ filters: { state: 'failed' } }).filters).toEqual({
      state: 'failed',
    });
    expect(webhookDeliveryListRequestSchema.safeParse({ filters: { state: 'lost' } }).success).toBe(false);
    expect(webhookDeliveryListRequestSchema.safeParse({ filters: { endpointId: CLIENT } }).success).toBe(
      false,
    );
  });
});
