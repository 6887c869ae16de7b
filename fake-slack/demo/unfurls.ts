import { createHash } from 'node:crypto';
import type { WorkspaceMessage } from '../workspace-types.js';
import { DEPLOYBOT, demoUsers } from './users.js';

type Attachment = NonNullable<WorkspaceMessage['attachments']>[number];

const GITHUB_PR = /<(https:\/\/github\.com\/([\w-]+\/[\w.-]+)\/pull\/(\d+))\|[^>]*>(?:\s*—\s*([^.<]+))?/g;
const FIGMA = /<(https:\/\/figma\.example\/file\/(\d+))\|[^>]*>/g;
const DEPLOY = /^(?:Deploy #(\d+)|Rollback) of ([\w-]+)/;

const handles = new Map(demoUsers().map((u) => [u.id, u.name]));
const digits = (seed: string, n: number) =>
  String(Number.parseInt(createHash('sha1').update(seed).digest('hex').slice(0, 12), 16)).slice(0, n);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The GitHub app's preview of a pull request link, as its Slack integration posts one. */
function pullRequestPreview(
  id: number,
  url: string,
  repo: string,
  num: string,
  title: string,
  author: string,
  ts: number,
): Attachment {
  const handle = handles.get(author) ?? 'octocat';
  return {
    id,
    color: '1f883d',
    bot_id: 'B07GITHUBA',
    app_unfurl_url: url,
    is_app_unfurl: true,
    app_id: 'A01BP7R4KNY',
    fallback: `[${repo}] Pull request #${num}: ${title}`,
    author_name: handle,
    author_link: `https://github.com/${handle}`,
    author_icon: `https://avatars.githubusercontent.com/u/${digits(handle, 8)}?v=4`,
    title: `#${num} ${title}`,
    title_link: url,
    text: `${title}.\n\n*Why*\nSee the linked issue.\n\n*Rollout*\nBehind a flag; safe to revert.`,
    footer: `<https://github.com/${repo}|${repo}>`,
    footer_icon: 'https://slack.github.com/static/img/favicon-neutral.png',
    ts,
    mrkdwn_in: ['text'],
  };
}

/** Figma's app preview of a file link: a title and a rendered thumbnail. */
function figmaPreview(id: number, url: string, file: string): Attachment {
  return {
    id,
    bot_id: 'B07FIGMAAP',
    app_unfurl_url: url,
    is_app_unfurl: true,
    app_id: 'A0ABFGNRMFN',
    service_name: 'Figma',
    service_icon: 'https://static.figma.com/app/icon/1/favicon.png',
    fallback: `Figma: file ${file}`,
    title: `Checkout redesign — file ${file}`,
    title_link: url,
    image_url: `https://s3-alpha.figma.example/thumbnails/${digits(file, 10)}.png`,
    image_width: 1600,
    image_height: 1000,
    image_bytes: 284_331,
  };
}

/** What CI's bot posts under each deploy line: a link to the build and its footer. */
function deployCard(text: string, ts: number): Attachment {
  const deploy = DEPLOY.exec(text);
  const build = deploy?.[1] ?? digits(text, 4);
  return {
    id: 1,
    color: /failed/.test(text) ? 'ff0000' : '2eb886',
    fallback: text,
    title: text,
    title_link: `https://ci.acme-demo.example/${deploy?.[2] ?? 'deploys'}/builds/${build}`,
    footer: 'Acme CI',
    footer_icon: 'https://ci.acme-demo.example/static/favicon-32.png',
    ts,
    mrkdwn_in: ['text'],
  };
}

/**
 * The attachments Slack adds to a message it stores: app previews of GitHub pull requests and Figma files
 * linked in the text, and deploybot's build card. Derived from the text alone, so the demo stays stable.
 */
export function demoAttachments(user: string, text: string, ts: number): Attachment[] | undefined {
  const attachments: Attachment[] = user === DEPLOYBOT ? [deployCard(text, ts)] : [];
  for (const [, url, repo, num, title] of text.matchAll(GITHUB_PR)) {
    const name = capitalise((title ?? `${repo}#${num}`).trim());
    attachments.push(pullRequestPreview(attachments.length + 1, url, repo, num, name, user, ts));
  }
  for (const [, url, file] of text.matchAll(FIGMA))
    attachments.push(figmaPreview(attachments.length + 1, url, file));
  return attachments.length ? attachments : undefined;
}
