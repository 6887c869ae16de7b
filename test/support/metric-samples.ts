/** The sample lines of the metrics named in a Prometheus text exposition, without HELP/TYPE comments. */
export const samples = (text: string, ...names: string[]) =>
  text
    .split('\n')
    .filter((line) => names.some((name) => line.startsWith(`${name}{`) || line.startsWith(`${name} `)));
