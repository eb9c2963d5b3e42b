import type { Response } from 'supertest';

/** Assertions on the API's one error shape, shared by the integration suites. */

/** An error reply with exactly this status, error and message (and no details). */
export const expectError = (res: Response, statusCode: number, error: string, message: string) => {
  expect(res.status).toBe(statusCode);
  expect(res.body).toEqual({ statusCode, error, message });
};

/** A 400 from body validation: the first issue is `{ path, message }` and is also the reply's message. */
export const expectValidation = (res: Response, message: string, path: string) => {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    statusCode: 400,
    error: 'ValidationError',
    message,
    details: expect.any(Array),
  });
  expect(res.body.details[0]).toEqual({ path, message });
};
