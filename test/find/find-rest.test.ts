import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BIG_CSV,
  CHECKLIST_CANVAS,
  DEMO_OTHER_TOKEN,
  ELSEWHERE_FILE,
  ONCALL_CSV,
  PRICING_CANVAS,
  VENDOR_PDF,
} from '../../fake-slack/index.js';
import { fileExamples } from '../../src/reads/read-file/examples.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';

let h: Harness;
beforeAll(async () => {
  h = await buildHarness();
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

const methods = () => h.slack.calls.map((c) => c.method);

// The documented canvas answer (the OpenAPI example, itself replayed by test/openapi/examples.test.ts).
const canvasAnswer = fileExamples.canvas?.value as { text: string };
const CHECKLIST_TEXT = canvasAnswer.text;

describe('GET /files/{file_id}', () => {
  it('reads a canvas as Markdown-like text (checklists, mentions named), then from the cache', async () => {
    const res = await get(h.app, `/files/${CHECKLIST_CANVAS}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(canvasAnswer);
    expect(methods().filter((m) => m !== 'users.info' && m !== 'conversations.info')).toEqual([
      'auth.test',
      'files.info',
      'files.download',
    ]);
    h.slack.reset();
    const again = await get(h.app, `/files/${CHECKLIST_CANVAS}`);
    expect(again.body).toEqual(res.body);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(methods()).toEqual([]);
  });

  it('pages a long text with max_text_chars and offset, and says how to read on', async () => {
    const res = await get(h.app, `/files/${CHECKLIST_CANVAS}?max_text_chars=20&offset=2`);
    expect(res.body).toMatchObject({
      text: CHECKLIST_TEXT.slice(2, 22),
      offset: 2,
      truncated: true,
      summary: `Read canvas "Release checklist" by @maya: 1019 B of HTML as ${CHECKLIST_TEXT.length} characters of Markdown-like text. Showing characters 2–22 of ${CHECKLIST_TEXT.length}: continue with GET /files/${CHECKLIST_CANVAS}?offset=22 (max_text_chars=0 reads it all).`,
    });
  });

  it('a file over 2 MB is read in part, and max_text_chars=0 stays under MAX_RESPONSE_BYTES, saying where to read on', async () => {
    const res = await h.app.inject({ url: `/files/${BIG_CSV}?max_text_chars=0`, headers: authHeaders() });
    const body = res.json() as { text: string; truncated: boolean; text_chars: number; summary: string };
    expect(res.rawPayload.length).toBeLessThanOrEqual(h.app.config.MAX_RESPONSE_BYTES);
    expect(body.truncated).toBe(true);
    expect(body.text_chars).toBe(2 * 1024 * 1024);
    const shown = body.text.length - '...content truncated due to length'.length;
    expect(body.summary).toBe(
      `Read CSV "Gateway events export, March" by @maya: 2.0 MB of text (only the first 2.0 MB of 2.6 MB was read) as 2097152 characters of text. Showing characters 0–${shown} of 2097152: continue with GET /files/${BIG_CSV}?offset=${shown} (max_text_chars=0 reads it all).`,
    );
  });

  it('gives a CSV as it is, and a PDF as metadata saying where to open it', async () => {
    const text = await h.app.inject({
      url: `/files/${ONCALL_CSV}?response_format=compact`,
      headers: authHeaders(),
    });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toBe(`Read CSV "On-call rota, March" by @priya: 161 B of text as 161 characters of text.
file: F07ONCALLC text "On-call rota, March", by @priya=U07PRIYASH, created 2026-03-02, https://acme-demo.slack.com/files/U07PRIYASH/F07ONCALLC/oncall-rota-march.csv

week,primary,secondary
2026-03-02,Priya Shah,Tomasz Nowak
2026-03-09,Tomasz Nowak,Maya Chen
2026-03-16,Maya Chen,Priya Shah
2026-03-23,Priya Shah,Kenji Watanabe

`);
    h.slack.reset();
    const pdf = await get(h.app, `/files/${VENDOR_PDF}`);
    expect(pdf.body.text).toBeNull();
    expect(pdf.body.summary).toBe(
      'Read the metadata of PDF "Cloud vendor SLA 2026" by @amara (471 KB); no text was read: a PDF is read as metadata only. Open it in Slack: https://acme-demo.slack.com/files/U07AMARAOK/F07VENDPDF/cloud-vendor-sla-2026.pdf',
    );
    expect(methods()).not.toContain('files.download');
  });

  it('refuses to download a file whose URL points to another host, and never calls it', async () => {
    const res = await get(h.app, `/files/${ELSEWHERE_FILE}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ text: null, text_format: null, text_chars: 0, truncated: false });
    const origin = new URL(h.slack.url).host;
    expect(res.body.summary).toBe(
      `Read the metadata of HTML "Status page export" by @tomasz (41 B); no text was read: it was not downloaded: its download URL is on files.elsewhere.example, not Slack's file host (files.slack.com or ${origin}). Open it in Slack: https://acme-demo.slack.com/files/U07TOMNOWK/F07ELSEWHR/status-export.html`,
    );
    expect(methods()).not.toContain('files.download');
  });

  it('a file the caller cannot see is a 404 naming it; another user who may see it reads it', async () => {
    const res = await get(h.app, `/files/${PRICING_CANVAS}`);
    expect(res).toMatchObject({
      status: 404,
      body: errorBody(
        404,
        'AS_ERR_SLACK_NOT_FOUND',
        `Slack: no file ${PRICING_CANVAS} that this Slack user can see (file_not_found)`,
      ),
    });
    const leo = await get(
      h.app,
      `/files/${PRICING_CANVAS}`,
      authHeaders({ 'x-slack-token': DEMO_OTHER_TOKEN }),
    );
    expect(leo.status).toBe(200);
    expect(leo.body.text).toBe(
      '# Q2 launch pricing notes\n\nDraft prices for the Q2 launch: not for sharing outside #launch-q2.\n\n- Team: $8 per seat\n- Business: $15 per seat',
    );
  });

  it('names the parameter of a malformed file id', async () => {
    const res = await get(h.app, '/files/runbook');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/file_id/);
  });
});

