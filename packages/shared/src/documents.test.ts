import { describe, expect, it } from 'vitest';
import {
  associationFormsCollection,
  DOCUMENT_COLLECTIONS,
  DOCUMENT_TYPES,
  getDocumentUrl,
  memberNewsCollection,
  membershipDocumentsCollection,
  mgbGuidelinesCollection,
} from './documents';
import { siteConfig } from './site-config';

const allDocuments = DOCUMENT_COLLECTIONS.flatMap((collection) => collection.documents);

describe('document catalogue', () => {
  it('gives every file a unique name across all collections', () => {
    const filenames = allDocuments.map((document) => document.filename);
    expect(new Set(filenames).size).toBe(filenames.length);
  });

  it('uses kebab-case file names whose extension matches the type', () => {
    for (const document of allDocuments) {
      expect(document.filename).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.(pdf|doc)$/);
      expect(document.filename.endsWith(`.${document.type}`)).toBe(true);
      expect(DOCUMENT_TYPES).toContain(document.type);
    }
  });

  it('files every document under one of its collection’s categories, and leaves no category empty', () => {
    for (const collection of DOCUMENT_COLLECTIONS) {
      const categories: readonly string[] = collection.categories;
      for (const document of collection.documents) {
        expect(categories).toContain(document.category);
      }
      for (const category of categories) {
        expect(collection.documents.some((document) => document.category === category)).toBe(true);
      }
    }
  });

  it('keeps the categories the spec names for each page', () => {
    expect(mgbGuidelinesCollection.categories).toEqual([
      'Guidelines',
      'Application Forms',
      'Work Programs and Manuals',
    ]);
    expect(associationFormsCollection.categories).toEqual(['Standards', 'Forms', 'Meeting Documents']);
    expect(memberNewsCollection.documents).toHaveLength(4);
    expect(membershipDocumentsCollection.documents).toHaveLength(2);
  });

  it('gives every document a title and a description', () => {
    for (const document of allDocuments) {
      expect(document.title.trim()).not.toBe('');
      expect(document.description.trim()).not.toBe('');
    }
  });

  it('builds public URLs from each collection’s path', () => {
    const [mgbDocument] = mgbGuidelinesCollection.documents;
    const [associationDocument] = associationFormsCollection.documents;
    const [newsDocument] = memberNewsCollection.documents;
    if (!mgbDocument || !associationDocument || !newsDocument) throw new Error('empty collection');

    expect(getDocumentUrl(mgbGuidelinesCollection, mgbDocument)).toBe(
      `/mgb-guidelines-and-forms/${mgbDocument.filename}`,
    );
    expect(getDocumentUrl(associationFormsCollection, associationDocument)).toBe(
      `/${siteConfig.acronym.toLowerCase()}-forms/${associationDocument.filename}`,
    );
    expect(getDocumentUrl(memberNewsCollection, newsDocument)).toBe(`/member-news/${newsDocument.filename}`);
    expect(getDocumentUrl({ publicPath: '/files' }, { ...newsDocument, filename: 'a b.pdf' })).toBe(
      '/files/a%20b.pdf',
    );
  });

  it('marks only Member’s News as members-only', () => {
    const memberOnly = DOCUMENT_COLLECTIONS.filter((collection) => collection.access === 'member');
    expect(memberOnly.map((collection) => collection.id)).toEqual(['memberNews']);
  });

  it('keeps each collection in its own folder and URL prefix', () => {
    const folders = DOCUMENT_COLLECTIONS.map((collection) => collection.folder);
    const paths = DOCUMENT_COLLECTIONS.map((collection) => collection.publicPath);
    expect(new Set(folders).size).toBe(folders.length);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/[a-z0-9-]+$/);
  });
});
