// A request that names a local path ("save it to /root/notes/a.md") is about files: the path's
// folders say little ("root"), its extension says which kind of file.
const KNOWN =
  'md|txt|csv|json|pdf|docx?|xlsx?|pptx?|html?|png|jpe?g|gif|svg|mp3|mp4|wav|py|js|ts|zip|xml|ya?ml';
const PATH = new RegExp(
  `(?<![\\w:/.])(?:~|\\.{1,2})?(?:/[\\w.-]+)+/?|(?<![\\w/.-])[\\w-]{2,}\\.(?:${KNOWN})(?![\\w/.])`,
  'gi',
);
const EXTENSION = /\.([A-Za-z][A-Za-z0-9]{0,4})$/;

/** Replaces each local path or file name in `text` with "file <extension>", or "directory". */
export function rewritePaths(text: string): string {
  if (text.indexOf('/') < 0 && text.indexOf('.') < 0) return text;
  return text.replace(PATH, (path) => {
    const ext = EXTENSION.exec(path);
    return ext ? ` file ${ext[1]} ` : ' directory ';
  });
}