describe('GET /search/files', () => {
  it('finds canvases by words of their text, newest first among equals, with next steps', async () => {
    const res = await get(h.app, '/search/files?query=rollback&types=canvases');
    expect(res.body).toEqual({
      ok: true,
      query: 'rollback',
      backend: 'legacy',
      files: {
        total: 2,
        matches: [
          {
            file_id: 'F07RUNBOOK',
            title: 'Deploy rollback runbook',
            file_type: 'quip',
            kind: 'canvases',
            user_id: 'U07PRIYASH',
            user_name: 'priya',
            created: '2026-03-03T10:00:00Z',
            permalink: 'https://acme-demo.slack.com/docs/T07ACMEDMO/F07RUNBOOK',
          },
          {
            file_id: CHECKLIST_CANVAS,
            title: 'Release checklist',
            file_type: 'quip',
            kind: 'canvases',
            user_id: 'U07MAYACHN',
            user_name: 'maya',
            created: '2026-03-05T10:00:00Z',
            permalink: 'https://acme-demo.slack.com/docs/T07ACMEDMO/F07CHECKLS',
          },
        ],
      },
      summary: 'Found 2 files. Read one: GET /files/{file_id}.',
    });
    expect(h.slack.calls.find((c) => c.method === 'search.files')?.params).toEqual({
      query: 'rollback',
      count: '20',
      page: '1',
      highlight: 'false',
    });
  });

  it('leaves out other kinds and says so; a snippet carries its preview, cut at max_text_chars', async () => {
    const res = await get(h.app, '/search/files?query=deploy&types=snippets&max_text_chars=40');
    expect(res.body).toMatchObject({
      files: {
        matches: [
          {
            file_id: 'F07SNIPPET',
            kind: 'snippets',
            file_type: 'shell',
            preview: '#!/usr/bin/env bash\n# Canary deploy: 10%...content truncated due to length',
          },
        ],
      },
    });
    expect(res.body.summary).toMatch(
      /of other kinds than snippets left out\. Read one: GET \/files\/\{file_id\}\.$/,
    );
  });

  it('passes channel, author and date filters to Slack as its modifiers', async () => {
    await get(
      h.app,
      '/search/files?query=rota&channel_ids=%23incidents&from_users=U07PRIYASH&after=2026-03-01',
    );
    expect(h.slack.calls.find((c) => c.method === 'search.files')?.params.query).toBe(
      'rota in:#incidents from:<@U07PRIYASH> after:2026-03-01',
    );
  });
});
