import type { WorkspaceFile } from '../workspace-types.js';
import { ENGINEERING, GENERAL, INCIDENTS, LAUNCH_Q2, PRODUCT } from './channels.js';
import { AMARA, JONAS, LEO, MAYA, PRIYA, TOMASZ } from './users.js';

export const RUNBOOK_CANVAS = 'F07RUNBOOK';
export const BRIEF_CANVAS = 'F07PRJBRIF';
export const CHECKLIST_CANVAS = 'F07CHECKLS';
/** In private #launch-q2: Leo sees it, Maya does not. */
export const PRICING_CANVAS = 'F07PRICING';
export const DEPLOY_SNIPPET = 'F07SNIPPET';
export const ONCALL_CSV = 'F07ONCALLC';
export const VENDOR_PDF = 'F07VENDPDF';
/** Its url_private_download points at another host: a safe downloader must refuse it. */
export const ELSEWHERE_FILE = 'F07ELSEWHR';
/** A CSV larger than the 2 MB download cap. */
export const BIG_CSV = 'F07BIGDUMP';

const MARCH = 1_772_323_200; // 2026-03-01 00:00 UTC
const day = (n: number, hour = 10) => MARCH + (n - 1) * 86_400 + hour * 3_600;

const CANVAS = { filetype: 'quip', mimetype: 'application/vnd.slack-docs', prettyType: 'Canvas' } as const;

/** Canvases download as a whole HTML page: head, styles, then the document. */
const canvasPage = (title: string, body: string) =>
  `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:Slack-Lato,sans-serif;line-height:1.5}h1{font-size:1.8em}ul.checklist{list-style:none}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px}</style></head>\n<body>\n${body}\n</body></html>\n`;

const RUNBOOK = canvasPage(
  'Deploy rollback runbook',
  `<h1>Deploy rollback runbook</h1>
<p>Owner: &lt;@${PRIYA}&gt;. Escalate in &lt;#${INCIDENTS}&gt;; deploy chatter stays in &lt;#${ENGINEERING}&gt;.</p>
<h2>When to roll back</h2>
<ul><li>Error rate above <b>2%</b> for 5 minutes after a deploy</li><li>p99 latency above 800 ms on <code>api-gateway</code></li><li>Any data-loss alarm, immediately</li></ul>
<h2>Steps</h2>
<ol><li>Freeze merges: post in &lt;#${ENGINEERING}&gt;</li><li>Run <code>deployctl rollback --to previous</code></li><li>Watch the <a href="https://grafana.acme-demo.example/d/deploys">deploy dashboard</a> for 10 minutes</li><li>Write the incident note from the <a href="https://wiki.acme-demo.example/runbooks/incident-template">template</a></li></ol>
<h2>Before closing</h2>
<ul class="checklist"><li class="checked">Rollback verified on canary</li><li class="checked">Status page updated</li><li>Post-incident review booked with &lt;@${AMARA}&gt;</li></ul>
<h2>Contacts</h2>
<table><tr><th>Area</th><th>Who</th><th>Hours (UTC)</th></tr><tr><td>Platform</td><td>&lt;@${MAYA}&gt;</td><td>08–17</td></tr><tr><td>SRE on call</td><td>&lt;@${PRIYA}&gt;</td><td>24/7</td></tr></table>
<script>window.slackCanvasBoot && window.slackCanvasBoot()</script>`,
);

const BRIEF = canvasPage(
  'Project brief: Search everywhere',
  `<h1>Project brief: Search everywhere</h1>
<p><i>Status: approved 4 March 2026.</i> Driver: &lt;@${LEO}&gt;; design: &lt;@${JONAS}&gt;.</p>
<h2>Problem</h2>
<p>Agents find messages but not the runbooks, briefs and people behind them.</p>
<h2>Goals</h2>
<ol><li>Find files and canvases by title and text</li><li>Find channels by topic and purpose</li><li>Find people by role</li></ol>
<h2>Non-goals</h2>
<ul><li>Editing canvases</li><li>Admin search across workspaces</li></ul>
<h2>Milestones</h2>
<table><tr><th>Milestone</th><th>Date</th></tr><tr><td>Beta in &lt;#${PRODUCT}&gt;</td><td>2026-04-15</td></tr><tr><td>General availability</td><td>2026-06-01</td></tr></table>
<p>Spec: <a href="https://docs.acme-demo.example/search-everywhere">docs.acme-demo.example/search-everywhere</a></p>`,
);

