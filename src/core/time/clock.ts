// The one clock of the application. Code that asks "what time is it" for a rule (today's date,
// a deadline, an expiry shown to the user) calls now(); a test fixes the time with setClock() and
// puts it back with resetClock(). The mail outbox keeps its own clock, the database's now().
let clock: () => Date = () => new Date();

/** The current instant. */
export function now(): Date {
  return clock();
}

/** Replaces the clock (tests). */
export function setClock(fn: () => Date): void {
  clock = fn;
}

/** Back to the real time. */
export function resetClock(): void {
  clock = () => new Date();
}
