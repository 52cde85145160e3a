import { defineMessages } from '~/core/i18n/locale';

/** Texts of refused money input. */
export const moneyMessages = defineMessages({
  pl: {
    'money.invalid': 'Podaj kwotę, np. 1 234,50 (najwyżej dwa miejsca po przecinku).',
    'money.min': 'Kwota nie może być mniejsza niż {min}.',
    'money.max': 'Kwota nie może być większa niż {max}.',
  },
  en: {
    'money.invalid': 'Enter an amount, e.g. 1,234.50 (at most two decimal places).',
    'money.min': 'The amount must not be less than {min}.',
    'money.max': 'The amount must not be greater than {max}.',
  },
});
