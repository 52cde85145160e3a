import { defineMessages } from '~/core/i18n/locale';

/** Texts of the cookie banner, the settings dialog and blocked embeds (with core 'consent.*'). */
export const consentMessages = defineMessages({
  pl: {
    settingsTitle: 'Ustawienia plików cookies',
    settingsIntro:
      'Wybierz, na które pliki cookies się zgadzasz. Swój wybór możesz zmienić w każdej chwili, korzystając z odnośnika „Ustawienia cookies” w stopce strony.',
    alwaysOn: 'zawsze włączone',
    necessaryHint: 'Zapewniają działanie serwisu: sesję, logowanie, koszyk, zabezpieczenie formularzy i zapamiętanie tego wyboru.',
    statisticsHint: 'Pomagają nam zrozumieć, jak korzystasz z serwisu, abyśmy mogli go ulepszać. Dane są zbierane anonimowo.',
    marketingHint: 'Pozwalają wyświetlać treści zewnętrznych dostawców: filmy YouTube i mapy Google, które mogą zapisywać własne pliki cookies.',
    policy: 'Polityka cookies',
    close: 'Zamknij',
    kindMap: 'marketingowe',
    kindVideo: 'statystyczne lub marketingowe',
    mapTitle: 'Mapa Google',
    videoTitle: 'Film YouTube',
  },
  en: {
    settingsTitle: 'Cookie settings',
    settingsIntro: 'Choose which cookies you agree to. You can change your choice at any time with the “Cookie settings” link in the page footer.',
    alwaysOn: 'always on',
    necessaryHint: 'Keep the site working: session, login, cart, form protection and remembering this choice.',
    statisticsHint: 'Help us understand how you use the site so that we can improve it. The data is collected anonymously.',
    marketingHint: 'Allow content of external providers: YouTube videos and Google Maps, which may store their own cookies.',
    policy: 'Cookie policy',
    close: 'Close',
    kindMap: 'marketing',
    kindVideo: 'statistics or marketing',
    mapTitle: 'Google map',
    videoTitle: 'YouTube video',
  },
});
