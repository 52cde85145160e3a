import { useParams } from 'react-router';
import { type Locale, type Messages, translator } from './locale';
import { coreMessages } from './messages';

export function useLocale(): Locale {
  return useParams().locale === 'en' ? 'en' : 'pl';
}

/** Translator for the current page's locale over a feature's messages (core ones by default). */
export function useT<K extends string>(messages: Messages<K>): ReturnType<typeof translator<K>>;
export function useT(): ReturnType<typeof translator<keyof typeof coreMessages.pl & string>>;
export function useT(messages: Messages<string> = coreMessages as Messages<string>) {
  return translator(messages, useLocale());
}
