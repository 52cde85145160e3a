import { describe, expect, it } from 'vitest';
import type { Db } from '~/core/db/client.server';
import { defineMessages } from '~/core/i18n/locale';
import { defineMail } from './templates.server';

const messages = defineMessages({
  pl: { subject: 'Zamówienie {number} przyjęte', heading: 'Dziękujemy za zamówienie', number: 'Numer', total: 'Razem', action: 'Zobacz zamówienie' },
  en: { subject: 'Order {number} received', heading: 'Thank you for your order', number: 'Number', total: 'Total', action: 'View the order' },
});

const orderMail = defineMail({
  kind: 'test.order',
  messages,
  subject: (p: { number: string; total: string; url: string }, { t }) => t('subject', { number: p.number }),
  render: (p: { number: string; total: string; url: string }, { t, locale }) => ({
    heading: t('heading'),
    paragraphs: [locale === 'pl' ? 'Treść po polsku.' : 'Content in English.'],
    details: [
      { label: t('number'), value: p.number },
      { label: t('total'), value: p.total },
    ],
    action: { label: t('action'), url: p.url },
  }),
});

/** A stand-in for the database that keeps what enqueueMail inserts. */
function recordingDb() {
  const rows: Record<string, unknown>[] = [];
  const db = { insert: () => ({ values: async (v: Record<string, unknown>) => void rows.push(v) }) } as unknown as Db;
  return { db, rows };
}

describe('defineMail', () => {
  const params = { number: 'ZAM/1', total: '1 234,50 zł', url: 'https://shop.example.com/pl/orders/1' };

  it('composes the whole mail in the recipient language from the content alone', () => {
    const pl = orderMail.compose({ email: 'jan@example.com', locale: 'pl' }, params);
    expect(pl).toMatchObject({ to: 'jan@example.com', subject: 'Zamówienie ZAM/1 przyjęte', locale: 'pl', kind: 'test.order' });
    expect(pl.html).toContain('<html lang="pl"');
    expect(pl.html).toContain('Dziękujemy za zamówienie');
    expect(pl.html).toContain('>Razem</td>');
    expect(pl.html).toContain('prosimy na nią nie odpowiadać');
    expect(pl.text).toContain('Numer: ZAM/1');
    expect(pl.text).toContain('Zobacz zamówienie:\nhttps://shop.example.com/pl/orders/1');
    const en = orderMail.compose({ email: 'john@example.com', locale: 'en' }, params);
    expect(en.subject).toBe('Order ZAM/1 received');
    expect(en.text).toContain('Content in English.');
    expect(en.text).toContain('please do not reply');
    expect(en.html).not.toContain('Dziękujemy');
  });

  it('takes a fixed subject per language and works without a message table', () => {
    const notice = defineMail({
      kind: 'test.notice',
      subject: { pl: 'Powiadomienie', en: 'Notice' },
      render: (p: { text: string }) => ({ heading: p.text, paragraphs: [] }),
    });
    expect(notice.kind).toBe('test.notice');
    expect(notice.compose({ email: 'a@example.com', locale: 'en' }, { text: 'Hi' }).subject).toBe('Notice');
    expect(notice.compose({ email: 'a@example.com', locale: 'pl' }, { text: 'Hi' }).subject).toBe('Powiadomienie');
  });

  it('puts the mail into the outbox through the given transaction handle', async () => {
    const { db, rows } = recordingDb();
    await orderMail(db, { email: 'jan@example.com', locale: 'pl' }, params);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: 'jan@example.com', subject: 'Zamówienie ZAM/1 przyjęte', kind: 'test.order', locale: 'pl' });
    expect(String(rows[0]?.text)).toContain('Razem: 1 234,50 zł');
  });

  it('refuses an invalid recipient before anything is written', async () => {
    const { db, rows } = recordingDb();
    await expect(orderMail(db, { email: 'not an address', locale: 'pl' }, params)).rejects.toThrow();
    expect(rows).toHaveLength(0);
  });
});
