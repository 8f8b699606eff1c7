import {
  BOARD_MESSAGES,
  BOARD_SKELETON,
  type BoardMember,
  groupBoardMembers,
  siteConfig,
} from '@portal/shared';
import { useEffect, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { usePublicBoardMembers } from './api/get-board-members';
import { BoardMemberCard } from './components/board-member-card';
import { BoardMemberModal } from './components/board-member-modal';

const officerGrid = 'grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4';
const trusteeGrid = 'grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4';

/**
 * /board-of-trustees (spec 001 §2, §4, docs/product-rules.md "Board"): active members only,
 * officers under 'Executive Leadership' in the decided order, trustees under 'Board Trustees' by
 * display order, the general members group, and a detail modal per member. A failed call is logged
 * and shows the empty groups (spec 001 §8).
 */
export function BoardOfTrusteesPage() {
  // A failed call leaves no data: the groups are empty.
  const { data: list = [], isPending, isError, error } = usePublicBoardMembers();
  const [selected, setSelected] = useState<BoardMember | null>(null);

  useEffect(() => {
    if (isError) console.error('Failed to load the board of trustees', error);
  }, [isError, error]);

  const groups = groupBoardMembers(list);

  return (
    <>
      <PageHeader
        eyebrow="About"
        title="Board of Trustees"
        intro={`The volunteers elected by the members to lead the ${siteConfig.name}.`}
      />

      <div className="mx-auto max-w-6xl space-y-20 px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <BoardSection id="executive-heading" title="Executive Leadership">
          {isPending ? (
            <CardSkeletons count={BOARD_SKELETON.officers} className={officerGrid} />
          ) : (
            groups.executives.length > 0 && (
              <ul className={officerGrid}>
                {groups.executives.map((member) => (
                  <li key={member.id}>
                    <BoardMemberCard member={member} onOpen={setSelected} emphasis />
                  </li>
                ))}
              </ul>
            )
          )}
        </BoardSection>

        <BoardSection id="trustees-heading" title="Board Trustees">
          {isPending ? (
            <CardSkeletons count={BOARD_SKELETON.trustees} className={trusteeGrid} />
          ) : groups.trustees.length === 0 ? (
            <p className="rounded-xl border border-stone-300 border-dashed bg-white px-6 py-10 text-center text-stone-600">
              {BOARD_MESSAGES.noTrustees}
            </p>
          ) : (
            <ul className={trusteeGrid}>
              {groups.trustees.map((member) => (
                <li key={member.id}>
                  <BoardMemberCard member={member} onOpen={setSelected} />
                </li>
              ))}
            </ul>
          )}
        </BoardSection>

        {groups.members.length > 0 && (
          <BoardSection id="members-heading" title="Members of the Board">
            <ul className={trusteeGrid}>
              {groups.members.map((member) => (
                <li key={member.id}>
                  <BoardMemberCard member={member} onOpen={setSelected} />
                </li>
              ))}
            </ul>
          </BoardSection>
        )}

        <section
          aria-labelledby="commitment-heading"
          className="rounded-2xl bg-brand-900 p-7 text-brand-50 sm:p-10"
        >
          <h2 id="commitment-heading" className="font-display font-semibold text-2xl text-white sm:text-3xl">
            Leadership Commitment
          </h2>
          <div className="mt-4 max-w-3xl space-y-4 leading-relaxed">
            <p>
              Our trustees give their time without pay. They are geologists, engineers, executives and
              advisers who know exploration from the field to the boardroom, and they answer to the members
              who elect them each year.
            </p>
            <p>
              The board commits to governing the association openly and fairly: to speak for responsible
              exploration in dialogue with government, to uphold good technical and reporting practice, and to
              keep the association a place where every member, large or small, is heard.
            </p>
          </div>
        </section>
      </div>

      <BoardMemberModal member={selected} onClose={() => setSelected(null)} />
    </>
  );
}

function BoardSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-8 font-display font-semibold text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function CardSkeletons({ count, className }: { count: number; className: string }) {
  return (
    <div role="status" aria-label="Loading board members" className={className}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
        <div key={index} className="overflow-hidden rounded-xl border border-stone-200 bg-white">
          <Skeleton className="aspect-[4/5] w-full rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-5 w-3/4" />
          </div>
        </div>
      ))}
    </div>
  );
}
