import * as v from 'valibot';

/** Key under which issues without a path (whole-object rules) are reported. */
export const ROOT_ERROR_KEY = '_root';

type IssueList = readonly v.BaseIssue<unknown>[];
type ResultLike = { readonly success: boolean; readonly issues?: IssueList | undefined };

/**
 * `{ 'field.path': 'first message' }` from a valibot result or issue list; empty when valid.
 * The first issue of a field wins because pipes report the most basic failure first
 * (required before pattern).
 */
export function fieldErrors(input: ResultLike | IssueList | undefined | null): Record<string, string> {
  const issues: IssueList = input == null ? [] : isIssueList(input) ? input : (input.issues ?? []);
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? ROOT_ERROR_KEY;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

function isIssueList(input: ResultLike | IssueList): input is IssueList {
  return Array.isArray(input);
}

/** The first message of a result, or null when valid: handy for single-field inputs. */
export function firstError(input: ResultLike | IssueList | undefined | null): string | null {
  const errors = Object.values(fieldErrors(input));
  return errors[0] ?? null;
}
