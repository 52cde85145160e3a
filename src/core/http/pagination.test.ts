import { describe, expect, it } from 'vitest';
import { pageHref, pageWithin } from './pagination';

describe('pageWithin', () => {
  it('keeps a page that exists and gives its offset', () => {
    expect(pageWithin(2, 50, 20)).toEqual({ page: 2, pages: 3, offset: 20 });
  });
  it('shows the last page for a page number past it (not "page 99 of 2")', () => {
    expect(pageWithin(99, 30, 20)).toEqual({ page: 2, pages: 2, offset: 20 });
  });
  it('an empty list has one page, the first', () => {
    expect(pageWithin(5, 0, 20)).toEqual({ page: 1, pages: 1, offset: 0 });
  });
  it('a missing, zero or negative page is the first', () => {
    expect(pageWithin(undefined, 100, 20).page).toBe(1);
    expect(pageWithin(0, 100, 20).page).toBe(1);
    expect(pageWithin(-3, 100, 20).page).toBe(1);
  });
});

describe('pageHref', () => {
  it('keeps the other query values and drops page 1', () => {
    expect(pageHref('/pl/category?search=kabel&page=3', 1)).toBe('/pl/category?search=kabel');
    expect(pageHref('/pl/category?search=kabel', 2)).toBe('/pl/category?search=kabel&page=2');
  });
});
