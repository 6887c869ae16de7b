import { weekdayStart } from './calendar.js';
import { INCIDENTS } from './channels.js';
import { PNG, sharedFile } from './files.js';
import type { ScriptedMessage } from './script-types.js';
import { AMARA, DEPLOYBOT, LEO, MAYA, PRIYA, TOMASZ } from './users.js';

/** The 40-reply thread (2026-03-10 09:12 UTC), long enough to need paging at limit 15. */
export const INCIDENT_THREAD: ScriptedMessage = {
  channel: INCIDENTS,
  day: 6,
  at: '09:12',
  ts: '1773133920.004100',
  user: PRIYA,
  text: `:rotating_light: INC-2041: checkout-api p99 latency spiking to 4s in prod-eu, error rate 3.2%. I'm incident commander. <@${MAYA}> <@${TOMASZ}> can you join?`,
  replies: [
    [MAYA, 'Joining. Pulling up the checkout-api dashboards now'],
    [TOMASZ, 'here :eyes: looks like it started right after the 09:00 deploy'],
    [DEPLOYBOT, 'Deploy #4418 of checkout-api v2.14.0 to prod-eu finished at 08:58 UTC'],
    [PRIYA, 'Timeline doc: <https://docs.acme-demo.example/incidents/INC-2041|INC-2041 timeline>'],
    [
      MAYA,
      'Postgres connections on orders-db are pinned at max_connections (500)',
      {
        files: [
          sharedFile({
            id: 'F07GRAFANA1',
            name: 'orders-db-connections.png',
            title: 'orders-db connections, last 1h',
            user: MAYA,
            created: weekdayStart(6) + 9 * 3600 + 31 * 60,
            size: 412_877,
            image: { width: 2560, height: 1440 },
            ...PNG,
          }),
        ],
      },
    ],
    [TOMASZ, 'v2.14.0 changed the pool size from 20 to 50 per pod :grimacing:'],
    [MAYA, "that's 12 pods × 50 = 600 > 500, so we're starving. That's the root cause IMO"],
    [PRIYA, 'Agreed. Options: roll back to v2.13.2 or hot-patch the pool size. Rollback is faster'],
    [AMARA, 'Go with the rollback. Customer impact first, fix forward later'],
    [TOMASZ, 'Starting rollback to v2.13.2 now'],
    [DEPLOYBOT, 'Rollback of checkout-api to v2.13.2 in prod-eu started by tomasz'],
    [PRIYA, 'Status page updated: "Degraded performance — checkout"'],
    [LEO, 'Support is getting tickets about failed payments, anything I can tell them?'],
    [PRIYA, `<@${LEO}> payments are retried automatically; no double charges. ETA for recovery ~15 min`],
    [DEPLOYBOT, 'Rollback of checkout-api to v2.13.2 in prod-eu finished'],
    [MAYA, 'Connections dropping: 480 → 310 in-use on orders-db'],
    [TOMASZ, 'p99 down to 900ms and falling'],
    [PRIYA, 'Error rate 0.4% and trending down :chart_with_downwards_trend:'],
    [MAYA, 'p99 at 310ms, basically back to baseline'],
    [PRIYA, 'Keeping the incident open for 30 min of monitoring'],
    [AMARA, 'Nice work all. Who owns the postmortem?'],
    [MAYA, 'I will. Draft by Thursday'],
    [
      TOMASZ,
      'Fix for the pool size: <https://github.com/acme-demo/checkout/pull/1287|checkout#1287> — derive pool size from pod count',
    ],
    [
      MAYA,
      `Reviewed, one comment about the \`PGBOUNCER_POOL_MODE\` env var. <@${TOMASZ}> ship it after that`,
    ],
    [PRIYA, 'Should we add an alert on orders-db connection saturation? We only noticed via latency'],
    [MAYA, 'Yes, alert at 85% of max_connections for 5 min'],
    [
      PRIYA,
      'Added: ```alert: OrdersDbConnectionSaturation\nexpr: pg_stat_activity_count / pg_settings_max_connections > 0.85\nfor: 5m```',
    ],
    [TOMASZ, 'checkout#1287 merged, deploying v2.14.1 to staging'],
    [DEPLOYBOT, 'Deploy #4421 of checkout-api v2.14.1 to staging succeeded'],
    [
      MAYA,
      'Load test on staging with 12 pods: peak 410 connections, p99 280ms :white_check_mark:',
      {
        files: [
          sharedFile({
            id: 'F07LOADTST',
            name: 'k6-staging-12-pods.png',
            title: 'k6 summary, staging, 12 pods',
            user: MAYA,
            created: weekdayStart(6) + 12 * 3600 + 40 * 60,
            size: 198_406,
            image: { width: 1280, height: 800 },
            ...PNG,
          }),
        ],
      },
    ],
    [PRIYA, '30 min of clean metrics in prod-eu. Resolving INC-2041 :green_heart:'],
    [LEO, 'Thanks! Telling support and the affected customers now'],
    [TOMASZ, 'Rolling v2.14.1 to prod-eu at 14:00 UTC unless someone objects'],
    [AMARA, 'No objection, but keep someone watching the connections graph'],
    [DEPLOYBOT, 'Deploy #4424 of checkout-api v2.14.1 to prod-eu succeeded'],
    [MAYA, 'Watching: 190 connections, p99 260ms. All good'],
    [PRIYA, 'Postmortem meeting booked for Friday 10:00 UTC'],
    [MAYA, 'Postmortem draft: <https://docs.acme-demo.example/postmortems/INC-2041|INC-2041 postmortem>'],
    [AMARA, 'Great write-up. Action items look right, let’s track them in the platform board'],
    [PRIYA, 'Closing this thread. Follow-ups in #engineering :wave:'],
  ],
};
