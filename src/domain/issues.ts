import * as v from 'valibot';

/**
 * valibot issues → one message naming the first bad field ("delivery_miles_driven: Invalid
 * type…"): what the server answers for a malformed body and what the outbox says of a payload
 * it refuses, in the same words.
 */
export function issuesMessage(issues: readonly v.BaseIssue<unknown>[] | undefined): string {
  const issue = issues?.[0];
  if (!issue) return 'The request is not valid';
  const path = v.getDotPath(issue);
  return path ? `${path}: ${issue.message}` : issue.message;
}
