import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
} from 'lucide-react';
import { type Ref, useEffect, useImperativeHandle, useState } from 'react';
import { buttonClasses } from '../ui/button-styles';
import { controlClasses, FieldMessages, useFieldIds } from '../ui/form-field';
import type { RichTextEditorProps } from './lazy-rich-text-editor';

/** What the toolbar shows as pressed, read from the editor on each change. */
function useActiveMarks(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: !current.isDestroyed && current.can().undo(),
      canRedo: !current.isDestroyed && current.can().redo(),
    }),
  });
}

type ToolbarButtonProps = {
  label: string;
  icon: LucideIcon;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
};

function ToolbarButton({ label, icon: Icon, pressed, disabled, onClick }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the selection in the editor while clicking the toolbar.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`inline-flex size-9 items-center justify-center rounded-md text-stone-700 transition-colors hover:bg-stone-100 disabled:opacity-40 ${
        pressed ? 'bg-brand-50 text-brand-800' : ''
      }`}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

/** The link row under the toolbar: an address field, Apply and Remove. */
function LinkRow({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [href, setHref] = useState(
    () => (editor.getAttributes('link').href as string | undefined) ?? 'https://',
  );
  const apply = () => {
    const address = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (address === '' || address === 'https://') chain.unsetLink().run();
    else chain.setLink({ href: address }).run();
    onClose();
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-stone-200 border-b px-2 py-2">
      <input
        type="url"
        aria-label="Link address"
        value={href}
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
          if (event.key === 'Escape') onClose();
        }}
        className={controlClasses(undefined, 'h-9 min-w-0 flex-1 text-sm')}
      />
      <button type="button" onClick={apply} className={buttonClasses({ size: 'sm' })}>
        Apply
      </button>
      <button
        type="button"
        onClick={() => {
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
          onClose();
        }}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        Remove
      </button>
    </div>
  );
}

function Toolbar({ editor, onLink }: { editor: Editor; onLink: () => void }) {
  const active = useActiveMarks(editor);
  const run = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap gap-0.5 border-stone-200 border-b p-1"
    >
      <ToolbarButton
        label="Bold"
        icon={Bold}
        pressed={active.bold}
        onClick={() => run().toggleBold().run()}
      />
      <ToolbarButton
        label="Italic"
        icon={Italic}
        pressed={active.italic}
        onClick={() => run().toggleItalic().run()}
      />
      <ToolbarButton
        label="Underline"
        icon={Underline}
        pressed={active.underline}
        onClick={() => run().toggleUnderline().run()}
      />
      <ToolbarButton
        label="Strikethrough"
        icon={Strikethrough}
        pressed={active.strike}
        onClick={() => run().toggleStrike().run()}
      />
      <ToolbarButton
        label="Heading"
        icon={Heading2}
        pressed={active.heading2}
        onClick={() => run().toggleHeading({ level: 2 }).run()}
      />
      <ToolbarButton
        label="Subheading"
        icon={Heading3}
        pressed={active.heading3}
        onClick={() => run().toggleHeading({ level: 3 }).run()}
      />
      <ToolbarButton
        label="Bulleted list"
        icon={List}
        pressed={active.bulletList}
        onClick={() => run().toggleBulletList().run()}
      />
      <ToolbarButton
        label="Numbered list"
        icon={ListOrdered}
        pressed={active.orderedList}
        onClick={() => run().toggleOrderedList().run()}
      />
      <ToolbarButton
        label="Quote"
        icon={Quote}
        pressed={active.blockquote}
        onClick={() => run().toggleBlockquote().run()}
      />
      <ToolbarButton label="Link" icon={Link2} pressed={active.link} onClick={onLink} />
      <ToolbarButton
        label="Undo"
        icon={Undo2}
        disabled={!active.canUndo}
        onClick={() => run().undo().run()}
      />
      <ToolbarButton
        label="Redo"
        icon={Redo2}
        disabled={!active.canRedo}
        onClick={() => run().redo().run()}
      />
    </div>
  );
}

/**
 * The admin's rich-text field (TipTap): a toolbar for the markup the server's allow-list keeps
 * (apps/api/src/lib/rich-text.ts) and an editable area, labelled and described like every field.
 * Load it through `LazyRichTextEditor`, so the editor stays out of the public pages' JavaScript.
 */
export default function RichTextEditor({
  label,
  error,
  description,
  value,
  onChange,
  ref,
}: RichTextEditorProps & { ref?: Ref<{ focus: () => void }> }) {
  const { control, errorId, descriptionId } = useFieldIds({ error, description });
  const labelId = `${control.id}-label`;
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          protocols: ['mailto', 'tel'],
          HTMLAttributes: { rel: 'noopener noreferrer' },
        },
      }),
      Image,
    ],
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: {
        id: control.id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(control['aria-invalid'] ? { 'aria-invalid': 'true' } : {}),
        ...(control['aria-describedby'] ? { 'aria-describedby': control['aria-describedby'] } : {}),
        class: 'rich-text min-h-48 px-3.5 py-3 focus:outline-none',
      },
    },
  });

  // A form reset (or a record loaded after the editor) replaces the content without an update event.
  // useEditor can hand back an instance it has just destroyed (it recreates on remount), whose
  // getHTML throws since TipTap 3.23 (ueberdosis/tiptap#8232): skip it, the live one follows.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== (editor.isEmpty ? '' : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  useImperativeHandle(ref, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  return (
    <div>
      <span id={labelId} className="font-medium text-sm text-stone-800">
        {label}
      </span>
      <div
        className={`mt-1.5 overflow-hidden rounded-lg border bg-white focus-within:outline-2 ${
          error
            ? 'border-red-600 focus-within:outline-red-600/30'
            : 'border-stone-300 focus-within:outline-brand-500/30'
        }`}
      >
        {editor && <Toolbar editor={editor} onLink={() => setLinkOpen((open) => !open)} />}
        {editor && linkOpen && <LinkRow editor={editor} onClose={() => setLinkOpen(false)} />}
        <EditorContent editor={editor} />
      </div>
      <FieldMessages
        error={error}
        errorId={errorId}
        description={description}
        descriptionId={descriptionId}
      />
    </div>
  );
}
