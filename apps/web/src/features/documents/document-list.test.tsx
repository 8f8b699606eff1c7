import { type DocumentCollection, mgbGuidelinesCollection } from '@portal/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentList, groupDocumentsByCategory } from './document-list';

const collection: DocumentCollection = {
  id: 'associationForms',
  folder: 'association-forms',
  publicPath: '/test-forms',
  access: 'public',
  categories: ['Standards', 'Forms', 'Meeting Documents'],
  documents: [
    {
      title: 'Proxy form',
      description: 'Appoint a proxy.',
      type: 'pdf',
      filename: 'proxy.pdf',
      category: 'Meeting Documents',
    },
    {
      title: 'Code of conduct',
      description: 'How we behave.',
      type: 'pdf',
      filename: 'code.pdf',
      category: 'Standards',
    },
    {
      title: 'Update form',
      description: 'New address.',
      type: 'doc',
      filename: 'update.doc',
      category: 'Forms',
    },
    {
      title: 'Minutes template',
      description: 'Record it.',
      type: 'pdf',
      filename: 'minutes.pdf',
      category: 'Meeting Documents',
    },
  ],
};

describe('groupDocumentsByCategory', () => {
  it('groups in the collection’s category order, keeping each document’s order', () => {
    const groups = groupDocumentsByCategory(collection);
    expect(groups.map((group) => group.category)).toEqual(['Standards', 'Forms', 'Meeting Documents']);
    expect(groups[2]?.documents.map((document) => document.filename)).toEqual(['proxy.pdf', 'minutes.pdf']);
  });

  it('leaves out categories without documents', () => {
    const groups = groupDocumentsByCategory({ ...collection, documents: collection.documents.slice(0, 2) });
    expect(groups.map((group) => group.category)).toEqual(['Standards', 'Meeting Documents']);
  });
});

describe('DocumentList', () => {
  it('renders one section per category with title, description, type badge and download link', () => {
    render(<DocumentList collection={collection} />);

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Standards', 'Forms', 'Meeting Documents']);

    const forms = screen.getByRole('region', { name: 'Forms' });
    expect(within(forms).getByRole('heading', { level: 3, name: 'Update form' })).toBeInTheDocument();
    expect(within(forms).getByText('New address.')).toBeInTheDocument();
    expect(within(forms).getByText('DOC')).toBeInTheDocument();
    const link = within(forms).getByRole('link', { name: 'Download Update form (DOC)' });
    expect(link).toHaveAttribute('href', '/test-forms/update.doc');
    expect(link).toHaveAttribute('download', 'update.doc');

    const meetings = screen.getByRole('region', { name: 'Meeting Documents' });
    expect(within(meetings).getAllByRole('listitem')).toHaveLength(2);
  });

  it('lists the MGB catalogue under the spec’s three headings with links under /mgb-guidelines-and-forms/', () => {
    render(<DocumentList collection={mgbGuidelinesCollection} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Guidelines',
      'Application Forms',
      'Work Programs and Manuals',
    ]);
    for (const link of screen.getAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(/^\/mgb-guidelines-and-forms\/[a-z0-9-]+\.pdf$/);
    }
  });
});
