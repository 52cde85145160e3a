// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FieldError } from './field';
import { fieldName, firstErrors, useFieldErrors } from './field-errors';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('field error rules', () => {
  it('keeps the first message of each field', () => {
    expect(firstErrors({ email: ['Pole jest wymagane.', 'Nieprawidłowy e-mail.'], 'positions.0.quantity': ['Za mało'], empty: [] })).toEqual({
      email: 'Pole jest wymagane.',
      'positions.0.quantity': 'Za mało',
    });
    expect(firstErrors(undefined)).toEqual({});
  });
  it('maps dotted error paths to bracket field names', () => {
    expect(fieldName('email')).toBe('email');
    expect(fieldName('positions.0.additional_informations')).toBe('positions[0][additional_informations]');
  });
});

describe('useFieldErrors', () => {
  let container: HTMLDivElement;
  let root: Root;
  let api: ReturnType<typeof useFieldErrors> | undefined;

  function Form() {
    const fe = useFieldErrors({ prefix: 'f' });
    api = fe;
    return createElement(
      'form',
      { ref: fe.formRef },
      createElement('input', fe.field('name')),
      createElement(FieldError, fe.error('name')),
      createElement('input', fe.field('email')),
      createElement(FieldError, fe.error('email')),
      createElement('input', { type: 'radio', value: '3', ...fe.field('transport_type_id') }),
      createElement('select', fe.field('positions.0.additional_informations'), createElement('option', { value: 'a' }, 'a')),
    );
  }

  beforeEach(async () => {
    container = document.createElement('div');
    document.body.innerHTML = '<header id="nav"></header>';
    document.body.appendChild(container);
    root = createRoot(container);
    await act(async () => root.render(createElement(Form)));
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    vi.restoreAllMocks();
  });

  it('marks each field with its first message and scrolls to the first invalid one (form order) below the nav + 5 px', async () => {
    const nav = document.getElementById('nav') as HTMLElement;
    vi.spyOn(nav, 'getBoundingClientRect').mockReturnValue({ height: 64, top: 0 } as DOMRect);
    vi.spyOn(HTMLInputElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLInputElement) {
      return { top: this.name === 'email' ? 700 : 300, height: 30 } as DOMRect;
    });
    Object.defineProperty(window, 'scrollY', { value: 100, configurable: true });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});

    await act(async () => api?.showFieldErrors({ email: ['Nieprawidłowy e-mail.', 'drugi'], name: ['Pole jest wymagane.'] }));

    const name = container.querySelector('input[name="name"]') as HTMLInputElement;
    const email = container.querySelector('input[name="email"]') as HTMLInputElement;
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') as string)?.textContent).toBe('Pole jest wymagane.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') as string;
    expect(document.getElementById(describedBy)?.textContent).toBe('Nieprawidłowy e-mail.');
    expect(container.textContent).not.toContain('drugi');
    // The name field comes first in the form, although its error came second.
    expect(scrollTo).toHaveBeenCalledWith({ top: 300 + 100 - 64 - 5, behavior: 'smooth' });
    expect(document.activeElement).toBe(name);

    // Clearing a field removes its invalid state and message.
    await act(async () => api?.clear('email'));
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(email.hasAttribute('aria-describedby')).toBe(false);
    expect(container.querySelectorAll('p')).toHaveLength(1);
  });

  it("drops a field's error as soon as the field is changed, whatever its kind (issue 41 point 11: the transport choice)", async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await act(async () =>
      api?.showFieldErrors({
        name: ['Pole jest wymagane.'],
        transport_type_id: ['Wybierz transport.'],
        'positions.0.additional_informations': ['Wybierz wersję.'],
      }),
    );
    const radio = container.querySelector('input[name="transport_type_id"]') as HTMLInputElement;
    const select = container.querySelector('select') as HTMLSelectElement;
    expect(radio.getAttribute('aria-invalid')).toBe('true');
    const changed = async (el: Element, type: string) => {
      await act(async () => {
        el.dispatchEvent(new Event(type, { bubbles: true }));
        await new Promise((r) => setTimeout(r, 0));
      });
    };
    await changed(radio, 'change');
    expect(radio.hasAttribute('aria-invalid')).toBe(false);
    expect(api?.message('transport_type_id')).toBeUndefined();
    // A bracketed field name clears its dotted error path; the other fields keep theirs.
    await changed(select, 'change');
    expect(api?.message('positions.0.additional_informations')).toBeUndefined();
    expect(api?.message('name')).toBe('Pole jest wymagane.');
    const name = container.querySelector('input[name="name"]') as HTMLInputElement;
    await changed(name, 'input');
    expect(api?.message('name')).toBeUndefined();
  });

  it('keeps an error shown right after the change it reports (a change on leaving the field, then a click that checks it)', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const name = container.querySelector('input[name="name"]') as HTMLInputElement;
    await act(async () => {
      name.dispatchEvent(new Event('change', { bubbles: true }));
      api?.showFieldErrors({ name: ['Nieprawidłowy numer NIP.'] });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(api?.message('name')).toBe('Nieprawidłowy numer NIP.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });
});
