import { AuthorizeQuery, CallbackQuery, ConsentForm } from '../requests.js';
import {
  bodyErrors,
  FORM_CONSUMES,
  limitedPage,
  offAndUnavailable,
  pageResponse,
  redirectResponse,
  SIGN_IN_TAGS,
} from './responses.js';

export const authorizeSchema = {
  tags: SIGN_IN_TAGS,
  operationId: 'authorize',
  summary: 'Authorization endpoint (OAuth 2.1, PKCE S256)',
  description:
    'Checks the client and its exact redirect URI (a 400 page otherwise: never a redirect to an unknown address), then shows the consent page naming the client; a browser whose person already approved that client, and is signed in here, goes straight back with a code. Any other error before the person approved is a 400 page naming it, never a redirect (RFC 9700 §4.11.2: no open redirector); after consent, a denial or a cancelled Slack sign-in goes back to the client with access_denied, state and iss.',
  querystring: AuthorizeQuery,
  response: {
    200: pageResponse(
      'The consent page: Approve (name="decision" value="approve") or Deny',
      'Allow access to your Slack search?',
    ),
    302: redirectResponse(
      'Back to the client with code, state and iss (the person approved it at this redirect URI before)',
    ),
    400: pageResponse(
      'The client or its redirect URI is unknown, or the request is refused (no PKCE S256, another response_type or resource): the page says why',
      'Unknown redirect URI',
    ),
    ...limitedPage,
    ...offAndUnavailable,
  },
};

export const consentSchema = {
  tags: SIGN_IN_TAGS,
  consumes: FORM_CONSUMES,
  operationId: 'decideConsent',
  summary: 'The consent form’s answer',
  description:
    'Posted by the consent page with its CSRF token (bound to this browser): approve sends the person to Slack’s sign-in page (or, when signed in here, back to the client with a code); deny sends the client access_denied.',
  body: ConsentForm,
  response: {
    303: redirectResponse('To Slack’s sign-in page, or back to the client'),
    400: pageResponse(
      'The request expired, the decision is missing, or the form is not one this page sends',
      'This request has expired',
    ),
    403: pageResponse(
      'The form did not come from this browser’s consent page',
      'Not sent from this browser’s consent page',
    ),
    ...limitedPage,
    ...offAndUnavailable,
    ...bodyErrors,
  },
};

export const slackCallbackSchema = {
  tags: SIGN_IN_TAGS,
  operationId: 'slackCallback',
  summary: 'Where Slack sends the person back',
  description:
    'The redirect URL of the Slack app (docs/slack-app-manifest.yml): @slack/oauth checks the state against this browser’s cookie and exchanges the code (oauth.v2.access); then the person goes back to their MCP client with a code, or to the people’s page (after adding a workspace: to this session’s person only).',
  querystring: CallbackQuery,
  response: {
    302: redirectResponse('Back to the MCP client with a code, or to /signin'),
    400: pageResponse(
      'Slack’s answer could not be used (a used or foreign state, a refused code)',
      'Sign-in with Slack did not complete',
    ),
    403: pageResponse(
      'Adding a workspace: this browser no longer holds the session that started it (signed out, or another person signed in meanwhile); nothing was added',
      'Not the person who asked to add a workspace',
    ),
    409: pageResponse(
      'Adding a workspace: the sign-in used holds workspaces of its own (added on its page)',
      'That sign-in holds workspaces of its own',
    ),
    ...limitedPage,
    ...offAndUnavailable,
  },
};
