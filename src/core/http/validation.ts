import type { z } from 'zod';
import { validationError } from './errors';

type Issue = z.core.$ZodIssue;

/** Zod issues as the 422 contract's map: "field.path" -> [messages]. */
export function zodIssuesToErrors(issues: readonly Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses input with a shared schema or throws the 422 error. */
export function parseOr422<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(zodIssuesToErrors(result.error.issues));
  return result.data;
}
