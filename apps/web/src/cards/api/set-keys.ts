export const setKeys = {
  all: ['sets'] as const,
  list: () => [...setKeys.all, 'list'] as const,
  detail: (slug: string) => [...setKeys.all, 'detail', slug] as const,
};
