import { describe, expect, it } from 'vitest';
import { sectionTabHref } from './section-tabs';

describe('sectionTabHref', () => {
  it('keeps the other query values and sets the section', () => {
    expect(sectionTabHref('/pl/courses', '?course=7&utm_source=mail', 'course_form_opis')).toBe(
      '/pl/courses?course=7&utm_source=mail&section=course_form_opis',
    );
  });
  it('replaces the section and drops the page number of the list being left', () => {
    expect(sectionTabHref('/en/knowledge-base', '?section=Dokumenty&page=3&q=cat6', 'Instrukcje')).toBe('/en/knowledge-base?section=Instrukcje&q=cat6');
  });
  it('sets or removes extra values', () => {
    expect(sectionTabHref('/pl/courses', '?course=7', 'course_form', { course: null })).toBe('/pl/courses?section=course_form');
    expect(sectionTabHref('/pl/courses', '', 'course_form_form', { course: '9' })).toBe('/pl/courses?section=course_form_form&course=9');
  });
});
