import { defineMessages } from '~/core/i18n/locale';

/** Texts printed on every run-time document. */
export const pdfMessages = defineMessages({
  pl: {
    'pdf.page': 'Strona {n} z {total}',
    'pdf.date': 'Data: {date}',
  },
  en: {
    'pdf.page': 'Page {n} of {total}',
    'pdf.date': 'Date: {date}',
  },
});
