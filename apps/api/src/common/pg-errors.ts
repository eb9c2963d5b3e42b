/** The driver's error and the one drizzle wraps as `cause`: where PostgreSQL's code and constraint are. */
export const pgErrors = (err: unknown) =>
  [err, (err as { cause?: unknown } | null)?.cause] as (
    { code?: unknown; constraint?: unknown } | null | undefined
  )[];

/** Whether the error is a unique violation of `constraint` (a concurrent save took the value first). */
export const isUniqueViolation = (err: unknown, constraint: string): boolean =>
  pgErrors(err).some((e) => e?.code === '23505' && e.constraint === constraint);
