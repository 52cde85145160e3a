import { defineMessages } from '~/core/i18n/locale';

/** Texts of refused status changes. */
export const workflowMessages = defineMessages({
  pl: {
    'workflow.notAllowed': 'Nie można zmienić statusu z „{from}” na „{to}”.',
    'workflow.unknownState': 'Nieznany status: „{state}”.',
    'workflow.forbidden': 'Nie masz uprawnień do zmiany statusu z „{from}” na „{to}”.',
    'workflow.conflict': 'Status został w międzyczasie zmieniony przez kogoś innego. Odśwież stronę i spróbuj ponownie.',
    'workflow.commentTooLong': 'Komentarz może mieć najwyżej {max} znaków.',
  },
  en: {
    'workflow.notAllowed': 'The status cannot be changed from “{from}” to “{to}”.',
    'workflow.unknownState': 'Unknown status: “{state}”.',
    'workflow.forbidden': 'You are not allowed to change the status from “{from}” to “{to}”.',
    'workflow.conflict': 'The status has been changed by someone else in the meantime. Reload the page and try again.',
    'workflow.commentTooLong': 'The comment may have at most {max} characters.',
  },
});

export type WorkflowMessageKey = keyof typeof workflowMessages.pl;
