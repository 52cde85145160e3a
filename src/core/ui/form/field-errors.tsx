import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FieldErrors } from '~/core/http/api-client';
import { scrollToElement } from '../scroll';

/** SPEC section 5: the page scrolls to the first invalid field, nav bar height plus 5 px above it. */
export const INVALID_FIELD_OFFSET_PX = 5;

/** The first message of every field (what is shown under the field). */
export function firstErrors(errors: FieldErrors | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string' && m !== '') : undefined;
    if (first) out[field] = first;
  }
  return out;
}

/** A dotted error path ("positions.0.quantity") as a form field name ("positions[0][quantity]"). */
export function fieldName(path: string): string {
  const [head, ...rest] = path.split('.');
  return head + rest.map((p) => `[${p}]`).join('');
}

/** A form field name ("positions[0][quantity]") as its error path ("positions.0.quantity"). */
export function fieldPath(name: string): string {
  return name.replace(/\[([^\]]*)\]/g, '.$1');
}

/** A DOM id for a field path, unique within a form that uses `prefix`. */
export function fieldId(path: string, prefix = 'field'): string {
  return `${prefix}-${path.replace(/[^\w-]+/g, '-')}`;
}

/** Scrolls to the first element marked invalid inside `root` (document order) and focuses it. */
export function scrollToFirstInvalid(root: ParentNode = document): boolean {
  const el = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!el) return false;
  scrollToElement(el, { extra: INVALID_FIELD_OFFSET_PX });
  el.focus({ preventScroll: true });
  return true;
}

export interface FieldProps {
  id: string;
  name: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * Field errors of a form (422 answers): `showFieldErrors(errors)` marks every field with its first
 * message and scrolls to the first invalid one. Spread `field(path)` on the input and render
 * `<FieldError … {...error(path)} />` (or `message(path)`) under it.
 */
export function useFieldErrors(options: { prefix?: string } = {}) {
  const prefix = options.prefix ?? 'field';
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pendingScroll = useRef(false);
  const rootRef = useRef<HTMLElement | null>(null);
  // Counts the sets of errors shown: a change made before the latest set is not a correction of it.
  const shown = useRef(0);

  const showFieldErrors = useCallback((next: FieldErrors | null | undefined) => {
    shown.current += 1;
    const first = firstErrors(next);
    pendingScroll.current = Object.keys(first).length > 0;
    setErrors(first);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new set of errors is rendered
  useLayoutEffect(() => {
    if (!pendingScroll.current) return;
    pendingScroll.current = false;
    scrollToFirstInvalid(rootRef.current ?? document);
  }, [errors]);

  const clear = useCallback((path?: string) => {
    setErrors((prev) => {
      if (path === undefined) return {};
      if (!(path in prev)) return prev;
      const { [path]: _removed, ...rest } = prev;
      return rest;
    });
  }, []);

  // A changed field's error goes (listened on the form element: formRef). After the event has
  // reached React's own handler: a render in between would put a controlled input's old value back.
  // Not when errors were shown in between: a text field's `change` fires as it loses the focus, e.g.
  // to the button whose click then reports that very value (the GUS lookup's "Nieprawidłowy NIP").
  const clearChanged = useCallback(
    (event: Event) => {
      const name = (event.target as { name?: unknown } | null)?.name;
      if (typeof name !== 'string' || name === '') return;
      const at = shown.current;
      setTimeout(() => {
        if (shown.current === at) clear(fieldPath(name));
      }, 0);
    },
    [clear],
  );

  return useMemo(() => {
    const errorId = (path: string) => `${fieldId(path, prefix)}-error`;
    return {
      errors,
      showFieldErrors,
      clear,
      /**
       * Attach to the form (optional) to look for invalid fields only inside it; a field's error then
       * also goes as soon as the field is changed (typed in, picked, checked), whatever kind of input it is.
       */
      formRef: (el: HTMLElement | null) => {
        rootRef.current?.removeEventListener('input', clearChanged);
        rootRef.current?.removeEventListener('change', clearChanged);
        rootRef.current = el;
        el?.addEventListener('input', clearChanged);
        el?.addEventListener('change', clearChanged);
      },
      field(path: string): FieldProps {
        const invalid = path in errors;
        return {
          id: fieldId(path, prefix),
          name: fieldName(path),
          ...(invalid ? { 'aria-invalid': true as const, 'aria-describedby': errorId(path) } : {}),
        };
      },
      error(path: string): { id: string; message: string | undefined } {
        return { id: errorId(path), message: errors[path] };
      },
      message: (path: string) => errors[path],
    };
  }, [errors, prefix, showFieldErrors, clear, clearChanged]);
}
