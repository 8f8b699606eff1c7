import { PageHeader } from '@/components/ui/page-header';
import { MeetingDocumentsList } from './meeting-documents-list';

/** /meeting-documents: the minutes and resolutions of the general meetings (members in good standing). */
export function MeetingDocumentsPage() {
  return (
    <>
      <PageHeader
        title="Minutes and resolutions"
        eyebrow="Members' area"
        intro="The minutes and resolutions of the association's general meetings, for members in good standing."
      />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <MeetingDocumentsList />
      </div>
    </>
  );
}
