/**
 * The reads `npm run demo` prints as curl lines (a path and query on the demo workspace, as the demo's API
 * token sees it): at least one of every Slack read. test/docs/demo-tries.test.ts holds them to that, sends
 * each to the demo's service and holds it to a 200, and does the same with the README's REST example.
 */
export const DEMO_TRIES = [
  '/search/messages?query=deploy&count=3',
  '/search/messages?query=when%20do%20we%20stop%20shipping%20to%20production%3F&count=3&include_context=true',
  '/search/messages?to_me=true&count=5',
  '/threads/C07INCIDNT/1773133920.004100?limit=15',
  '/channels/%23engineering/history?limit=5',
  '/search/files?query=runbook&types=canvases',
  '/files/F07RUNBOOK?response_format=compact',
  '/search/channels?query=incident',
  '/search/users?query=reliability',
  '/search/usergroups?query=on-call',
  '/messages/context?before=2&after=2&url=https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142',
] as const;

/** The MCP request the demo prints last: the tool list. */
export const DEMO_MCP_TRY = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
