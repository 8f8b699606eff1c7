import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyRichTextEditor } from './lazy-rich-text-editor';
import { RichTextContent } from './rich-text-content';

function Harness({ initial = '' }: { initial?: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <LazyRichTextEditor
        label="Content"
        value={html}
        onChange={setHtml}
        error={html ? undefined : 'Content is required'}
      />
      <output data-testid="html">{html}</output>
    </>
  );
}

/**
 * The editor is a lazy chunk (TipTap, some 400 KB) imported on first render; on a busy machine that
 * takes longer than Testing Library's default wait of one second.
 */

describe('LazyRichTextEditor', () => {
  // Typing is proven in the browser journeys: jsdom has no editing (beforeinput) for ProseMirror.
  it('is a labelled text box that carries its error', async () => {
    render(<Harness />);
    const box = await screen.findByRole('textbox', { name: 'Content' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Content is required');
  });

  it('shows a value given after it loaded (a record arriving, a form reset)', async () => {
    const { rerender } = render(<LazyRichTextEditor label="Content" value="" onChange={() => {}} />);
    await screen.findByRole('textbox', { name: 'Content' });
    rerender(<LazyRichTextEditor label="Content" value="<p>Loaded later</p>" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveTextContent('Loaded later');
  });

  it('shows the value it is given and formats with the toolbar', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>Agenda</p>" />);
    const box = await screen.findByRole('textbox', { name: 'Content' });
    expect(box).toHaveTextContent('Agenda');

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Heading' }));
    await waitFor(() => expect(screen.getByTestId('html')).toHaveTextContent('<h2>Agenda</h2>'));
    expect(screen.getByRole('button', { name: 'Heading' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('RichTextContent', () => {
  it('renders the stored HTML', () => {
    render(<RichTextContent html="<h2>Agenda</h2><p>Talks</p>" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Agenda' })).toBeInTheDocument();
  });
});
