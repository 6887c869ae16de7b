import { downloadPolicy } from '../../slack-client/download-file.js';
import { answerCache, maxResponseBytes, slackGateway } from '../common-services.js';
import { defineService, type ServicesOf } from '../services.js';

/** Where file downloads may come from, how big and how slow. */
export const download = defineService({
  name: 'download',
  create: ({ config }) => downloadPolicy(config.SLACK_API_URL),
});

export const readFileServices = { slack: slackGateway, answers: answerCache, maxResponseBytes, download };
export type ReadFileDeps = ServicesOf<typeof readFileServices>;
