import { downloadPolicy } from '../../slack-client/download-file.js';
import { answerCache, maxResponseBytes, slackGateway } from '../common-services.js';
import { defineService, type ServicesOf } from '../services.js';
import { HtmlConversions } from './html-conversions.js';

/** Where file downloads may come from, how big and how slow. */
export const download = defineService({
  name: 'download',
  create: ({ config }) => downloadPolicy(config.SLACK_API_URL),
});

/** HTML files (canvases, pages) converted to text off the event loop, bounded in time and size. */
export const htmlConversions = defineService({
  name: 'html',
  create: ({ onClose }) => {
    const html = new HtmlConversions();
    onClose(() => html.close());
    return html;
  },
});

export const readFileServices = {
  slack: slackGateway,
  answers: answerCache,
  maxResponseBytes,
  download,
  html: htmlConversions,
};
export type ReadFileDeps = ServicesOf<typeof readFileServices>;
