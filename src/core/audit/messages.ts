import { defineMessages } from '~/core/i18n/locale';

/** Texts of the change log and of refused stale saves. */
export const auditMessages = defineMessages({
  pl: {
    conflict: 'Ten rekord został w międzyczasie zmieniony przez innego użytkownika. Odśwież stronę i zapisz ponownie.',
    notFound: 'Ten rekord nie istnieje – mógł zostać usunięty.',
    'action.create': 'Utworzenie',
    'action.update': 'Zmiana',
    'action.delete': 'Usunięcie',
  },
  en: {
    conflict: 'This record has been changed by another user in the meantime. Reload the page and save again.',
    notFound: 'This record does not exist – it may have been deleted.',
    'action.create': 'Created',
    'action.update': 'Changed',
    'action.delete': 'Deleted',
  },
});
