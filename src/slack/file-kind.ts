import type { FileKindName } from '../schemas/find.js';

/** Slack `filetype`s whose bytes are text a model can read as they are. */
const TEXT_TYPES = new Set(['text', 'markdown', 'csv', 'tsv', 'json', 'yaml', 'xml', 'post', 'plain']);
const CODE_TYPES = new Set([
  'shell',
  'bash',
  'javascript',
  'typescript',
  'python',
  'go',
  'java',
  'ruby',
  'sql',
  'c',
  'cpp',
  'csharp',
  'rust',
  'php',
  'kotlin',
  'swift',
  'diff',
  'css',
  'dockerfile',
  'toml',
  'ini',
  'lua',
  'perl',
  'scala',
]);
const DOCUMENT_TYPES = new Set([
  'gdoc',
  'gsheet',
  'gpres',
  'docx',
  'doc',
  'xlsx',
  'xls',
  'pptx',
  'ppt',
  'odt',
  'rtf',
  'keynote',
  'numbers',
  'pages',
]);
const CANVAS_TYPES = new Set(['quip', 'canvas']);

export interface FileTraits {
  filetype?: string;
  mimetype?: string;
  mode?: string;
}

/** Which kind a file is, from what Slack says of it (a real-time search result says only `file_type`). */
export function fileKind({ filetype = '', mimetype = '', mode }: FileTraits): FileKindName {
  if (
    CANVAS_TYPES.has(filetype) ||
    mode === 'quip' ||
    mode === 'canvas' ||
    mimetype === 'application/vnd.slack-docs'
  )
    return 'canvases';
  if (mode === 'snippet' || CODE_TYPES.has(filetype)) return 'snippets';
  if (TEXT_TYPES.has(filetype) || mimetype.startsWith('text/')) return filetype === 'html' ? 'other' : 'text';
  if (filetype === 'pdf' || mimetype === 'application/pdf') return 'pdfs';
  if (
    mimetype.startsWith('image/') ||
    ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'heic'].includes(filetype)
  )
    return 'images';
  if (DOCUMENT_TYPES.has(filetype)) return 'documents';
  if (filetype === 'zip' || mimetype === 'application/zip') return 'zips';
  return 'other';
}

/** How a file's bytes become text: HTML converted, text as it is, or not read at all. */
export function readAs(traits: FileTraits): 'html' | 'text' | 'none' {
  const kind = fileKind(traits);
  if (kind === 'canvases' || traits.filetype === 'html' || traits.mimetype === 'text/html') return 'html';
  return kind === 'snippets' || kind === 'text' ? 'text' : 'none';
}
