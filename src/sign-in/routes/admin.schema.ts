import { AdminPageQuery } from '../admin-page.js';
import { limitedPage, offAndUnavailable, pageResponse, SIGN_IN_TAGS } from './responses.js';

export const adminPageSchema = {
  // A page of the browser's sign-in session (a cookie, no bearer), as the people's page is.
  tags: SIGN_IN_TAGS,
  operationId: 'getAdminPage',
  summary: 'The admin page: recent reads',
  description:
    'For people signed in on this browser (the people’s page session) and named in ADMIN_PEOPLE: the audit’s recent reads, newest first, with who, through which client, which read, what came back (ids and counts) and what the policy removed or redacted; filters by person, client, read, channel and time, and a link to older reads. The same records as GET /admin/audit.',
  querystring: AdminPageQuery,
  response: {
    200: pageResponse('The recent reads', 'Recent reads'),
    400: pageResponse(
      'A filter this page does not take (a bad time, a cursor it did not give, a parameter twice)',
      'Not a request this page sends',
    ),
    401: pageResponse('Not signed in on this browser', 'Sign in first'),
    403: pageResponse('Signed in, but not named in ADMIN_PEOPLE', 'Admins only'),
    ...limitedPage,
    ...offAndUnavailable,
  },
};
