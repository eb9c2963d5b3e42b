import { z } from 'zod';
import { messageReplySchema, route } from '../contract/route';
import { signInReplySchema, signInSchema } from './schemas';

const tags = ['auth'];

/** Signing in and out (SPEC §4). */
export const authRoutes = {
  signIn: route
    .meta({
      public: true,
      errors: [
        [401, 'Wrong e-mail or password, or the user may not sign in'],
        [429, 'Too many failed sign-in attempts: wait Retry-After seconds'],
      ],
    })
    .route({
      method: 'POST',
      path: '/auth/email',
      successStatus: 200,
      tags,
      summary: 'Sign in with e-mail and password; the token lasts 24 hours',
    })
    .input(z.object({ body: signInSchema }))
    .output(signInReplySchema),
  signOut: route
    .meta({ permission: ['account.read'], whenAccessDisabled: true })
    .route({
      method: 'POST',
      path: '/auth/signout',
      successStatus: 200,
      tags,
      summary: 'Sign out: revokes this session and disconnects its sockets',
    })
    .output(messageReplySchema),
};
