import type { NamedExample } from '../../schemas/response.js';

// Answers against the demo workspace (`npm run demo`); test/openapi/lint.test.ts validates each against its schema.

const checklist = {
  file_id: 'F07CHECKLS',
  title: 'Release checklist',
  name: 'release-checklist',
  file_type: 'quip',
  kind: 'canvases',
  mimetype: 'application/vnd.slack-docs',
  size: 1019,
  user_id: 'U07MAYACHN',
  user_name: 'maya',
  created: '2026-03-05T10:00:00Z',
  permalink: 'https://acme-demo.slack.com/docs/T07ACMEDMO/F07CHECKLS',
};

const text = `# Release checklist

Copy this canvas for each release; tick as you go :shipit:

- [x] Changelog written
- [x] Migrations reviewed by @tomasz
- [ ] Feature flags set to 10%
- [ ] Announce in #general

### Rollback

See the deploy rollback runbook in #incidents.`;

export const fileExamples: Record<string, NamedExample> = {
  canvas: {
    summary: 'GET /files/F07CHECKLS',
    value: {
      ok: true,
      file: checklist,
      text,
      text_format: 'markdown',
      text_chars: text.length,
      offset: 0,
      truncated: false,
      summary: `Read canvas "Release checklist" by @maya: 1019 B of HTML as ${text.length} characters of Markdown-like text.`,
    },
  },
  pdf: {
    summary: 'GET /files/F07VENDPDF (metadata only)',
    value: {
      ok: true,
      file: {
        file_id: 'F07VENDPDF',
        title: 'Cloud vendor SLA 2026',
        name: 'cloud-vendor-sla-2026.pdf',
        file_type: 'pdf',
        kind: 'pdfs',
        mimetype: 'application/pdf',
        size: 482133,
        user_id: 'U07AMARAOK',
        user_name: 'amara',
        created: '2026-03-10T10:00:00Z',
        permalink: 'https://acme-demo.slack.com/files/U07AMARAOK/F07VENDPDF/cloud-vendor-sla-2026.pdf',
      },
      text: null,
      text_format: null,
      text_chars: 0,
      offset: 0,
      truncated: false,
      summary:
        'Read the metadata of PDF "Cloud vendor SLA 2026" by @amara (471 KB); no text was read: a PDF is read as metadata only. Open it in Slack: https://acme-demo.slack.com/files/U07AMARAOK/F07VENDPDF/cloud-vendor-sla-2026.pdf',
    },
  },
};

export const fileCompactExample: NamedExample = {
  summary: 'GET /files/F07CHECKLS?response_format=compact',
  value: `Read canvas "Release checklist" by @maya: 1019 B of HTML as ${text.length} characters of Markdown-like text.
file: F07CHECKLS canvas "Release checklist", by @maya=U07MAYACHN, created 2026-03-05, https://acme-demo.slack.com/docs/T07ACMEDMO/F07CHECKLS

${text}
`,
};
