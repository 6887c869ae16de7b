import type { WorkspaceMessage } from '../workspace-types.js';
import { DEMO_TEAM } from './users.js';

type SlackFile = NonNullable<WorkspaceMessage['files']>[number];

export interface DemoFile {
  id: string;
  name: string;
  title: string;
  user: string;
  /** Unix seconds. */
  created: number;
  size: number;
  /** Images get Slack's thumbnails; other files only their links. */
  image?: { width: number; height: number };
  mimetype: string;
  filetype: string;
  prettyType: string;
}

const FILES_HOST = 'https://files.slack.com';

export const PNG = { mimetype: 'image/png', filetype: 'png', prettyType: 'PNG' } as const;
export const ZIP = { mimetype: 'application/zip', filetype: 'zip', prettyType: 'Zip' } as const;

/** The thumbnail set Slack renders for an uploaded image, capped at the original width. */
function thumbnails(base: string, name: string, { width, height }: { width: number; height: number }) {
  const thumbs: Record<string, string | number> = {
    thumb_64: `${base}/${name.replace('.', '_64.')}`,
    thumb_80: `${base}/${name.replace('.', '_80.')}`,
  };
  for (const size of [160, 360, 480, 720, 800, 960, 1024]) {
    if (size > width) break;
    thumbs[`thumb_${size}`] = `${base}/${name.replace('.', `_${size}.`)}`;
    if (size !== 160) {
      thumbs[`thumb_${size}_w`] = size;
      thumbs[`thumb_${size}_h`] = Math.round((height * size) / width);
    }
  }
  return { ...thumbs, original_w: width, original_h: height, thumb_tiny: 'AwAbADC+QByKXFIPvGnUAJijFLRQB//Z' };
}

/** A file object as Slack attaches it to the message that shared it (hosted upload, visible to members). */
export function sharedFile(file: DemoFile): SlackFile {
  const key = `${DEMO_TEAM.id}-${file.id}`;
  return {
    id: file.id,
    created: file.created,
    timestamp: file.created,
    name: file.name,
    title: file.title,
    mimetype: file.mimetype,
    filetype: file.filetype,
    pretty_type: file.prettyType,
    user: file.user,
    user_team: DEMO_TEAM.id,
    editable: false,
    size: file.size,
    mode: 'hosted',
    is_external: false,
    external_type: '',
    is_public: false,
    public_url_shared: false,
    display_as_bot: false,
    username: '',
    url_private: `${FILES_HOST}/files-pri/${key}/${file.name}`,
    url_private_download: `${FILES_HOST}/files-pri/${key}/download/${file.name}`,
    media_display_type: file.image ? 'unknown' : 'attachment',
    ...(file.image ? thumbnails(`${FILES_HOST}/files-tmb/${key}-5d1c0f7a2b`, file.name, file.image) : {}),
    permalink: `https://${DEMO_TEAM.domain}.slack.com/files/${file.user}/${file.id}/${file.name}`,
    permalink_public: `https://slack-files.com/${key}-9c4e1a7b3d`,
    is_starred: false,
    has_rich_preview: false,
    file_access: 'visible',
  };
}
