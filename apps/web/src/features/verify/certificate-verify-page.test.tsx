import {
  type CertificateVerificationResponse,
  CPD_MESSAGES,
  certificateVerificationResponseSchema,
} from '@portal/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeRoute } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { CertificateVerifyPage } from './certificate-verify-page';

// The page is found by the certificate's code (docs/decisions/066) and shows only what checking
// the paper needs.
const CODE = 'q3Z8wJtq2v0YkL7nX1c9bA';
const certificate = {
  number: 'CPD-2026-00007',
  name: 'Maria Lourdes D. Santos',
  program: 'CPD Seminar: Structural Controls on Epithermal Gold Veins',
  dates: '15 October 2026',
  units: '7.5',
  role: 'participant',
  provider: 'Mineral Exploration Association of the Philippines',
} as const;

/** The verification of `code` answering `data`; the requests it took. */
const answering = (data: CertificateVerificationResponse['data'], code = CODE) =>
  fakeRoute('get', `/api/certificates/verify/${code}`, () =>
    answer(certificateVerificationResponseSchema, { data }),
  );

const renderAt = (code: string) =>
  renderWithRouter(<CertificateVerifyPage />, {
    path: `/certificates/verify/${code}`,
    route: '/certificates/verify/:code',
  });

describe('CertificateVerifyPage', () => {
  it('asks the API by the code in the address and shows who, what, when and the printed number', async () => {
    const asked = answering({ status: 'valid', ...certificate });
    renderAt(CODE);
    expect(await screen.findByText(CPD_MESSAGES.valid)).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    for (const shown of [certificate.name, certificate.program, certificate.dates, certificate.number]) {
      expect(screen.getByText(shown)).toBeInTheDocument();
    }
  });

  it('says a revoked certificate no longer counts, without a reason', async () => {
    answering({ status: 'revoked', ...certificate });
    renderAt(CODE);
    expect(await screen.findByText(CPD_MESSAGES.revoked)).toBeInTheDocument();
    expect(screen.getByText(CPD_MESSAGES.revokedDetail)).toBeInTheDocument();
  });

  it('says not found for an unknown code, or a printed number', async () => {
    answering({ status: 'not_found' }, 'CPD-2026-00007');
    renderAt('CPD-2026-00007');
    expect(await screen.findByText(CPD_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByText(CPD_MESSAGES.notFoundDetail)).toBeInTheDocument();
    expect(screen.queryByText(certificate.name)).not.toBeInTheDocument();
  });
});
