import { isObject, str } from '../../slack/slack-values.js';
import { directoryAcross } from '../directory-across.js';
import { compactChannels } from './compact.js';
import { searchChannels, summarise } from './run.js';

const textOf = (v: unknown) => (isObject(v) ? (str(v.value) ?? '') : (str(v) ?? ''));

/** Channels from several workspaces' directories, one ranking; a channel shared between them (one id) once. */
export const searchChannelsAcross = directoryAcross({
  list: 'channels',
  nouns: ['channel', 'channels'],
  what: 'channel',
  one: searchChannels,
  rankable: (c) => ({ names: [str(c.name) ?? ''], words: [textOf(c.topic), textOf(c.purpose)] }),
  id: (c) => str(c.channel_id) ?? str(c.id) ?? '',
  summarise,
  compact: compactChannels,
});
