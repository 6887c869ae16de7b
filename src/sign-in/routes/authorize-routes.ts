import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../errors.js';
import { OAUTH_PATHS } from '../oauth/metadata.js';
import { browserOf } from '../sessions.js';
import { SLACK_CALLBACK_PATH } from '../settings.js';
import type { SignIn } from '../sign-in.js';
import { STATE_COOKIE } from '../slack-oauth.js';
import { acceptForms, FORM_BODY_LIMIT } from './form-body.js';
import { bodyErrors, formBody, offAndUnavailable, pageResponse, redirectResponse } from './schemas.js';
import { sendOutcome } from './send-outcome.js';

type Form = Record<string, string | undefined>;

const AuthorizeQuery = Type.Object(
  {
    response_type: Type.Optional(Type.String({ description: 'code' })),
    client_id: Type.Optional(
      Type.String({
        description: 'A client id this server issued, or a client ID metadata document URL (https)',
      }),
    ),
    redirect_uri: Type.Optional(
      Type.String({ description: 'Exactly one the client registered (a loopback one on any port)' }),
    ),
    code_challenge: Type.Optional(Type.String({ description: 'PKCE: base64url(SHA-256(code_verifier))' })),
    code_challenge_method: Type.Optional(Type.String({ description: 'S256 (the only method)' })),
    state: Type.Optional(Type.String({ description: 'Returned unchanged with the code' })),
    scope: Type.Optional(Type.String({ description: 'slack:read (the one scope; others are not granted)' })),
    resource: Type.Optional(
      Type.String({ description: 'RFC 8707: this server’s /mcp (default) or its origin' }),
    ),
  },
  { additionalProperties: true },
);

const CallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ description: 'From Slack' })),
    state: Type.Optional(
      Type.String({ description: 'The state sent to Slack, single-use, bound to this browser' }),
    ),
    error: Type.Optional(Type.String({ description: 'access_denied when the person cancelled on Slack' })),
  },
  { additionalProperties: true },
);

/**
 * The browser's side of OAuth: the authorization endpoint, the consent form's answer and Slack's callback. They
 * answer pages, and redirect only to a registered redirect URI or to Slack.
 */
export default async function authorizeRoutes(app: FastifyInstance) {
  acceptForms(app);
  const enabled = (): SignIn => {
    if (!app.signIn) throw new Errors.SignInNotConfigured();
    return app.signIn;
  };
  const common = { tags: ['sign-in'] };
  const form = { consumes: ['application/x-www-form-urlencoded'] };

  app.get(
    OAUTH_PATHS.authorize,
    {
      schema: {
        ...common,
        operationId: 'authorize',
        summary: 'Authorization endpoint (OAuth 2.1, PKCE S256)',
        description:
          'Checks the client and its exact redirect URI (a 400 page otherwise: never a redirect to an unknown address), then shows the consent page naming the client; a browser whose person already approved that client, and is signed in here, goes straight back with a code. Errors after the redirect URI is known go back to it with state and iss.',
        querystring: AuthorizeQuery,
        response: {
          200: pageResponse(
            'The consent page: Approve (name="decision" value="approve") or Deny',
            'Allow access to your Slack search?',
          ),
          302: redirectResponse('Back to the client with code, state and iss, or with error, state and iss'),
          400: pageResponse(
            'The client or its redirect URI is unknown: the page says which',
            'Unknown redirect URI',
          ),
          ...offAndUnavailable,
        },
      },
    },
    async (request, reply) =>
      sendOutcome(
        reply,
        await enabled().authorization.authorize(
          request.query as Form,
          browserOf(request.headers.cookie, STATE_COOKIE),
        ),
      ),
  );

  app.post(
    OAUTH_PATHS.consent,
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        ...common,
        ...form,
        operationId: 'decideConsent',
        summary: 'The consent form’s answer',
        description:
          'Posted by the consent page with its CSRF token (bound to this browser): approve sends the person to Slack’s sign-in page (or, when signed in here, back to the client with a code); deny sends the client access_denied.',
        body: formBody({
          pending: 'The authorization request, from the page',
          csrf: 'The page’s CSRF token',
          decision: 'approve or deny',
        }),
        response: {
          303: redirectResponse('To Slack’s sign-in page, or back to the client'),
          400: pageResponse('The request expired or the decision is missing', 'This request has expired'),
          403: pageResponse(
            'The form did not come from this browser’s consent page',
            'Not sent from this browser’s consent page',
          ),
          ...offAndUnavailable,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      sendOutcome(
        reply,
        await enabled().authorization.decide(
          request.body as Form,
          browserOf(request.headers.cookie, STATE_COOKIE),
        ),
        true,
      ),
  );

  app.get(
    SLACK_CALLBACK_PATH,
    {
      schema: {
        ...common,
        operationId: 'slackCallback',
        summary: 'Where Slack sends the person back',
        description:
          'The redirect URL of the Slack app (docs/slack-app-manifest.yml): @slack/oauth checks the state against this browser’s cookie and exchanges the code (oauth.v2.access); then the person goes back to their MCP client with a code, or to the people’s page.',
        querystring: CallbackQuery,
        response: {
          302: redirectResponse('Back to the MCP client with a code, or to /signin'),
          400: pageResponse(
            'Slack’s answer could not be used (a used or foreign state, a refused code)',
            'Sign-in with Slack did not complete',
          ),
          ...offAndUnavailable,
        },
      },
    },
    async (request, reply) => {
      const signIn = enabled();
      const outcome = await signIn.slackCallback(
        request.raw,
        reply.raw,
        request.query as Form,
        browserOf(request.headers.cookie, STATE_COOKIE),
      );
      return sendOutcome(reply, outcome);
    },
  );
}
