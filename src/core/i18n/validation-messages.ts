import { defineMessages } from './locale';

/**
 * The validation messages (and the labelled select's empty option) every form shares, in pl and en. A feature's message table spreads them
 * first (`...validationMessages.pl`) and lists after them only the rules it words its own way.
 */
export const validationMessages = defineMessages({
  pl: {
    'v.required': 'Pole jest wymagane.',
    'v.max': 'Wpisz najwyżej {max} znaków.',
    'v.email': 'Podaj poprawny adres e-mail.',
    'v.phone': 'Podaj poprawny numer telefonu (cyfry, spacje, +, -, nawiasy).',
    'v.postcode': 'Podaj poprawny kod pocztowy (np. 64-100).',
    'v.date': 'Podaj datę w formacie RRRR-MM-DD.',
    'v.version': 'Brak wersji rekordu. Odśwież stronę i spróbuj ponownie.',
    /** SPEC section 5: a labelled select's empty option. */
    'select.empty': '-- wybierz --',
  },
  en: {
    'v.required': 'This field is required.',
    'v.max': 'Enter at most {max} characters.',
    'v.email': 'Enter a valid e-mail address.',
    'v.phone': 'Enter a valid phone number (digits, spaces, +, -, brackets).',
    'v.postcode': 'Enter a valid postcode (e.g. 64-100).',
    'v.date': 'Enter a date as YYYY-MM-DD.',
    'v.version': 'The record version is missing. Reload the page and try again.',
    'select.empty': '-- choose --',
  },
});
