/** Every cache key of the signed-in user's own data: a profile or representatives save invalidates `all`. */
export const profileKeys = {
  all: ['profile'] as const,
  userData: () => [...profileKeys.all, 'user-data'] as const,
};
