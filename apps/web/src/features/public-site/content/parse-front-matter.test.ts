import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './parse-front-matter.ts';

describe('parseFrontMatter', () => {
  it('reads flat keys, unquotes values and keeps the body', () => {
    const source = [
      '---',
      'title: "Speed to lead: why 5 minutes matter"',
      "description: 'It''s about answering first'",
      'date: 2025-02-03',
      '# a comment',
      '',
      '---',
      '# Heading',
      '',
      'Body text.',
    ].join('\n');
    expect(parseFrontMatter(source)).toEqual({
      data: {
        title: 'Speed to lead: why 5 minutes matter',
        description: "It''s about answering first",
        date: '2025-02-03',
      },
      body: '# Heading\n\nBody text.',
    });
  });

  it('accepts Windows line endings and a byte order mark', () => {
    expect(parseFrontMatter('\uFEFF---\r\ntitle: Hi\r\n---\r\nText')).toEqual({ data: { title: 'Hi' }, body: 'Text' });
  });

  it('keeps a colon inside a value', () => {
    expect(parseFrontMatter('---\ntitle: Time: 5 minutes\n---\n').data.title).toBe('Time: 5 minutes');
  });

  it('rejects a file without front matter', () => {
    expect(() => parseFrontMatter('# Just Markdown', 'post.md')).toThrow('post.md: front matter must open with "---"');
  });

  it('rejects front matter that is never closed', () => {
    expect(() => parseFrontMatter('---\ntitle: Hi\n', 'post.md')).toThrow('not closed');
  });

  it('rejects a line that is not key: value, naming the line', () => {
    expect(() => parseFrontMatter('---\ntitle: Hi\n- list item\n---\n', 'post.md')).toThrow(
      'post.md: line 3 is not "key: value"',
    );
  });

  it('rejects a key set twice', () => {
    expect(() => parseFrontMatter('---\ntitle: A\ntitle: B\n---\n')).toThrow('"title" is set twice');
  });
});
