import { useDebouncedValue } from '@/lib/use-debounced-callback';
import type { AdminUser, AdminUserListResponse } from '@grandline/core/contracts/account';
import type { BillingStatusResponse } from '@grandline/core/contracts/billing';
import { PLAN_IDS, type PlanId } from '@grandline/core/plans';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { tabList, tabTrigger } from '@/components/ui/styles';
import { useSession, USER_SCOPE } from '@/lib/session';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState } from '@/components/ui/query-states';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { apiGet, apiSend } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { Pagination } from '@/components/ui/pagination';
import { PageTitle } from '@/components/page-title';
import { formatDate } from '@/lib/format';
import { Tabs } from '@/components/ui/tabs';

const PAGE_SIZE = 25;

const AdminPrices = lazy(() => import('./components/admin-prices').then((m) => ({ default: m.AdminPrices })));
const AdminTournaments = lazy(() => import('./components/admin-tournaments').then((m) => ({ default: m.AdminTournaments })));
const AdminRegulations = lazy(() => import('./components/admin-regulations').then((m) => ({ default: m.AdminRegulations })));
const AdminContactMessages = lazy(() => import('./components/admin-contact-messages').then((m) => ({ default: m.AdminContactMessages })));
const AdminReportedComments = lazy(() => import('./components/admin-reported-comments').then((m) => ({ default: m.AdminReportedComments })));
const TABS = ['users', 'prices', 'tournaments', 'rules', 'messages', 'comments'] as const;

/**
 * /admin (admins only): the users (search, roles, complimentary plans); at ?tab=prices the price sources, runs, files and pins; at
 * ?tab=tournaments the tournament source, runs, an upload, the numbers the library lacks and format corrections; at ?tab=rules
 * the banned, restricted and paired cards decks are judged on; at ?tab=messages the contact form's messages; at ?tab=comments
 * the comments users reported.
 */
export function AdminPage() {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'users';
  return (
    <div className="flex flex-col gap-5" data-testid="admin-page">
      <PageTitle title={t('admin.title')} />
      <PageHeader title={t('admin.title')} description={t('admin.lead')} />
      <Tabs.Root value={tab} onValueChange={(v) => setParams(v === 'users' ? {} : { tab: v }, { replace: true })}>
        <Tabs.List aria-label={t('admin.title')} className={`mb-5 ${tabList}`}>
          <Tabs.Trigger value="users" className={tabTrigger} data-testid="admin-tab-users">
            {t('admin.tabs.users')}
          </Tabs.Trigger>
          <Tabs.Trigger value="prices" className={tabTrigger} data-testid="admin-tab-prices">
            {t('admin.tabs.prices')}
          </Tabs.Trigger>
          <Tabs.Trigger value="tournaments" className={tabTrigger} data-testid="admin-tab-tournaments">
            {t('admin.tabs.tournaments')}
          </Tabs.Trigger>
          <Tabs.Trigger value="rules" className={tabTrigger} data-testid="admin-tab-rules">
            {t('admin.tabs.rules')}
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" className={tabTrigger} data-testid="admin-tab-messages">
            {t('admin.tabs.messages')}
          </Tabs.Trigger>
          <Tabs.Trigger value="comments" className={tabTrigger} data-testid="admin-tab-comments">
            {t('admin.tabs.comments')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users" className="outline-none">
          <AdminUsers />
        </Tabs.Content>
        <Tabs.Content value="prices" className="outline-none">
          <Suspense fallback={<PageLoading />}>
            <AdminPrices />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="tournaments" className="outline-none">
          <Suspense fallback={<PageLoading />}>
            <AdminTournaments />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="rules" className="outline-none">
          <Suspense fallback={<PageLoading />}>
            <AdminRegulations />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="messages" className="outline-none">
          <Suspense fallback={<PageLoading />}>
            <AdminContactMessages />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="comments" className="outline-none">
          <Suspense fallback={<PageLoading />}>
            <AdminReportedComments />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function AdminUsers() {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q.trim(), 200);
  // The page number belongs to one search: a new search starts on page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });

  const users = useQuery({
    queryKey: [USER_SCOPE, 'admin-users', search, page],
    queryFn: ({ signal }) => apiGet<AdminUserListResponse>('/admin/users', { q: search, page, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const changeRole = useMutation({
    // 204: the toast names what was asked.
    mutationFn: ({ user, role }: { user: AdminUser; role: AdminUser['role'] }) => apiSend<void>('PUT', `/admin/users/${encodeURIComponent(user.id)}/role`, { role }),
    onSuccess: (_done, { user, role }) => {
      notify.success(t('admin.roleChanged', { email: user.email, role: t(`admin.roles.${role}`) }));
      void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'admin-users'] });
    },
    onError: (err) => notify.error(errorText(err, 'admin:admin.roleFailed')),
  });
  const changePlan = useMutation({
    mutationFn: ({ user, plan }: { user: AdminUser; plan: PlanId }) => apiSend<BillingStatusResponse>('PUT', `/admin/users/${encodeURIComponent(user.id)}/plan`, { plan }),
    onSuccess: (_status, { user, plan }) => {
      notify.success(plan === 'free' ? t('admin.planRemoved', { email: user.email }) : t('admin.planChanged', { email: user.email, plan: t(`common:plans.names.${plan}`) }));
      void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'admin-users'] });
    },
    onError: (err) => notify.error(errorText(err, 'admin:admin.planFailed')),
  });
  const columns = useUserColumns({
    onRole: (user, role) => changeRole.mutate({ user, role }),
    onPlan: (user, plan) => changePlan.mutate({ user, plan }),
    busy: { role: changeRole.isPending, plan: changePlan.isPending },
  });

  return (
    <div className="flex flex-col gap-5">
      <SearchInput label={t('admin.search')} placeholder={t('admin.searchPlaceholder')} value={q} onChange={(e) => setQ(e.target.value)} className="max-w-md" />
      {users.isError ? (
        <ErrorState title={t('admin.loadFailed')} onRetry={() => void users.refetch()} />
      ) : users.data?.items.length === 0 ? (
        <EmptyState icon={<Users className="h-10 w-10" aria-hidden />} title={t('admin.empty')}>
          {search ? t('admin.emptySearch', { q: search }) : null}
        </EmptyState>
      ) : (
        <>
          {/* Its line is kept while the rows load, so the table does not move down when the count comes. */}
          <p className="min-h-5 text-sm text-muted" aria-live="polite">
            {users.data && t('admin.count', { count: users.data.total })}
          </p>
          <DataTable
            columns={columns}
            rows={users.data?.items ?? []}
            rowKey={(u) => u.id}
            rowProps={() => ({ 'data-testid': 'admin-user-row' })}
            loading={users.isPending}
            loadingRows={6}
            aria-label={t('admin.tabs.users')}
            density="roomy"
            tableClassName="sm:min-w-[48rem]"
          />
          {users.data && <Pagination page={page} pageCount={Math.ceil(users.data.total / PAGE_SIZE)} onPage={setPage} />}
        </>
      )}
    </div>
  );
}

