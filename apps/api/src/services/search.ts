// The quick search's condition over a folded search column (`inquiries.search_text`,
// `organizations.search_text`: ' ' + terres_fold(...) of the searched fields, migration 0005).
// Each word must appear, folded by the same SQL function: a word of two characters at the start
// of a word (' ly' finds Lyon), a longer one anywhere (trigram index). README "Lists at scale".
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';

export function searchCondition(column: AnyColumn, words: readonly string[]): SQL | undefined {
  return and(
    ...words.map((word) => {
      // Words hold letters and digits only (parseSearch); escaping keeps LIKE literal anyway.
      const literal = word.replace(/[\\%_]/g, (c) => `\\${c}`);
      const before = word.length === 2 ? '% ' : '%';
      return sql`${column} like ${before} || terres_fold(${literal}) || '%'`;
    }),
  );
}
