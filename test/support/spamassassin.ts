import { execFile, execFileSync } from "node:child_process";

/** Whether Debian's `spamassassin` is on the PATH (.ci/run installs it). */
export function spamassassinInstalled(): boolean {
  try {
    execFileSync("spamassassin", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

// Local tests only (-L: no DNS blocklists, no network), and no Bayes: the database would learn
// from every run, so a score would depend on what ran before it.
const ARGUMENTS = ["-L", "-t", "--cf=use_bayes 0", "--cf=bayes_auto_learn 0"];

/**
 * Scores a raw RFC 5322 message with SpamAssassin's local tests, as a receiving server would
 * before any network check: `score` is the total (spam at 5.0 by default), `rules` the names of
 * the rules it hit (e.g. `HTML_MESSAGE`), read from the X-Spam-Status header SpamAssassin adds.
 * One process per message (about 1–3 s of start-up): run a few at once, not hundreds.
 */
export async function spamScore(raw: string | Buffer): Promise<{ score: number; rules: string[] }> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      "spamassassin",
      ARGUMENTS,
      { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => {
        // Test mode exits 0 whatever the verdict; anything else is a failure to run.
        if (error) reject(new Error(`spamassassin failed: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
    child.stdin!.end(raw);
  });
  return parseSpamStatus(output);
}

/** Reads `X-Spam-Status: No, score=0.4 required=5.0 tests=A,B autolearn=…` (folded or not). */
export function parseSpamStatus(output: string): { score: number; rules: string[] } {
  const headers = output.split(/\r?\n\r?\n/, 1)[0]!;
  const match = /^X-Spam-Status:((?:.*)(?:\r?\n[ \t].*)*)/im.exec(headers);
  if (!match) throw new Error(`no X-Spam-Status header in spamassassin's output:\n${headers}`);
  // Unfolded; a fold may fall after a comma of the rule list.
  const status = match[1]!.replace(/\r?\n[ \t]+/g, " ").replace(/,\s+/g, ",");
  const score = /\bscore=(-?\d+(?:\.\d+)?)/.exec(status);
  if (!score) throw new Error(`no score in X-Spam-Status: ${status}`);
  const tests = /\btests=(\S*)/.exec(status)?.[1] ?? "";
  const rules = tests === "" || tests === "none" ? [] : tests.split(",").filter(Boolean);
  return { score: Number(score[1]), rules };
}
