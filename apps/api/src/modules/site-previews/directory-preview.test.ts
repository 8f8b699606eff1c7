import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { directoryEntryPreview, withLinkPreview } from './service';

// docs/decisions/072 "Added on 2026-12-08": an entry's page offers its logo as og:image only when
// the guest's answer names it, which it does only for a public logo.
const config = { publicUrl: 'https://portal.example' } as Config;
const shell = '<!doctype html><html><head><title>Association</title></head><body></body></html>';
const entry = {
  id: '6f1d3c1e-4a7b-4f1e-9c55-0d2f4b6a8e10',
  kind: 'company',
  name: 'Caraga Copper Inc.',
  contactable: true,
} as const;

describe("a directory entry's link preview", () => {
  it('carries the public logo as og:image', () => {
    const logoUrl = `/api/directory/${entry.id}/logo?v=abc`;
    const html = withLinkPreview(shell, directoryEntryPreview(config, { ...entry, logoUrl }));
    expect(html).toContain(
      `<meta property="og:image" content="https://portal.example${logoUrl.replace('&', '&amp;')}" />`,
    );
    expect(html).toContain('<meta property="og:image:alt" content="Logo of Caraga Copper Inc." />');
  });

  it('has no image when the answer names no logo (members only, no one, or none)', () => {
    for (const answer of [entry, { ...entry, logoUrl: null }]) {
      expect(withLinkPreview(shell, directoryEntryPreview(config, answer))).not.toContain('og:image');
    }
  });
});
