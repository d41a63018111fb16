import { createRoute, z } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { PriceComparisonLatest, PriceComparisonRequest, PriceComparisonResponse, ReportIdParam, ReportUsage, type PriceComparisonParams } from '@grandline/core/contracts/reports';
import { requireAcceptedTerms, requireUser, sessionPlan } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import { exportPriceComparison, latestPriceComparison, reportUsage, runPriceComparison } from './price-comparison.service';

const gate = {
  401: jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'"),
};
const limited = jsonContent(
  ErrorResponse,
  "Terms not accepted (TOS_REQUIRED), or the plan's limit reached (PLAN_LIMIT): 'Free plan allows 1 report per week. Upgrade to continue.' for reports, the locked-feature message for CSV exports",
);

export const reportsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/reports/price-comparison/usage',
      tags: ['reports'],
      summary: "Reports left this UTC ISO week and CSV exports left this UTC month on the user's plan",
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(ReportUsage, 'Limits (null: unlimited), used and remaining'), ...gate },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await reportUsage({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id) }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/reports/price-comparison/latest',
      tags: ['reports'],
      summary: "The week's report: the latest report that found rows this UTC ISO week, as it was answered, and whether a run is allowed now",
      description:
        'Its parameters and rows (on Free the 3-row preview) are kept, not run again, until the week resets (`resetsAt`, next Monday 00:00 UTC); `report` is null when none was run this week. `runAllowed` is false when the weekly reports are used up.',
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(PriceComparisonLatest, "The week's report (or null), runAllowed, resetsAt and the usage"), ...gate },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await latestPriceComparison({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id) }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reports/price-comparison',
      tags: ['reports'],
      summary: "Compare the reference market's price of each print of a binder, the portfolio or a deck with the lowest of the compared markets",
      description:
        'Amounts are integer hundredths of `currency`. A report that finds rows counts as one run of the UTC ISO week and is kept as the week\'s report (GET /reports/price-comparison/latest); on Free the answer is a preview of the first 3 rows without pagination. Past the weekly limit: 403 PLAN_LIMIT with `resetsAt`.',
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'application/json': { schema: PriceComparisonRequest } }, required: true } },
      responses: {
        200: jsonContent(PriceComparisonResponse, 'One page of rows (or the preview), the total and the reports left'),
        400: jsonContent(ErrorResponse, "'Missing reference', 'No comparison markets', 'Selection required', a bad filter, or an empty selection (REPORT_EMPTY_SCOPE)"),
        ...gate,
        403: limited,
        404: jsonContent(ErrorResponse, 'No such binder of the user, or no deck the user may read'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      const params = c.req.valid('json') as PriceComparisonParams;
      return c.json(await runPriceComparison({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), params, config: c.var.deps.config.prices }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reports/price-comparison/{id}/export',
      tags: ['reports'],
      summary: 'Download a report the user ran as CSV (on today\'s prices; the rows the plan shows); counts one CSV export of the month',
      middleware: [requireAcceptedTerms] as const,
      request: { params: ReportIdParam },
      responses: {
        200: { content: { 'text/csv': { schema: z.string() } }, description: 'The file, as an attachment' },
        400: jsonContent(ErrorResponse, "'No cards to export', or a bad report id"),
        ...gate,
        403: limited,
        404: jsonContent(ErrorResponse, 'No such report of this user (REPORT_NOT_FOUND)'),
      },
    }),
    async (c) => {
      const file = await exportPriceComparison({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), id: c.req.valid('param').id, config: c.var.deps.config.prices });
      return c.body(file.csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="price-comparison.csv"',
        'Cache-Control': 'private, no-store',
      });
    },
  );
