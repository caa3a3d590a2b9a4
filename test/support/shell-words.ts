/** Splits a command line as a POSIX shell would (quotes, no expansions: none are shown). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  const pattern = /'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"]+)/g;
  let current: string | null = null;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    const part = match[1] ?? match[2]?.replace(/\\(.)/g, "$1") ?? match[3]!;
    const joined = match.index === last && current !== null;
    if (joined) current += part;
    else {
      if (current !== null) words.push(current);
      current = part;
    }
    last = match.index + match[0].length;
  }
  if (current !== null) words.push(current);
  return words;
}
