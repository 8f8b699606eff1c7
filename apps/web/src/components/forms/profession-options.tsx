import { PROFESSIONS } from '@portal/shared';

/** The options of a profession select: every configured profession (packages/shared/src/cpd-transcript.ts). */
export function ProfessionOptions() {
  return PROFESSIONS.map((profession) => (
    <option key={profession.code} value={profession.code}>
      {profession.label}
    </option>
  ));
}
