import { PageForm, PeoplePageQuery, RemoveWorkspaceForm, RevokeClientForm } from '../requests.js';
import {
  bodyErrors,
  FORM_CONSUMES,
  limitedPage,
  offAndUnavailable,
  pageResponse,
  redirectResponse,
  SIGN_IN_TAGS,
} from './responses.js';

const notAForm = pageResponse(
  'A form this page does not send: a field given twice, a field missing, or not UTF-8',
  'Not a request this page sends',
);

const notFromPage = pageResponse(
  'Not signed in here, or the form did not come from this browser’s page',
  'Not sent from your page',
);

export const peoplePageSchema = {
  tags: SIGN_IN_TAGS,
  operationId: 'getSignInPage',
  summary: 'The people’s page',
  description:
    'Sign in with Slack; then whom you are signed in as, the clients you approved (each with what it may read, when, and a button that revokes it alone), a button for a personal token (for curl or a CLI client, shown once) and one to sign out. Cookies: HttpOnly, SameSite=Lax, Secure unless PUBLIC_URL is http on loopback.',
  querystring: PeoplePageQuery,
  response: {
    200: pageResponse('Signed in or not, the page', 'Signed in as Maya Chen'),
    400: pageResponse(
      'A query this page does not send: a parameter given twice',
      'Not a request this page sends',
    ),
    ...limitedPage,
    ...offAndUnavailable,
  },
};

export const startSignInSchema = {
  tags: SIGN_IN_TAGS,
  operationId: 'startSignIn',
  summary: 'Off to Slack’s sign-in page',
  description:
    'Redirects to Slack’s /oauth/v2/authorize with our user scopes and a state bound to this browser (a cookie).',
  response: { 302: redirectResponse('Slack’s sign-in page'), ...limitedPage, ...offAndUnavailable },
};

export const personalTokenSchema = {
  tags: SIGN_IN_TAGS,
  consumes: FORM_CONSUMES,
  operationId: 'createPersonalToken',
  summary: 'A personal token, shown once',
  description:
    'A bearer token that acts as the signed-in person on every REST route and /mcp, for SIGN_IN_GRANT_TTL_S or until they sign out; shown once on the page, stored only as a keyed hash.',
  body: PageForm,
  response: {
    200: pageResponse('The page with the token, this once', 'Your personal token'),
    400: notAForm,
    403: notFromPage,
    ...limitedPage,
    ...offAndUnavailable,
    ...bodyErrors,
  },
};

export const signOutSchema = {
  tags: SIGN_IN_TAGS,
  consumes: FORM_CONSUMES,
  operationId: 'signOut',
  summary: 'Sign out',
  description:
    'Ends the person’s sign-in everywhere: every grant and personal token, and this server’s Slack token for them (auth.revoke).',
  body: PageForm,
  response: {
    303: redirectResponse('Back to /signin'),
    400: notAForm,
    403: notFromPage,
    ...limitedPage,
    ...offAndUnavailable,
    ...bodyErrors,
  },
};

export const revokeClientSchema = {
  tags: SIGN_IN_TAGS,
  consumes: FORM_CONSUMES,
  operationId: 'revokeClient',
  summary: 'Revoke one client',
  description:
    'Ends one client’s access at once: every grant the person’s sign-in gave it (its access and refresh tokens stop working) and its remembered approval (it sees the consent page again). The person’s other clients, personal tokens and sign-in stay.',
  body: RevokeClientForm,
  response: {
    303: redirectResponse('Back to /signin?revoked=1'),
    400: pageResponse(
      'A form this page does not send: a field given twice, client_id missing, or not UTF-8',
      'Which client?',
    ),
    403: notFromPage,
    ...limitedPage,
    ...offAndUnavailable,
    ...bodyErrors,
  },
};

export const addWorkspaceSchema = {
  tags: SIGN_IN_TAGS,
  consumes: FORM_CONSUMES,
  operationId: 'addWorkspace',
  summary: 'Add another workspace: off to Slack',
  description:
    'Sent by the people’s page with its CSRF token: redirects to Slack’s /oauth/v2/authorize, as a sign-in does, with a state bound to this browser (a cookie) and to this session (kept with the state on the server). Back from Slack, the workspace (or an organisation, org-wide) is added to this person only while this browser still holds that session; then every client the person approved reads it too.',
  body: PageForm,
  response: {
    303: redirectResponse('Slack’s sign-in page'),
    400: notAForm,
    403: notFromPage,
    ...limitedPage,
    ...offAndUnavailable,
    ...bodyErrors,
  },
};

export const removeWorkspaceSchema = {
  tags: SIGN_IN_TAGS,
  consumes: FORM_CONSUMES,
  operationId: 'removeWorkspace',
  summary: 'Remove one workspace',
  description:
    'Removes one of the person’s workspaces (or organisations): this server’s Slack token for it is revoked (auth.revoke) and forgotten, and no client reads it any more; the others stay. Removing the last one is signing out.',
  body: RemoveWorkspaceForm,
  response: {
    303: redirectResponse('Back to /signin?removed=1, or /signin?signed_out=1 after the last one'),
    400: pageResponse(
      'A form this page does not send: a field given twice, workspace missing or not one of the person’s, or not UTF-8',
      'Which workspace?',
    ),
    403: notFromPage,
    ...limitedPage,
    ...offAndUnavailable,
    ...bodyErrors,
  },
};
