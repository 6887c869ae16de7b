import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../errors.js';
import { browserOf } from '../sessions.js';
import type { SignIn } from '../sign-in.js';
import { STATE_COOKIE } from '../slack-oauth.js';
import { acceptForms, FORM_BODY_LIMIT } from './form-body.js';
import { bodyErrors, formBody, offAndUnavailable, pageResponse, redirectResponse } from './schemas.js';
import { sendOutcome } from './send-outcome.js';

type Form = Record<string, string | undefined>;

const NOTICES: Record<string, string> = {
  signed_out:
    'You are signed out: every client’s access has ended and Slack revoked this server’s token for you.',
  cancelled: 'Sign-in with Slack was cancelled.',
};

/** The people's page: sign in with Slack, whom you are signed in as, a personal token (shown once), sign out. */
export default async function peopleRoutes(app: FastifyInstance) {
  acceptForms(app);
  const enabled = (): SignIn => {
    if (!app.signIn) throw new Errors.SignInNotConfigured();
    return app.signIn;
  };
  const common = { tags: ['sign-in'] };
  const browser = (cookie: string | undefined) => browserOf(cookie, STATE_COOKIE);

  app.get(
    '/signin',
    {
      schema: {
        ...common,
        operationId: 'getSignInPage',
        summary: 'The people’s page',
        description:
          'Sign in with Slack; then whom you are signed in as, a button for a personal token (for curl or a CLI client, shown once) and one to sign out. Cookies: HttpOnly, SameSite=Lax, Secure unless PUBLIC_URL is http on loopback.',
        querystring: Type.Object(
          {
            signed_out: Type.Optional(
              Type.String({ description: 'Set after signing out: the page says so' }),
            ),
            cancelled: Type.Optional(Type.String({ description: 'Set after a cancelled Slack sign-in' })),
          },
          { additionalProperties: true },
        ),
        response: {
          200: pageResponse('Signed in or not, the page', 'Signed in as Maya Chen'),
          ...offAndUnavailable,
        },
      },
    },
    async (request, reply) => {
      const query = request.query as Form;
      const notice = Object.keys(NOTICES).find((key) => query[key] !== undefined);
      return sendOutcome(
        reply,
        await enabled().peoplePage.show(browser(request.headers.cookie), {
          notice: notice && NOTICES[notice],
        }),
      );
    },
  );

  app.get(
    '/signin/slack',
    {
      schema: {
        ...common,
        operationId: 'startSignIn',
        summary: 'Off to Slack’s sign-in page',
        description:
          'Redirects to Slack’s /oauth/v2/authorize with our user scopes and a state bound to this browser (a cookie).',
        response: { 302: redirectResponse('Slack’s sign-in page'), ...offAndUnavailable },
      },
    },
    async (_request, reply) => sendOutcome(reply, await enabled().peoplePage.startSignIn()),
  );

  app.post(
    '/signin/token',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        ...common,
        consumes: ['application/x-www-form-urlencoded'],
        operationId: 'createPersonalToken',
        summary: 'A personal token, shown once',
        description:
          'A bearer token that acts as the signed-in person on every REST route and /mcp, for SIGN_IN_GRANT_TTL_S or until they sign out; shown once on the page, stored only as a keyed hash.',
        body: formBody({ csrf: 'The page’s CSRF token' }),
        response: {
          200: pageResponse('The page with the token, this once', 'Your personal token'),
          403: pageResponse(
            'Not signed in here, or the form did not come from this browser’s page',
            'Not sent from your page',
          ),
          ...offAndUnavailable,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      sendOutcome(
        reply,
        await enabled().peoplePage.personalToken(request.body as Form, browser(request.headers.cookie)),
      ),
  );

  app.post(
    '/signout',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        ...common,
        consumes: ['application/x-www-form-urlencoded'],
        operationId: 'signOut',
        summary: 'Sign out',
        description:
          'Ends the person’s sign-in everywhere: every grant and personal token, and this server’s Slack token for them (auth.revoke).',
        body: formBody({ csrf: 'The page’s CSRF token' }),
        response: {
          303: redirectResponse('Back to /signin'),
          403: pageResponse(
            'Not signed in here, or the form did not come from this browser’s page',
            'Not sent from your page',
          ),
          ...offAndUnavailable,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      sendOutcome(
        reply,
        await enabled().peoplePage.signOut(request.body as Form, browser(request.headers.cookie)),
        true,
      ),
  );
}
