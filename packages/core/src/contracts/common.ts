import { z } from 'zod';

/**
 * A query parameter holding one or several values: `?color=Red,Green` or `?color=Red&color=Green`.
 * Empty parts are dropped; an empty list means "no filter".
 */
export const multiValue = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((v) => String(v).split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    return parts.length ? parts : undefined;
  }, z.array(item).max(50).optional());

/** A non-negative integer query parameter. */
export const intParam = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(max).optional(),
  );

export const booleanParam = z.preprocess((v) => {
  if (v === undefined || v === '') return undefined;
  if (v === true || v === 'true' || v === '1') return true;
  if (v === false || v === 'false' || v === '0') return false;
  return v;
}, z.boolean().optional());

export const Paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
