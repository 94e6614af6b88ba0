import * as v from 'valibot';
import { formMessages } from '../messages/forms';

/**
 * `v.object` whose missing keys report the entry's own first message ('Le prénom est
 * requis') instead of valibot's generic "Invalid key" text: a form or an API body that
 * omits a field must read the same as one that sends it empty.
 */
export function formObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, (issue) => {
    const last = issue.path?.[issue.path.length - 1];
    const key = last && 'key' in last ? last.key : undefined;
    if (typeof key === 'string' && Object.hasOwn(entries, key)) {
      const entry = entries[key];
      const result = entry ? v.safeParse(entry, undefined) : undefined;
      if (result && !result.success) return result.issues[0].message;
    }
    return formMessages.required;
  });
}
