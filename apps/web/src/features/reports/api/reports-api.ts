import type { PriceComparisonLatest, PriceComparisonRequest, PriceComparisonResponse, ReportUsage } from '@grandline/core/contracts/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend, apiSendForText } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { USER_SCOPE } from '@/lib/session';

export const reportKeys = {
  usage: () => [USER_SCOPE, 'reports', 'usage'] as const,
  latest: () => [USER_SCOPE, 'reports', 'latest'] as const,
};

/** Reports left this week and CSV exports left this month on the user's plan. */
export const reportUsageQuery = () =>
  queryOptions({
    queryKey: reportKeys.usage(),
    queryFn: ({ signal }) => apiGet<ReportUsage>('/reports/price-comparison/usage', undefined, { signal }),
    staleTime: 30_000,
  });

export const useReportUsage = () => useQuery(reportUsageQuery());

/** The week's report as it was answered (or null), and whether a run is allowed now (issue 46). */
export const latestReportQuery = () =>
  queryOptions({
    queryKey: reportKeys.latest(),
    queryFn: ({ signal }) => apiGet<PriceComparisonLatest>('/reports/price-comparison/latest', undefined, { signal }),
    staleTime: 30_000,
  });

export const useLatestReport = () => useQuery(latestReportQuery());

const refreshUsage = () => Promise.all([queryClient.invalidateQueries({ queryKey: reportKeys.usage() }), queryClient.invalidateQueries({ queryKey: reportKeys.latest() })]);

export const reportsApi = {
  /** Runs a report (it counts against the weekly limit when it finds rows, and becomes the week's report); the usage is read again after. */
  run: async (body: PriceComparisonRequest, signal?: AbortSignal) => {
    try {
      const result = await apiSend<PriceComparisonResponse>('POST', '/reports/price-comparison', body, { signal });
      queryClient.setQueryData(reportKeys.usage(), result.usage);
      void queryClient.invalidateQueries({ queryKey: reportKeys.latest() });
      return result;
    } catch (err) {
      void refreshUsage();
      throw err;
    }
  },
  /** The CSV of a run (counts one CSV export of the month). */
  exportCsv: async (reportId: string) => {
    try {
      return await apiSendForText('POST', `/reports/price-comparison/${encodeURIComponent(reportId)}/export`);
    } finally {
      void refreshUsage();
    }
  },
};
