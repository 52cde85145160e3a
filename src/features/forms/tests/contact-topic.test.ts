import { describe, expect, it } from 'vitest';
import { CONTACT_ABOUT_MAX, contactPath } from '~/core/company';
import { contactTopic } from '../components/contact-form';

const line = (about: string) => `Dotyczy: ${about}`;
const topicOf = (path: string) => contactTopic(new URL(path, 'http://x').searchParams, line);

describe('the contact form asked about something (issue 41 point 11: the quiz link after the last attempt)', () => {
  it('a link made by contactPath opens the form with the subject and the message naming it', () => {
    const path = contactPath('pl', { subject: 'training', about: 'Instalator & serwis: moduł 2/3' });
    expect(path.startsWith('/pl/contact?subject=training&about=')).toBe(true);
    expect(topicOf(path)).toEqual({ subject: 'training', message: 'Dotyczy: Instalator & serwis: moduł 2/3\n\n' });
    expect(contactPath('en')).toBe('/en/contact');
  });

  it('an unknown subject asks for nothing; a control character drops the about part and the length is bounded', () => {
    expect(topicOf('/pl/contact?subject=admin&about=x')).toBeNull();
    expect(topicOf('/pl/contact?about=x')).toBeNull();
    expect(topicOf('/pl/contact?subject=training&about=a%00b')).toEqual({ subject: 'training', message: '' });
    expect(topicOf('/pl/contact?subject=training&about=a%0Ab')).toEqual({ subject: 'training', message: '' });
    expect(topicOf(`/pl/contact?subject=training&about=${'x'.repeat(5000)}`)?.message).toBe(`Dotyczy: ${'x'.repeat(CONTACT_ABOUT_MAX)}\n\n`);
    expect(topicOf('/pl/contact?subject=sales')).toEqual({ subject: 'sales', message: '' });
  });
});
