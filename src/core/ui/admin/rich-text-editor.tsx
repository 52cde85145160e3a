import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import Youtube from '@tiptap/extension-youtube';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useState } from 'react';
import { useT } from '~/core/i18n/use-locale';
import { adminMessages } from './messages';

/**
 * The rich-text field of SPEC section 5. Default tools: bold, italic, underline, ordered and
 * bullet lists, alignment; `media` adds link, image and video. The HTML goes into a hidden input
 * named `name` (the server sanitises it before storing).
 */
export function RichTextEditor({
  name,
  id,
  defaultValue = '',
  media = false,
  label,
  invalid,
  describedBy,
}: {
  name: string;
  id: string;
  defaultValue?: string;
  media?: boolean;
  label: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const t = useT(adminMessages);
  const [html, setHtml] = useState(defaultValue);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: media ? { openOnClick: false } : false, code: false, codeBlock: false }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      // Tables the sanitiser allows (e.g. a cookie list on a static page) survive editing.
      TableKit.configure({ table: { resizable: false } }),
      ...(media ? [Image, Youtube.configure({ nocookie: true })] : []),
    ],
    content: defaultValue,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'prose-content min-h-40 px-3 py-2 focus:outline-none',
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            ordered: e.isActive('orderedList'),
            bullet: e.isActive('bulletList'),
            left: e.isActive({ textAlign: 'left' }),
            center: e.isActive({ textAlign: 'center' }),
            right: e.isActive({ textAlign: 'right' }),
            justify: e.isActive({ textAlign: 'justify' }),
            link: e.isActive('link'),
          }
        : null,
  });

  const button = (key: string, label: string, active: boolean | undefined, run: () => void, glyph: ReactNode) => (
    <button
      key={key}
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={Boolean(active)}
      disabled={!editor}
      onClick={run}
      className={`min-w-8 rounded px-2 py-1 text-sm ${active ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-200'}`}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
  const chain = () => editor?.chain().focus();

  return (
    <div className={`rounded-md border ${invalid ? 'border-red-600' : 'border-slate-300'} bg-white`}>
      <div
        role="toolbar"
        aria-label={t('editor.toolbar')}
        aria-controls={editor ? id : undefined}
        className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1"
      >
        {button('b', t('editor.bold'), state?.bold, () => chain()?.toggleBold().run(), 'B')}
        {button('i', t('editor.italic'), state?.italic, () => chain()?.toggleItalic().run(), 'I')}
        {button('u', t('editor.underline'), state?.underline, () => chain()?.toggleUnderline().run(), 'U')}
        {button('ol', t('editor.orderedList'), state?.ordered, () => chain()?.toggleOrderedList().run(), '1.')}
        {button('ul', t('editor.bulletList'), state?.bullet, () => chain()?.toggleBulletList().run(), '•')}
        {button(
          'al',
          t('editor.alignLeft'),
          state?.left,
          () => chain()?.setTextAlign('left').run(),
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <rect x="1" y="2" width="14" height="2" fill="currentColor" />
            <rect x="1" y="6" width="9" height="2" fill="currentColor" />
            <rect x="1" y="10" width="14" height="2" fill="currentColor" />
            <rect x="1" y="14" width="9" height="2" fill="currentColor" />
          </svg>,
        )}
        {button(
          'ac',
          t('editor.alignCenter'),
          state?.center,
          () => chain()?.setTextAlign('center').run(),
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <rect x="1" y="2" width="14" height="2" fill="currentColor" />
            <rect x="4" y="6" width="8" height="2" fill="currentColor" />
            <rect x="1" y="10" width="14" height="2" fill="currentColor" />
            <rect x="4" y="14" width="8" height="2" fill="currentColor" />
          </svg>,
        )}
        {button(
          'ar',
          t('editor.alignRight'),
          state?.right,
          () => chain()?.setTextAlign('right').run(),
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <rect x="1" y="2" width="14" height="2" fill="currentColor" />
            <rect x="6" y="6" width="9" height="2" fill="currentColor" />
            <rect x="1" y="10" width="14" height="2" fill="currentColor" />
            <rect x="6" y="14" width="9" height="2" fill="currentColor" />
          </svg>,
        )}
        {button(
          'aj',
          t('editor.alignJustify'),
          state?.justify,
          () => chain()?.setTextAlign('justify').run(),
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <rect x="1" y="2" width="14" height="2" fill="currentColor" />
            <rect x="1" y="6" width="14" height="2" fill="currentColor" />
            <rect x="1" y="10" width="14" height="2" fill="currentColor" />
            <rect x="1" y="14" width="14" height="2" fill="currentColor" />
          </svg>,
        )}
        {media &&
          button(
            'link',
            t('editor.link'),
            state?.link,
            () => {
              const url = window.prompt(t('editor.linkPrompt'), editor?.getAttributes('link').href ?? '');
              if (url === null) return;
              if (url === '') chain()?.unsetLink().run();
              else chain()?.setLink({ href: url }).run();
            },
            'Link',
          )}
        {media &&
          button(
            'img',
            t('editor.image'),
            false,
            () => {
              const src = window.prompt(t('editor.imagePrompt'));
              if (src) chain()?.setImage({ src }).run();
            },
            'Img',
          )}
        {media &&
          button(
            'video',
            t('editor.video'),
            false,
            () => {
              const src = window.prompt(t('editor.videoPrompt'));
              if (src) chain()?.setYoutubeVideo({ src }).run();
            },
            'Video',
          )}
      </div>
      <EditorContent editor={editor} />
      {!editor && (
        // Before hydration (or without JS) the field is a plain textarea holding the HTML.
        <textarea name={name} aria-label={label} defaultValue={defaultValue} rows={6} className="block w-full px-3 py-2 text-sm" />
      )}
      {editor && <input type="hidden" name={name} value={html} />}
    </div>
  );
}