const CHECKLIST = canvasPage(
  'Release checklist',
  `<h1>Release checklist</h1>
<p>Copy this canvas for each release; tick as you go.</p>
<ul class="checklist"><li class="checked">Changelog written</li><li class="checked">Migrations reviewed by &lt;@${TOMASZ}&gt;</li><li>Feature flags set to 10%</li><li>Announce in &lt;#${GENERAL}&gt;</li></ul>
<h3>Rollback</h3>
<p>See the deploy rollback runbook in &lt;#${INCIDENTS}&gt;.</p>`,
);

const PRICING = canvasPage(
  'Q2 launch pricing notes',
  `<h1>Q2 launch pricing notes</h1><p>Draft prices for the Q2 launch: not for sharing outside #launch-q2.</p><ul><li>Team: $8 per seat</li><li>Business: $15 per seat</li></ul>`,
);

const SNIPPET = `#!/usr/bin/env bash
# Canary deploy: 10% of traffic, then everyone after checks pass.
set -euo pipefail
deployctl deploy --env prod --canary 10
deployctl wait --checks error-rate,p99 --minutes 10
deployctl promote --env prod
`;

const ONCALL = `week,primary,secondary
2026-03-02,Priya Shah,Tomasz Nowak
2026-03-09,Tomasz Nowak,Maya Chen
2026-03-16,Maya Chen,Priya Shah
2026-03-23,Priya Shah,Kenji Watanabe
`;

/** About 2.9 MB of rows: more than a download may read. */
const bigCsv = () =>
  `ts,event,latency_ms\n${Array.from({ length: 120_000 }, (_, i) => `${1772323200 + i},request,${(i * 37) % 900}`).join('\n')}\n`;

export const demoFiles = (): WorkspaceFile[] => [
  {
    id: RUNBOOK_CANVAS,
    name: 'deploy-rollback-runbook',
    title: 'Deploy rollback runbook',
    user: PRIYA,
    created: day(3),
    updated: day(12, 15),
    ...CANVAS,
    mode: 'quip',
    channels: [INCIDENTS],
    content: RUNBOOK,
  },
  {
    id: BRIEF_CANVAS,
    name: 'project-brief-search-everywhere',
    title: 'Project brief: Search everywhere',
    user: LEO,
    created: day(4),
    ...CANVAS,
    mode: 'quip',
    channels: [PRODUCT],
    content: BRIEF,
  },
  {
    id: CHECKLIST_CANVAS,
    name: 'release-checklist',
    title: 'Release checklist',
    user: MAYA,
    created: day(5),
    ...CANVAS,
    mode: 'quip',
    channels: [ENGINEERING],
    content: CHECKLIST,
  },
  {
    id: PRICING_CANVAS,
    name: 'q2-launch-pricing-notes',
    title: 'Q2 launch pricing notes',
    user: LEO,
    created: day(6),
    ...CANVAS,
    mode: 'quip',
    channels: [LAUNCH_Q2],
    content: PRICING,
  },
  {
    id: DEPLOY_SNIPPET,
    name: 'canary-deploy.sh',
    title: 'canary-deploy.sh',
    user: TOMASZ,
    created: day(9),
    filetype: 'shell',
    mimetype: 'text/plain',
    prettyType: 'Shell',
    mode: 'snippet',
    channels: [ENGINEERING],
    content: SNIPPET,
  },
  {
    id: ONCALL_CSV,
    name: 'oncall-rota-march.csv',
    title: 'On-call rota, March',
    user: PRIYA,
    created: day(2),
    filetype: 'csv',
    mimetype: 'text/csv',
    prettyType: 'CSV',
    mode: 'hosted',
    channels: [INCIDENTS],
    content: ONCALL,
  },
  {
    id: VENDOR_PDF,
    name: 'cloud-vendor-sla-2026.pdf',
    title: 'Cloud vendor SLA 2026',
    user: AMARA,
    created: day(10),
    filetype: 'pdf',
    mimetype: 'application/pdf',
    prettyType: 'PDF',
    mode: 'hosted',
    channels: [GENERAL],
    size: 482_133,
  },
  {
    id: ELSEWHERE_FILE,
    name: 'status-export.html',
    title: 'Status page export',
    user: TOMASZ,
    created: day(11),
    filetype: 'html',
    mimetype: 'text/html',
    prettyType: 'HTML',
    mode: 'hosted',
    channels: [INCIDENTS],
    content: '<h1>Status</h1><p>All systems normal.</p>',
    downloadUrl: 'https://files.elsewhere.example/status-export.html',
  },
  {
    id: BIG_CSV,
    name: 'gateway-events-march.csv',
    title: 'Gateway events export, March',
    user: MAYA,
    created: day(13),
    filetype: 'csv',
    mimetype: 'text/csv',
    prettyType: 'CSV',
    mode: 'hosted',
    channels: [ENGINEERING],
    content: bigCsv(),
  },
];
