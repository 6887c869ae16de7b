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

/**
 * A canvas as Slack's file host serves it (`url_private_download` of a `quip` file): Quip's HTML, no page around
 * it. Blocks carry `temp:C:…` ids, paragraphs are `p.line`, lists are `<ul>`s inside
 * `<div data-section-style='5|6|7'>` (bullets, numbered, checklist: a ticked item is `li.checked`), nested
 * lists are `<ul>`s beside their parent item, item text sits in `<span>`s ending in `<br/>`, table cells hold
 * `p.line`s, and a custom emoji is an `<img>` in a `<control>`, its `:name:` repeated after it. The shape of
 * real downloads published with shibayu36/slack-explorer-mcp's tests (canvas_converter_test.go,
 * canvas_html_stripper_test.go), in our own words.
 */
class CanvasHtml {
  #n = 0;
  #id = () => `temp:C:${(0x3a7 + this.#n++ * 7919).toString(16).padStart(6, '0')}`;
  h = (level: number, text: string) => `<h${level} id='${this.#id()}'>${text}</h${level}>\n\n`;
  line = (text: string) => `<p id='${this.#id()}' class='line'>${text}</p>\n\n`;
  /** `style`: 5 bullets, 6 numbered, 7 checklist; an item `[text, true]` is ticked. */
  list = (style: 5 | 6 | 7, items: (string | [string, boolean])[]) => {
    const li = (item: string | [string, boolean], i: number) => {
      const [text, ticked] = typeof item === 'string' ? [item, false] : item;
      const id = this.#id();
      return `<li id='${id}' class='${ticked ? 'checked' : ''}' style=''${i === 0 ? " value='1'" : ''}><span id='${id}'>${text}</span>\n\n<br/></li>`;
    };
    return `<div data-section-style='${style}' class="" style=""><ul id='${this.#id()}'>${items.map(li).join('')}</ul></div>`;
  };
  table = (rows: string[][]) =>
    `<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${this.line(c)}</td>`).join('')}</tr>`).join('')}</table>\n`;
  emoji = (name: string) =>
    `<control data-remapped="true" id="${this.#id()}"><img src="https://emoji.slack-edge.com/T07ACMEDMO/${name}/1a2b3c.png" alt="${name}" data-is-slack style="width: 18px">:${name}:</img></control>`;
}

const runbook = () => {
  const c = new CanvasHtml();
  return [
    c.h(1, 'Deploy rollback runbook'),
    c.line(
      `Owner: &lt;@${PRIYA}&gt;. Escalate in &lt;#${INCIDENTS}&gt;; deploy chatter stays in &lt;#${ENGINEERING}&gt;.`,
    ),
    c.h(2, 'When to roll back'),
    c.list(5, [
      'Error rate above <b>2%</b> for 5 minutes after a deploy',
      'p99 latency above 800 ms on <code>api-gateway</code>',
      'Any data-loss alarm, immediately',
    ]),
    c.h(2, 'Steps'),
    c.list(6, [
      `Freeze merges: post in &lt;#${ENGINEERING}&gt;`,
      'Run <code>deployctl rollback --to previous</code>',
      'Watch the <a href="https://grafana.acme-demo.example/d/deploys">deploy dashboard</a> for 10 minutes',
      'Write the incident note from the <a href="https://wiki.acme-demo.example/runbooks/incident-template">template</a>',
    ]),
    c.h(2, 'Before closing'),
    c.list(7, [
      ['Rollback verified on canary', true],
      ['Status page updated', true],
      `Post-incident review booked with &lt;@${AMARA}&gt;`,
    ]),
    c.h(2, 'Contacts'),
    c.table([
      ['Area', 'Who', 'Hours (UTC)'],
      ['Platform', `&lt;@${MAYA}&gt;`, '08–17'],
      ['SRE on call', `&lt;@${PRIYA}&gt;`, '24/7'],
    ]),
  ].join('');
};

const brief = () => {
  const c = new CanvasHtml();
  return [
    c.h(1, 'Project brief: Search everywhere'),
    c.line(`<i>Status: approved 4 March 2026.</i> Driver: &lt;@${LEO}&gt;; design: &lt;@${JONAS}&gt;.`),
    c.h(2, 'Problem'),
    c.line('Agents find messages but not the runbooks, briefs and people behind them.'),
    c.h(2, 'Goals'),
    c.list(6, [
      'Find files and canvases by title and text',
      'Find channels by topic and purpose',
      'Find people by role',
    ]),
    c.h(2, 'Non-goals'),
    c.list(5, ['Editing canvases', 'Admin search across workspaces']),
    c.h(2, 'Milestones'),
    c.table([
      ['Milestone', 'Date'],
      [`Beta in &lt;#${PRODUCT}&gt;`, '2026-04-15'],
      ['General availability', '2026-06-01'],
    ]),
    c.line(
      'Spec: <a href="https://docs.acme-demo.example/search-everywhere">docs.acme-demo.example/search-everywhere</a>',
    ),
  ].join('');
};

const checklist = () => {
  const c = new CanvasHtml();
  return [
    c.h(1, 'Release checklist'),
    c.line(`Copy this canvas for each release; tick as you go ${c.emoji('shipit')}`),
    c.list(7, [
      ['Changelog written', true],
      [`Migrations reviewed by &lt;@${TOMASZ}&gt;`, true],
      'Feature flags set to 10%',
      `Announce in &lt;#${GENERAL}&gt;`,
    ]),
    c.h(3, 'Rollback'),
    c.line(`See the deploy rollback runbook in &lt;#${INCIDENTS}&gt;.`),
  ].join('');
};

const pricing = () => {
  const c = new CanvasHtml();
  return [
    c.h(1, 'Q2 launch pricing notes'),
    c.line('Draft prices for the Q2 launch: not for sharing outside #launch-q2.'),
    c.list(5, ['Team: $8 per seat', 'Business: $15 per seat']),
  ].join('');
};

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
    content: runbook(),
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
    content: brief(),
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
    content: checklist(),
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
    content: pricing(),
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
