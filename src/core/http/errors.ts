/** An error that maps to an HTTP status and a user-facing message (SPEC section 8 statuses). */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);

/** 422 with a map of field path to messages (first shown under the field). */
export function validationError(errors: Record<string, string[]>, message?: string) {
  const first = Object.values(errors)[0]?.[0];
  return new HttpError(422, message ?? first ?? 'Invalid data', errors);
}
