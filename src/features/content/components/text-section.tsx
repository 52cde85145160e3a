import type { TextSection as Section } from '../page-texts';

/** A titled block of paragraphs and/or a bullet list. */
/** `mark`: a check for what is included, a cross for what is not. */
export function TextSection({ section, id, mark = 'check' }: { section: Section; id?: string; mark?: 'check' | 'cross' }) {
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {section.title}
      </h2>
      {section.paragraphs?.map((p) => (
        <p key={p} className="mt-3 leading-relaxed text-slate-700">
          {p}
        </p>
      ))}
      {section.items && (
        <ul className="mt-4 space-y-2.5">
          {section.items.map((item) => (
            <li key={item} className="flex gap-3 text-slate-700">
              <svg
                width="20"
                height="20"
                viewBox="0 0 20 20"
                aria-hidden="true"
                className={`mt-0.5 shrink-0 ${mark === 'check' ? 'text-brand-600' : 'text-red-600'}`}
              >
                <path
                  d={mark === 'check' ? 'M4 10.5l4 4 8-9' : 'M5.5 5.5l9 9m0-9l-9 9'}
                  stroke="currentColor"
                  strokeWidth="2.2"
                  fill="none"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="leading-relaxed">{item}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
