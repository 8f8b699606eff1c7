/** A status as the news screens show it: 'draft' → 'Draft'. */
export const newsStatusLabel = (status: string) => `${status[0]?.toUpperCase() ?? ''}${status.slice(1)}`;