interface UserActions {
  onRole: (user: AdminUser, role: AdminUser['role']) => void;
  onPlan: (user: AdminUser, plan: PlanId) => void;
  busy: { role: boolean; plan: boolean };
}

/** The users table's columns: who, user name, e-mail status, joined, the complimentary plan and the role (both editable). */
function useUserColumns({ onRole, onPlan, busy }: UserActions): DataTableColumn<AdminUser>[] {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const { me } = useSession();
  return [
    {
      id: 'user',
      header: t('admin.columns.user'),
      cell: (u) => (
        <div className="min-w-0 break-words">
          {/* What the app calls the user: display name, else user name; never the e-mail's local part. */}
          <div className="font-medium">{u.displayName ?? (u.username ? `@${u.username}` : <span className="text-muted">{t('admin.noName')}</span>)}</div>
          <div className="text-xs text-muted">{u.email}</div>
        </div>
      ),
    },
    { id: 'username', header: t('admin.columns.username'), cell: (u) => (u.username ? `@${u.username}` : <span className="text-muted">—</span>) },
    { id: 'status', header: t('admin.columns.status'), cell: (u) => (u.emailConfirmed ? t('admin.confirmed') : <span className="text-muted">{t('admin.unconfirmed')}</span>) },
    { id: 'joined', header: t('admin.columns.joined'), cellClassName: 'tabular-nums', cell: (u) => formatDate(u.createdAt) },
    {
      id: 'plan',
      header: t('admin.columns.plan'),
      cell: (u) => (
        <>
          <Select
            label={t('admin.planFor', { email: u.email })}
            value={u.complimentaryPlan ?? 'free'}
            compact
            onValueChange={(plan) => onPlan(u, plan as PlanId)}
            options={PLAN_IDS.map((p) => ({ value: p, label: t(`common:plans.names.${p}`) }))}
            disabled={busy.plan}
          />
          {u.plan !== (u.complimentaryPlan ?? 'free') && <div className="mt-1 text-xs text-muted">{t('admin.planSubscribed', { plan: t(`common:plans.names.${u.plan}`) })}</div>}
        </>
      ),
    },
    {
      id: 'role',
      header: t('admin.columns.role'),
      cell: (u) => (
        <>
          <Select
            label={t('admin.roleFor', { email: u.email })}
            value={u.role}
            compact
            onValueChange={(role) => onRole(u, role as AdminUser['role'])}
            options={(['user', 'admin'] as const).map((r) => ({ value: r, label: t(`admin.roles.${r}`) }))}
            disabled={u.id === me?.user.id || busy.role}
          />
          {u.id === me?.user.id && <span className="sr-only">{t('admin.ownRole')}</span>}
        </>
      ),
    },
  ];
}
