import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's labelled set of contact-form submissions (labelled/*.jsonl, SOURCES.md): a lead's
 * data as it arrives, and whether it is spam. A fifth of it, chosen by a hash of its text, is held
 * out: the training script never sees it, and `spam-eval` measures the verdict on it.
 */
export type LabelledExample = {
  language: string;
  isSpam: boolean;
  data: Record<string, string>;
  isHeldOut: boolean;
  /** The training part's cross-validation fold (0–4), by another byte of the same hash. */
  fold: number;
};

const LABELLED_FOLDER = fileURLToPath(new URL('./labelled', import.meta.url));

/** Every example of every language, in file order. */
export function labelledSet(): LabelledExample[] {
  return readdirSync(LABELLED_FOLDER)
    .filter((file) => file.endsWith('.jsonl'))
    .sort()
    .flatMap((file) =>
      readFileSync(path.join(LABELLED_FOLDER, file), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          const { label, ...data } = JSON.parse(line) as { label: 'spam' | 'ham' } & Record<string, string>;
          const digest = createHash('sha256').update(JSON.stringify(data)).digest();
          return {
            language: path.basename(file, '.jsonl'),
            isSpam: label === 'spam',
            data,
            isHeldOut: digest[0]! % 5 === 0,
            fold: digest[1]! % 5,
          };
        }),
    );
}

/**
 * Whether an example was already in the set at a git revision (its line in that revision's file):
 * figures on the examples a change did not add, so a grown set's new examples, some of them the
 * same situation in several languages, do not flatter the comparison.
 */
export function isWrittenBefore(revision: string): (example: LabelledExample) => boolean {
  const lines = new Map<string, Set<string>>();
  const linesOf = (language: string) => {
    if (!lines.has(language)) {
      const text = execFileSync('git', ['show', `${revision}:./${language}.jsonl`], {
        cwd: LABELLED_FOLDER,
        encoding: 'utf8',
      });
      lines.set(language, new Set(text.split('\n').map((line) => JSON.stringify(JSON.parse(line || 'null')))));
    }
    return lines.get(language)!;
  };
  return (example) =>
    linesOf(example.language).has(JSON.stringify({ label: example.isSpam ? 'spam' : 'ham', ...example.data }));
}
