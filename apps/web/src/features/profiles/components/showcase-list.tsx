import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Switch } from '@/components/ui/switch';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { bindersApi, myBindersQuery } from '@/features/binders/api/binders-api';
import { decksApi, myDecksQuery } from '@/features/decks/api/decks-api';
import { errorText } from '@/lib/error-text';
import { queryClient } from '@/lib/query-client';
import { notify } from '@/lib/toast';
import { profileKeys } from '@/features/profiles/api/profiles-api';

interface Item {
  id: string;
  name: string;
  isPublic: boolean;
  showOnProfile: boolean;
}

function ShowSwitch({ item, to, onChange, pending }: { item: Item; to: string; onChange: (on: boolean) => void; pending: boolean }) {
  const { t } = useTranslation('profile');
  const id = useId();
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="showcase-item">
      <Link to={to} className="min-w-0 flex-1 truncate text-sm font-medium hover:underline">
        {item.name}
      </Link>
      {item.isPublic ? (
        <>
          <label htmlFor={id} className="text-xs text-muted">
            {t('showcase.show')}
          </label>
          <Switch
            id={id}
            checked={item.showOnProfile}
            disabled={pending}
            onCheckedChange={onChange}
            aria-label={t('showcase.showItem', { name: item.name })}
            className="focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-wait"
            testId="showcase-switch"
          />
        </>
      ) : (
        <span className="inline-flex items-center gap-1 text-xs text-muted">
          <Lock className="h-3.5 w-3.5" aria-hidden />
          {t('showcase.private')}
        </span>
      )}
    </li>
  );
}

function List({ title, items, linkOf, update, listKey, isPending, isError, refetch, empty }: {
  title: string;
  items: Item[] | undefined;
  linkOf: (id: string) => string;
  update: (id: string, showOnProfile: boolean) => Promise<unknown>;
  listKey: QueryKey;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  empty: string;
}) {
  const { t } = useTranslation('profile');
  const mutation = useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => update(id, on),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all() });
    },
    onError: (err) => notify.error(errorText(err, 'profile:showcase.failed')),
  });
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {isPending ? (
        <Skeleton className="h-24" />
      ) : isError ? (
        <ErrorState title={t('showcase.loadFailed')} onRetry={refetch} />
      ) : !items?.length ? (
        <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
          {items.map((item) => (
            <ShowSwitch key={item.id} item={item} to={linkOf(item.id)} pending={mutation.isPending && mutation.variables?.id === item.id} onChange={(on) => mutation.mutate({ id: item.id, on })} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Which public decks and binders the profile lists (a private one is never listed). */
export function ShowcaseLists() {
  const { t } = useTranslation('profile');
  const decks = useQuery(myDecksQuery());
  const binders = useQuery(myBindersQuery());
  return (
    <div className="grid grid-cols-1 gap-5 md:grid-cols-2" data-testid="showcase">
      <List
        title={t('decks.title')}
        items={decks.data}
        linkOf={(id) => `/deck/${id}`}
        update={(id, showOnProfile) => decksApi.update(id, { showOnProfile })}
        listKey={myDecksQuery().queryKey}
        isPending={decks.isPending}
        isError={decks.isError}
        refetch={() => void decks.refetch()}
        empty={t('showcase.noDecks')}
      />
      <List
        title={t('binders.title')}
        items={binders.data?.filter((b) => b.category !== 'wishlist')}
        linkOf={(id) => `/collection/${id}`}
        update={(id, showOnProfile) => bindersApi.update(id, { showOnProfile })}
        listKey={myBindersQuery().queryKey}
        isPending={binders.isPending}
        isError={binders.isError}
        refetch={() => void binders.refetch()}
        empty={t('showcase.noBinders')}
      />
    </div>
  );
}
